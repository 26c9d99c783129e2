/*
 * The query keys of every server read, in one place: a mutation in one feature invalidates a read
 * another feature owns (Start Certify reloads the dashboard's records) without importing it.
 */
export const queryKeys = {
  address: (country: string | undefined) => ['address', country ?? null] as const,
  /** Every vendor's catalogue (for invalidation); catalogueOf is one vendor's. */
  catalogue: () => ['catalogue'] as const,
  /** The catalogue as one vendor sees it: the seeded names and that vendor's own additions. */
  catalogueOf: (vendorUserId: string) => ['catalogue', vendorUserId] as const,
  portfolio: (vendorUserId: string) => ['portfolio', vendorUserId] as const,
  records: (vendorUserId: string) => ['records', vendorUserId] as const,
  /** One submitted record with its device details, which the dashboard's Edit opens in the form. */
  record: (portfolioManagerId: string) => ['record', portfolioManagerId] as const,
  /** A record's revisions, newest first (docs/decisions/0033): run details list them. */
  recordRevisions: (portfolioManagerId: string) => ['record-revisions', portfolioManagerId] as const,
  /** Every record's revisions (the live stream's reset reads the open ones again). */
  allRecordRevisions: () => ['record-revisions'] as const,
  runs: (portfolioManagerId: string) => ['runs', portfolioManagerId] as const,
  /** Every record's runs (the live stream's reset reads the open ones again). */
  allRuns: () => ['runs'] as const,
  runResults: (runId: string) => ['run-results', runId] as const,
  comments: (portfolioManagerId: string) => ['comments', portfolioManagerId] as const,
  allComments: () => ['comments'] as const,
  /** The organization's team (members and invitations) as the session's organization has it. */
  team: (vendorUserId: string) => ['team', vendorUserId] as const,
  /** Every page of the activity log under these filters (an empty object: unfiltered). */
  activity: (vendorUserId: string, filters: Readonly<Record<string, string>> = {}) =>
    ['activity', vendorUserId, filters] as const,
  allActivity: () => ['activity'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  /** The pending invitations to the logged-in account's address. */
  pendingInvitations: (emailId: string) => ['pending-invitations', emailId] as const,
  /** The member's API tokens (an Owner's: every member's) in the session's organization. */
  apiTokens: (vendorUserId: string) => ['api-tokens', vendorUserId] as const,
  /** The organization's webhook endpoints and their delivery logs (src/features/webhooks). */
  webhooks: () => ['webhooks'] as const,
  /** The lab's test plans with their current versions (the lab's data, no organization's). */
  testPlans: () => ['test-plans', 'list'] as const,
  /** One test plan: its versions, its draft and the devices it applies to. */
  testPlan: (planId: string) => ['test-plans', 'plan', planId] as const,
  /** The lab's catalogue: every entry, its review, and the organizations (docs/decisions/0034). */
  labCatalogue: () => ['lab-catalogue'] as const,
  /** The organization's own 'Add New …' names and the lab's review of each. */
  catalogueAdditions: () => ['catalogue-additions'] as const,
}

/**
 * The first parts of the keys whose answers belong to the organization the session acts for
 * (docs/decisions/0023): switching organization drops them. The address data and the draft
 * portfolio (the person's) stay.
 */
const ORGANIZATION_KEY_ROOTS: ReadonlySet<unknown> = new Set([
  'catalogue',
  'catalogue-additions',
  'records',
  'record',
  'record-revisions',
  'runs',
  'run-results',
  'comments',
  'team',
  'activity',
  'api-tokens',
  'webhooks',
])

/** Whether a cached read holds the organization's data (see ORGANIZATION_KEY_ROOTS). */
export const isOrganizationQuery = (queryKey: readonly unknown[]) => ORGANIZATION_KEY_ROOTS.has(queryKey[0])
