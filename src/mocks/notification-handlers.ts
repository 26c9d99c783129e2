import { HttpResponse } from 'msw'
import {
  LAB_NOTIFICATION_KINDS,
  type LabNotificationSettingsAnswer,
  NOTIFICATION_KINDS,
  type NotificationSettingsAnswer,
  UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
  UNSUBSCRIBE_TOKEN_PATTERN,
  type UnsubscribeInfo,
  unsubscribeAlreadyOffMessage,
  unsubscribedMessage,
  unsubscribeScopeLabel,
} from '@/contract/notifications'
import {
  createNotificationFixture,
  type FixtureUnsubscribeClaim,
  type NotificationFixture,
  UNSUBSCRIBE_CLAIMS,
} from '@/mocks/fixtures/notifications'
import { type FixtureWorld, world } from '@/mocks/fixtures/world'
import { mockEndpoint } from '@/mocks/mock-endpoint'

/*
 * The notification calls in the fixture world, with the server's rules and words
 * (server/notifications/routes.ts): the settings of the fixture session (Nokia's Priya Sharma, as
 * the team's calls) and of the fixture Lab manager (as the lab's calls), one switch per call; the unsubscribe link's read changes nothing, its POST
 * turns the switch off, an unknown or altered token is refused with the same message. The state
 * belongs to the current world, so resetWorld() starts it afresh.
 */

const fixtures = new WeakMap<FixtureWorld, NotificationFixture>()

/** The current world's notification state. */
export function notificationFixture(): NotificationFixture {
  let fixture = fixtures.get(world)
  if (!fixture) {
    fixture = createNotificationFixture()
    fixtures.set(world, fixture)
  }
  return fixture
}

function settingsAnswer(): NotificationSettingsAnswer {
  const fixture = notificationFixture()
  return {
    organizationId: fixture.organizationId,
    organizationName: fixture.organizationName,
    emailId: fixture.emailId,
    settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: fixture.enabled[kind] })),
  }
}

/** The fixture Lab manager's own settings (the lab's calls act as world.lab.staff[0]). */
function labSettingsAnswer(): LabNotificationSettingsAnswer {
  const fixture = notificationFixture()
  return {
    emailId: world.lab.staff[0]!.email,
    settings: LAB_NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: fixture.enabled[kind] })),
  }
}

const kindsOf = (claim: FixtureUnsubscribeClaim) =>
  claim.scope === 'all' ? NOTIFICATION_KINDS : [claim.scope]

function infoOf(claim: FixtureUnsubscribeClaim): UnsubscribeInfo {
  const fixture = notificationFixture()
  if (claim.subject === 'staff')
    return {
      scope: claim.scope,
      label: unsubscribeScopeLabel(claim.scope),
      emailId: world.lab.staff[0]!.email,
      organizationName: null,
      alreadyOff: !fixture.enabled[claim.scope],
    }
  if (claim.subject === 'address')
    return {
      scope: 'invitation',
      label: unsubscribeScopeLabel('invitation'),
      emailId: claim.emailId,
      organizationName: null,
      alreadyOff: fixture.addressOptouts.has(claim.emailId),
    }
  return {
    scope: claim.scope,
    label: unsubscribeScopeLabel(claim.scope),
    emailId: fixture.emailId,
    organizationName: claim.scope === 'invitation' ? null : fixture.organizationName,
    alreadyOff: kindsOf(claim).every((kind) => !fixture.enabled[kind]),
  }
}

const claimOf = (token: string) =>
  UNSUBSCRIBE_TOKEN_PATTERN.test(token) ? UNSUBSCRIBE_CLAIMS[token] : undefined
const invalid = () =>
  HttpResponse.json({ message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE, field: 'token' }, { status: 400 })

export const notificationHandlers = [
  // The calls name no vendor: the fixture session is Nokia's vendor's (as GET /api/team).
  mockEndpoint('notificationSettings', () => HttpResponse.json(settingsAnswer())),

  mockEndpoint('updateNotificationSetting', ({ body }) => {
    notificationFixture().enabled[body.kind] = body.enabled
    return HttpResponse.json(settingsAnswer())
  }),

  mockEndpoint('labNotificationSettings', () => HttpResponse.json(labSettingsAnswer())),

  mockEndpoint('labUpdateNotificationSetting', ({ body }) => {
    notificationFixture().enabled[body.kind] = body.enabled
    return HttpResponse.json(labSettingsAnswer())
  }),

  mockEndpoint('unsubscribeInfo', ({ body }) => {
    const claim = claimOf(body.token)
    return claim ? HttpResponse.json(infoOf(claim)) : invalid()
  }),

  mockEndpoint('unsubscribe', ({ body }) => {
    const claim = claimOf(body.token)
    if (!claim) return invalid()
    const before = infoOf(claim)
    const fixture = notificationFixture()
    if (claim.subject === 'address') fixture.addressOptouts.add(claim.emailId)
    else if (claim.subject === 'staff') fixture.enabled[claim.scope] = false
    else for (const kind of kindsOf(claim)) fixture.enabled[kind] = false
    const info = { ...before, alreadyOff: true }
    return HttpResponse.json({
      message: before.alreadyOff ? unsubscribeAlreadyOffMessage(info) : unsubscribedMessage(info),
      info,
    })
  }),
]
