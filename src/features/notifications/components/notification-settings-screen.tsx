import { BellOff } from 'lucide-react'
import { Switch as SwitchPrimitive } from 'radix-ui'
import * as React from 'react'
import type { LabStaff } from '@/contract/lab'
import {
  ALL_NOTIFICATIONS_OFF_MESSAGE,
  type AnyNotificationKind,
  LAB_ALL_NOTIFICATIONS_OFF_MESSAGE,
  type LabNotificationSettingsAnswer,
  labNotificationsPageIntro,
  NOTIFICATION_KIND_DESCRIPTIONS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_SETTING_FAILED_MESSAGE,
  type NotificationSettingsAnswer,
  notificationSettingSavedMessage,
  notificationsPageIntro,
  ORGANIZATION_KINDS,
} from '@/contract/notifications'
import {
  useUpdateLabNotificationSettingMutation,
  useUpdateNotificationSettingMutation,
} from '@/features/notifications/api/settings'
import { answerOrNull } from '@/lib/api-failure'
import { cn } from '@/lib/utils'

/*
 * docs/decisions/0028 point 8: the member's notification settings — one switch per
 * kind with what it sends, saved at once. The switch moves when pressed; a refusal puts it back
 * and says so under the list (the failure's own words are the error toast). The line under the
 * list says what was saved last; with every switch off, a notice says no mail comes. A lab staff
 * member's page (/lab/notifications, point 9) is the same list with the lab's kinds.
 */

type Setting<K extends AnyNotificationKind = AnyNotificationKind> = { kind: K; enabled: boolean }
type OnChange<K extends AnyNotificationKind> = (kind: K, enabled: boolean) => void | Promise<void>

type NotificationSettingsScreenProps = {
  vendorUserId: string
  organizationId: string | undefined
  settings: NotificationSettingsAnswer
}

type Outcome = { kind: 'saved'; message: string } | { kind: 'failed'; message: string } | null

export function NotificationSettingsScreen({
  vendorUserId,
  organizationId,
  settings,
}: NotificationSettingsScreenProps) {
  const update = useUpdateNotificationSettingMutation(organizationId, vendorUserId)
  const byKind = new Map(settings.settings.map((setting) => [setting.kind, setting]))
  const organizationSettings = ORGANIZATION_KINDS.map((kind) => byKind.get(kind)).filter(
    (setting) => setting !== undefined,
  )
  const invitation = byKind.get('invitation')
  return (
    <SwitchesPage
      intro={notificationsPageIntro(settings.emailId, settings.organizationName)}
      allOff={settings.settings.every((setting) => !setting.enabled) ? ALL_NOTIFICATIONS_OFF_MESSAGE : null}
      groups={[
        { title: settings.organizationName, settings: organizationSettings },
        ...(invitation ? [{ title: 'Your account', settings: [invitation] }] : []),
      ]}
      save={(kind, enabled) => update.mutateAsync({ kind, enabled })}
    />
  )
}

/** A lab staff member's own notification settings at /lab/notifications (point 9). */
export function LabNotificationSettingsScreen({
  staff,
  settings,
}: {
  staff: Pick<LabStaff, 'staffId'>
  settings: LabNotificationSettingsAnswer
}) {
  const update = useUpdateLabNotificationSettingMutation(staff.staffId)
  return (
    <SwitchesPage
      intro={labNotificationsPageIntro(settings.emailId)}
      allOff={
        settings.settings.every((setting) => !setting.enabled) ? LAB_ALL_NOTIFICATIONS_OFF_MESSAGE : null
      }
      groups={[{ title: 'Certification lab', settings: settings.settings }]}
      save={(kind, enabled) => update.mutateAsync({ kind, enabled })}
    />
  )
}

function SwitchesPage<K extends AnyNotificationKind>({
  intro,
  allOff,
  groups,
  save,
}: {
  intro: string
  /** The notice shown when every switch is off, or null. */
  allOff: string | null
  groups: ReadonlyArray<{ title: string; settings: ReadonlyArray<Setting<K>> }>
  save: (kind: K, enabled: boolean) => Promise<unknown>
}) {
  const [outcome, setOutcome] = React.useState<Outcome>(null)
  const change = async (kind: K, enabled: boolean) => {
    setOutcome(null)
    const answer = await answerOrNull(save(kind, enabled))
    setOutcome(
      answer
        ? { kind: 'saved', message: notificationSettingSavedMessage(kind, enabled) }
        : { kind: 'failed', message: NOTIFICATION_SETTING_FAILED_MESSAGE },
    )
  }
  return (
    <div data-slot="notification-settings" className="flex max-w-3xl flex-col gap-6">
      <p className="text-body text-ink">{intro}</p>
      {allOff ? (
        <p
          data-slot="all-off"
          className="flex items-start gap-2 rounded-card border border-line bg-surface-sunken p-4 text-body text-ink"
        >
          <BellOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          {allOff}
        </p>
      ) : null}
      {groups.map((group) => (
        <SettingsGroup key={group.title} title={group.title} settings={group.settings} onChange={change} />
      ))}
      <p
        role="status"
        data-slot="notification-outcome"
        data-state={outcome?.kind ?? 'idle'}
        className={cn('min-h-6 text-body', outcome?.kind === 'failed' ? 'text-danger' : 'text-ink-muted')}
      >
        {outcome?.message ?? ''}
      </p>
    </div>
  )
}

function SettingsGroup<K extends AnyNotificationKind>({
  title,
  settings,
  onChange,
}: {
  title: string
  settings: ReadonlyArray<Setting<K>>
  onChange: OnChange<K>
}) {
  const headingId = React.useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-heading text-ink">
        {title}
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
        {settings.map((setting) => (
          <li key={setting.kind}>
            <SettingSwitch setting={setting} onChange={onChange} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function SettingSwitch<K extends AnyNotificationKind>({
  setting,
  onChange,
}: {
  setting: Setting<K>
  onChange: OnChange<K>
}) {
  const id = React.useId()
  const labelId = `${id}-label`
  const descriptionId = `${id}-description`
  return (
    <div data-slot="notification-setting" data-kind={setting.kind} className="flex items-start gap-4 p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label id={labelId} htmlFor={id} className="cursor-pointer text-body font-semibold text-ink">
          {NOTIFICATION_KIND_LABELS[setting.kind]}
        </label>
        <p id={descriptionId} className="text-small text-ink-muted">
          {NOTIFICATION_KIND_DESCRIPTIONS[setting.kind]}
        </p>
      </div>
      <SwitchPrimitive.Root
        id={id}
        data-slot="switch"
        checked={setting.enabled}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        onCheckedChange={(checked) => void onChange(setting.kind, checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
          'bg-ink-subtle focus-visible:focus-ring data-[state=checked]:bg-brand-700',
        )}
      >
        <SwitchPrimitive.Thumb
          className={cn(
            'pointer-events-none block size-5 rounded-full bg-surface shadow-card transition-transform',
            'translate-x-0 data-[state=checked]:translate-x-5',
          )}
        />
      </SwitchPrimitive.Root>
    </div>
  )
}
