import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  LabNotificationKind,
  LabNotificationSettingsAnswer,
  NotificationKind,
  NotificationSettingsAnswer,
} from '@/contract/notifications'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys, queryKeys } from '@/lib/query-keys'

/*
 * The member's notification settings (GET /api/notifications/settings) for the
 * organization the session acts for, and a lab staff member's own (GET
 * /api/lab/notifications/settings, docs/decisions/0028 point 9); one switch changed at a time,
 * shown at once and put back if the server refuses.
 */

/** Keyed by the organization and the member: switching organization reads the other one's. */
export const notificationSettingsQueryOptions = (organizationId: OrganizationId, vendorUserId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).notificationSettings(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('notificationSettings', undefined, { signal }),
  })

/** Keyed by the staff member. */
export const labNotificationSettingsQueryOptions = (staffId: string) =>
  queryOptions({
    queryKey: queryKeys.labNotificationSettings(staffId),
    queryFn: ({ signal }) => requestEndpoint('labNotificationSettings', undefined, { signal }),
  })

type Switches<K extends string> = { settings: ReadonlyArray<{ kind: K; enabled: boolean }> }
type Change<K extends string> = { kind: K; enabled: boolean }

const withSwitch = <K extends string, A extends Switches<K>>(answer: A, { kind, enabled }: Change<K>): A => ({
  ...answer,
  settings: answer.settings.map((setting) => (setting.kind === kind ? { ...setting, enabled } : setting)),
})

/**
 * Changes one switch: the cached settings show it at once; a refusal puts that switch back (the
 * failure's toast is the query client's, docs/decisions/0014). The answer replaces the cache
 * unless another change is still on its way (its own answer comes after).
 */
function useSwitchMutation<K extends string, A extends Switches<K>>(
  key: QueryKey,
  send: (change: Change<K>) => Promise<A>,
) {
  const queryClient = useQueryClient()
  const mutationKey = [...key, 'update']
  return useMutation({
    mutationKey,
    mutationFn: send,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true })
      const before = queryClient.getQueryData<A>(key)
      const was = before?.settings.find((setting) => setting.kind === change.kind)?.enabled
      if (before) queryClient.setQueryData(key, withSwitch(before, change))
      return { was }
    },
    onError: (_error, change, context) => {
      const now = queryClient.getQueryData<A>(key)
      if (now && context?.was !== undefined)
        queryClient.setQueryData(key, withSwitch(now, { kind: change.kind, enabled: context.was }))
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, answer)
    },
  })
}

export function useUpdateNotificationSettingMutation(organizationId: OrganizationId, vendorUserId: string) {
  return useSwitchMutation<NotificationKind, NotificationSettingsAnswer>(
    organizationKeys(organizationId).notificationSettings(vendorUserId),
    (change) => requestEndpoint('updateNotificationSetting', change),
  )
}

export function useUpdateLabNotificationSettingMutation(staffId: string) {
  return useSwitchMutation<LabNotificationKind, LabNotificationSettingsAnswer>(
    queryKeys.labNotificationSettings(staffId),
    (change) => requestEndpoint('labUpdateNotificationSetting', change),
  )
}
