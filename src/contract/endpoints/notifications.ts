import * as notifications from '@/contract/notifications'
import { type VendorEndpoint, main } from '@/contract/endpoints/types'

/*
 * E-mail notifications (docs/decisions/0028): every member chooses their own mails, signed in; the
 * signed unsubscribe link every notification mail carries works without a login.
 */

export const notificationEndpoints = {
  notificationSettings: {
    ...main,
    method: 'GET',
    path: '/api/notifications/settings',
    request: null,
    answer: notifications.notificationSettingsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    sessionOnly: true,
    tag: 'notifications',
    summary: 'Your e-mail notification switches',
  },
  updateNotificationSetting: {
    ...main,
    method: 'POST',
    path: '/api/notifications/settings/update',
    request: notifications.updateNotificationSettingPayloadSchema,
    answer: notifications.notificationSettingsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    sessionOnly: true,
    tag: 'notifications',
    summary: 'Turn one kind of notification mail on or off',
  },
  unsubscribeInfo: {
    ...main,
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    request: notifications.unsubscribeQuerySchema,
    answer: notifications.unsubscribeInfoSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: null,
    tag: 'notifications',
    summary: 'What an unsubscribe link turns off (changes nothing)',
    refusals: [400],
  },
  unsubscribe: {
    ...main,
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    request: notifications.unsubscribePayloadSchema,
    answer: notifications.unsubscribeAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: null,
    tag: 'notifications',
    summary: 'Turn off the mails an unsubscribe link names',
    refusals: [400],
  },
} as const satisfies Record<string, VendorEndpoint>
