import type { LabQueueQuery } from '@/contract/lab'

/*
 * The query keys of every server read, in one place: a mutation in one feature invalidates a read
 * another feature owns (Start Certify reloads the dashboard's records) without importing it.
 *
 * The shape (docs/decisions/0023, point 7):
 * - A read whose answer belongs to the organization the session acts for is keyed under
 *   `organizationKey(organizationId)`, i.e. `['organization', organizationId, part, ...]`, and is
 *   built only by `organizationKeys(organizationId)`: `organizationKeys('org-1').records('v-1')` is
 *   `['organization', 'org-1', 'records', 'v-1']`. The same member's read in another organization
 *   is another key, so it can never be answered from the first one's cache; "all of X" of the
 *   organization is the prefix `organizationKeys(id).allX()`, and a switch of organization drops
 *   `queryKeys.everyOrganization()` (src/lib/switch-organization.ts).
 * - Everything else is no organization's and has a root of its own: the person's (`portfolio`,
 *   the draft; `pending-invitations`), a link's (`invitation`, `unsubscribe`,
 *   `lab-set-password`), the public's (`address`) and the lab's (`lab`, `test-plans`,
 *   `lab-catalogue`, `lab-notification-settings`). A switch keeps these.
 */

/** The organization a read is made for: the login's `organizationId` (absent in a spec-only answer). */
export type OrganizationId = string | undefined

const ORGANIZATION_ROOT = 'organization'

/** The prefix of every read of one organization: `['organization', organizationId]`. */
export const organizationKey = (organizationId: OrganizationId) =>
  [ORGANIZATION_ROOT, organizationId ?? null] as const

/** The keys of the reads that belong to the organization `organizationId` (see above). */
export function organizationKeys(organizationId: OrganizationId) {
  const root = organizationKey(organizationId)
  return {
    /** Everything the organization owns. */
    all: () => root,
    /**
     * The catalogue as the organization sees it: the seeded names and its own additions, kept per
     * member so another vendor signing in in this tab does not see them.
     */
    catalogue: (vendorUserId: string) => [...root, 'catalogue', vendorUserId] as const,
    allCatalogues: () => [...root, 'catalogue'] as const,
    /** The organization's own 'Add New …' names and the lab's review of each. */
    catalogueAdditions: () => [...root, 'catalogue-additions'] as const,
    records: (vendorUserId: string) => [...root, 'records', vendorUserId] as const,
    /** One submitted record with its device details, which the dashboard's Edit opens in the form. */
    record: (portfolioManagerId: string) => [...root, 'record', portfolioManagerId] as const,
    /** A record's revisions, newest first (docs/decisions/0033): run details list them. */
    recordRevisions: (portfolioManagerId: string) =>
      [...root, 'record-revisions', portfolioManagerId] as const,
    /** Every record's revisions (the live stream's reset reads the open ones again). */
    allRecordRevisions: () => [...root, 'record-revisions'] as const,
    runs: (portfolioManagerId: string) => [...root, 'runs', portfolioManagerId] as const,
    /** Every record's runs (the live stream's reset reads the open ones again). */
    allRuns: () => [...root, 'runs'] as const,
    runResults: (runId: string) => [...root, 'run-results', runId] as const,
    comments: (portfolioManagerId: string) => [...root, 'comments', portfolioManagerId] as const,
    allComments: () => [...root, 'comments'] as const,
    /** The organization's team (members and invitations). */
    team: (vendorUserId: string) => [...root, 'team', vendorUserId] as const,
    /** Every page of the activity log under these filters (an empty object: unfiltered). */
    activity: (vendorUserId: string, filters: Readonly<Record<string, string>> = {}) =>
      [...root, 'activity', vendorUserId, filters] as const,
    allActivity: () => [...root, 'activity'] as const,
    /** The member's API tokens (an Owner's: every member's) in the organization. */
    apiTokens: (vendorUserId: string) => [...root, 'api-tokens', vendorUserId] as const,
    /** The member's notification settings in the organization (docs/decisions/0028). */
    notificationSettings: (vendorUserId: string) => [...root, 'notification-settings', vendorUserId] as const,
    /** The organization's webhook endpoints and their delivery logs (src/features/webhooks). */
    allWebhooks: () => [...root, 'webhooks'] as const,
    webhooks: (vendorUserId: string) => [...root, 'webhooks', 'list', vendorUserId] as const,
    webhookDeliveries: (endpointId: string) => [...root, 'webhooks', 'deliveries', endpointId] as const,
    webhookDelivery: (deliveryId: string) => [...root, 'webhooks', 'delivery', deliveryId] as const,
  }
}

export type OrganizationKeys = ReturnType<typeof organizationKeys>

/**
 * Whether a cached read is the catalogue of an organization, whichever one: the lab's decisions
 * on the catalogue change every organization's (src/features/catalogue).
 */
export function isCatalogueOfAnOrganization(queryKey: readonly unknown[]) {
  const [root, organizationId] = queryKey
  if (root !== ORGANIZATION_ROOT || (typeof organizationId !== 'string' && organizationId !== null))
    return false
  const prefix = organizationKeys(organizationId ?? undefined).allCatalogues()
  return prefix.every((part, index) => queryKey[index] === part)
}

/** The reads that belong to no organization (see above). */
export const queryKeys = {
  /** Every organization's reads: what a switch of organization drops. */
  everyOrganization: () => [ORGANIZATION_ROOT] as const,
  address: (country: string | undefined) => ['address', country ?? null] as const,
  /** The person's draft portfolio. */
  portfolio: (vendorUserId: string) => ['portfolio', vendorUserId] as const,
  invitation: (token: string) => ['invitation', token] as const,
  /** The pending invitations to the logged-in account's address. */
  pendingInvitations: (emailId: string) => ['pending-invitations', emailId] as const,
  /** The public unsubscribe link's page (docs/decisions/0028). */
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
  /** A new lab staff member's set-password link. */
  labSetPassword: (token: string) => ['lab-set-password', token] as const,
  /** A lab staff member's own notification settings. */
  labNotificationSettings: (staffId: string) => ['lab-notification-settings', staffId] as const,
  /** The lab's test plans with their current versions. */
  testPlans: () => ['test-plans', 'list'] as const,
  /** One test plan: its versions, its draft and the devices it applies to. */
  testPlan: (planId: string) => ['test-plans', 'plan', planId] as const,
  /** The lab's catalogue: every entry, its review, and the organizations (docs/decisions/0034). */
  labCatalogue: () => ['lab-catalogue'] as const,
}

/**
 * The lab console's reads (src/features/lab), all under `['lab']`: a change, or an event on the
 * lab's stream, reads `labKeys.all()` again.
 */
export const labKeys = {
  all: () => ['lab'] as const,
  state: () => ['lab', 'state'] as const,
  queue: (query: LabQueueQuery) => ['lab', 'queue', query] as const,
  record: (portfolioManagerId: string) => ['lab', 'record', portfolioManagerId] as const,
  staff: () => ['lab', 'staff'] as const,
}
