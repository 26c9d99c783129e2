import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationKind, NotificationSettingsAnswer } from '@/contract/notifications'
import { requestEndpoint } from '@/lib/call-endpoint'

/*
 * Issue 21: the member's notification settings (GET /api/notifications/settings) for the
 * organization the session acts for, and one switch changed at a time
 * (POST /api/notifications/settings/update), shown at once and put back if the server refuses.
 */

/** Keyed by the member and the organization: switching organization reads the other one's. */
export const notificationSettingsKey = (vendorUserId: string, organizationId: string | undefined) =>
  ['notification-settings', vendorUserId, organizationId ?? null] as const

export const notificationSettingsQueryOptions = (vendorUserId: string, organizationId: string | undefined) =>
  queryOptions({
    queryKey: notificationSettingsKey(vendorUserId, organizationId),
    queryFn: ({ signal }) => requestEndpoint('notificationSettings', undefined, { signal }),
  })

const UPDATE_KEY = ['notification-settings', 'update'] as const

type Change = { kind: NotificationKind; enabled: boolean }

const withSwitch = (
  answer: NotificationSettingsAnswer,
  { kind, enabled }: Change,
): NotificationSettingsAnswer => ({
  ...answer,
  settings: answer.settings.map((setting) => (setting.kind === kind ? { ...setting, enabled } : setting)),
})

/**
 * Changes one switch: the cached settings show it at once; a refusal puts that switch back (the
 * failure's toast is the query client's, docs/decisions/0014). The answer replaces the cache
 * unless another change is still on its way (its own answer comes after).
 */
export function useUpdateNotificationSettingMutation(
  vendorUserId: string,
  organizationId: string | undefined,
) {
  const queryClient = useQueryClient()
  const key = notificationSettingsKey(vendorUserId, organizationId)
  return useMutation({
    mutationKey: UPDATE_KEY,
    mutationFn: (change: Change) => requestEndpoint('updateNotificationSetting', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<NotificationSettingsAnswer>(key)
      const was = before?.settings.find((setting) => setting.kind === change.kind)?.enabled
      if (before) queryClient.setQueryData(key, withSwitch(before, change))
      return { was }
    },
    onError: (_error, change, context) => {
      const now = queryClient.getQueryData<NotificationSettingsAnswer>(key)
      if (now && context?.was !== undefined)
        queryClient.setQueryData(key, withSwitch(now, { kind: change.kind, enabled: context.was }))
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey: UPDATE_KEY }) <= 1) queryClient.setQueryData(key, answer)
    },
  })
}
