import type { EndpointTag } from '@/contract/endpoints'

/*
 * The document's groups: each entry of the endpoint table names its `tag`; here are their names
 * and words, in the document's order.
 */

export const ENDPOINT_TAGS = {
  session: 'Session and accounts',
  reference: 'Reference data',
  portfolio: 'Devices (portfolio)',
  records: 'Device records',
  certification: 'Certification service',
  team: 'Team and invitations',
  certificates: 'Certificates',
  lab: 'Lab console',
  tokens: 'API tokens',
  notifications: 'Notifications',
  webhooks: 'Webhooks',
} as const satisfies Record<EndpointTag, string>

/** What the document says of the tags, in this order. */
export const ENDPOINT_TAG_DESCRIPTIONS: Readonly<Record<EndpointTag, string>> = {
  session:
    'The session bootstrap, login and logout, registration and passwords. Calls of the browser; a pipeline uses an API token instead.',
  reference:
    'Public reference data the forms read: countries with their states and cities, the device catalogue.',
  portfolio: 'The portfolio form: read and save the draft, submit a device for certification (spec §3, §7).',
  records: 'Submitted device records: list, read, edit while Submitted, delete, comments.',
  certification:
    'The certification service, on its own port (see `servers`): start, re-run and cancel runs, follow them, download results and the certificate.',
  team: 'The organization’s members, roles, invitations and activity log.',
  certificates: 'Issued certificates anyone can verify, and the directory of certified devices.',
  lab: 'The certification lab’s own console. Lab staff sessions only; never an API token.',
  tokens:
    'Personal API tokens for pipelines: listed, created (the secret answered once) and revoked with a signed-in session only.',
  notifications:
    'A member’s e-mail notification switches (signed-in session only), and the signed unsubscribe link every notification mail carries, which works without a login.',
  webhooks:
    'The organization’s webhook endpoints (an Owner changes them), their delivery log, redelivery and a test event. Each delivery is signed: `Webhook-Signature: v1=<hex HMAC-SHA256 of "<Webhook-Timestamp>.<body>">`, refused by a receiver past 5 minutes.',
}
