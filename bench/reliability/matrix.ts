import { randomUUID } from 'node:crypto'
import {
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKEN_READ_ONLY_MESSAGE,
  API_TOKEN_REVOKED_MESSAGE,
  API_TOKEN_SESSION_ONLY_MESSAGE,
  type ApiTokenAccess,
  type CreateApiTokenAnswer,
} from '@/contract/api-tokens'
import {
  apiTokenAccess,
  endpoints,
  endpointPath,
  isLabEndpoint,
  RUN_REPORT_PATH,
  type Endpoint,
  type EndpointName,
  type LabEndpointName,
} from '@/contract/endpoints'
import { EVENTS_PATH } from '@/contract/events'
import { API_DOCS_PATH, OPENAPI_PATH } from '../../server/apps/api-docs/options.ts'
import {
  LAB_EVENTS_PATH,
  LAB_MANAGER_ONLY_MESSAGE,
  LAB_ONLY_MESSAGE,
  labCan,
  type LabRole,
  VENDOR_ONLY_MESSAGE,
} from '@/contract/lab'
import {
  EXAMPLE_DEVICE,
  EXAMPLE_ORGANIZATION,
  blankSavePayload,
  submittedDevicePayload,
} from '@/contract/fixtures/payloads'
import { ROLE_REFUSALS, can, type Permission, type Role } from '@/contract/roles'
import {
  Browser,
  PASSWORD,
  addLabStaff,
  invitationToken,
  poll,
  progressOf,
  joinByInvitation,
  registerVendor,
  uniqueEmail,
  type Answer,
} from './client.ts'
import type { Deployment } from './deployment.ts'
import { countAnswer, printTable, type Figures } from './figures.ts'

/*
 * Section 1: the authorisation matrix, generated from the endpoint table (src/contract/endpoints)
 * — every endpoint of both services, plus the run report beside results.json and the live event
 * stream (GET /api/events?after=0, read for STREAM_READ_MS) — × eight callers:
 * - outsiders: anonymous (no cookie, a fresh Token), another vendor (the Owner of an organization
 *   of its own), a logged-out cookie (the cookie and Token a browser held before it logged out),
 *   a removed member (its cookie and Token from before the Owner removed it), and a
 *   member removed from its only organization who logs in again (no organization: it may list
 *   its own invitations and nothing of any organization);
 * - the owner's organization: a Viewer and an Engineer (invited by the owner, registered through
 *   the mailed link), and the Owner itself;
 * - docs/decisions/0026: API tokens sending only `Authorization: Bearer` — another
 *   organization's read-write token (expected as the other vendor), and the owner's read,
 *   read-write and revoked tokens after the Owner (tokenExpectationOf: a read token writes nothing,
 *   no token makes a session's call, a revoked one is refused everywhere).
 * Outsiders' calls carry valid payloads for the OWNER's resources (the contract fixtures with the
 * owner's ids, its invitation and its Engineer); members' calls carry their own vendorUserId (the
 * acting user, as the specification's payloads do) and name the organization's resources.
 *
 * - leaks: a secret of the owner in the answer's body that the caller did not send itself — for
 *   outsiders every secret (record ids, draft id, run id, comment id, e-mails, serial numbers, the
 *   draft's description, comment text, the Engineer's e-mail), for members the owner's own draft
 *   (drafts are per person);
 * - forbidden changes: the owner's own reads (draft, records, a record, its comments, its runs, its
 *   team) differ after a call that was not the caller's to make;
 * - wrong answers: a call that must be refused answered other than 401/403/404 (a member's call
 *   its role lacks: other than 403 with ROLE_REFUSALS' reason), or a call the caller may make
 *   (the Owner's, and a member's within its role) was refused.
 */

/** Shaped like an unsubscribe token (src/contract/notifications.ts), signed by nobody. */
const FORGED_UNSUBSCRIBE_TOKEN = `n1.${Buffer.from('a:someone|org|all').toString('base64url')}.${'A'.repeat(43)}`

type Cell = { method: 'GET' | 'POST'; service: Endpoint['service']; path: string; body?: unknown }

export type Owner = {
  browser: Browser
  recordId: string
  /** Deleted by the Owner's own delete, and by the Engineer's. */
  spareRecordId: string
  engineerRecordId: string
  draftId: string
  runId: string
  /** The certificate the owner's certified run was issued. */
  certificateNumber: string
  /** The owner's webhook endpoint, a spare one its own delete removes, and a delivery. */
  webhookEndpointId: string
  spareWebhookEndpointId: string
  webhookDeliveryId: string
  secrets: string[]
  /** The owner's draft: the secrets of one person, that the organization's members must not see. */
  personalSecrets: string[]
  /** An API token of the owner's that its own revoke cell revokes (members' are refused it). */
  apiTokenId: string
}

/** The owner's organization: its members, and the invitations the cells name. */
export type Team = {
  engineer: Browser
  viewer: Browser
  /** Invited, registered, then removed by the Owner (its session kept). */
  removed: Browser
  /** A Viewer the Owner's own cells promote and remove. */
  spare: Browser
  /**
   * Removed from its only organization, invited again, and logged in afresh: a session
   * without an organization, which may only list and accept the invitations to its address.
   */
  noOrganization: Browser
  /** A pending invitation of the owner's organization (to nobody who registers). */
  pendingInvitationId: string
  pendingToken: string
  /** A third vendor's invitation of the owner (accepted by the Owner's own cell). */
  ownerInviteToken: string
  /** The lab's staff — an engineer, a manager, and a spare member the manager promotes and removes. */
  labEngineer: Browser
  labManager: Browser
  spareStaffId: string
  /** An entry of the programme's catalogue (nothing to review: a decision on it answers 409). */
  catalogueEntryId: string
}

type Caller = {
  name: string
  /** The role in the owner's organization; undefined for outsiders. */
  role?: Role
  /** Whether the caller holds a session that may act (the other vendor, members). */
  session: boolean
  /** Whether its calls carry its own vendorUserId (members, and the removed member) or the owner's. */
  ownIds: boolean
  /** A lab staff member's role; undefined for vendors' callers. */
  lab?: LabRole
  /**
   * The owner's API token the caller sends instead of a session (role Owner): of the read
   * or the read-write scope, or one the owner revoked.
   */
  apiToken?: 'read' | 'read-write' | 'revoked'
  /** Another organization's token (its calls expected as that vendor's, but the lab's are a session's). */
  foreignToken?: boolean
  /** A login without an organization (its own pending invitations are all it may read). */
  noOrganization?: boolean
  browser: () => Promise<Browser>
}

const OWNER_KEYS = ['vendorUserId', 'vendor_user_id', 'portfolioManagerId']

/** Whether an endpoint reads or changes one vendor's resources (refusal expected for others). */
function isProtected(endpoint: Endpoint) {
  if (endpoint.path.includes(':runId')) return true
  const entries = (endpoint.request as { entries?: Record<string, unknown> } | null)?.entries ?? {}
  return OWNER_KEYS.some((key) => key in entries)
}

/** The team calls whose payload names the owner's member, invitation or organization. */
const NAMES_OWNER_TEAM = new Set<string>([
  'resendInvitation',
  'revokeInvitation',
  'changeRole',
  'removeMember',
  'switchOrganization',
  'acceptInvitation',
])

/** Calls anyone may make, whose answers do not depend on the owner (or are refused by design). */
const OPEN_CALLS = new Set<string>([
  // The device catalogue is public (spec §3): the seeded one, plus a session's own additions.
  'catalogue',
  'token',
  'portalConfig',
  'addressData',
  'login',
  'logout',
  'keepSessionAlive',
  'register',
  'changePassword',
  'forgotPassword',
  'resetPassword',
  'getInvitation',
  // Joining by a link needs no login (decision 0046); the matrix names a link nobody was given.
  'joinInvitation',
  // An unsubscribe link works without a login; a token names its one account and switch.
  'unsubscribeInfo',
  'unsubscribe',
  // Certificates are checked by anyone (a number nobody was given names nothing).
  'certificateKeys',
  'certificate',
  'directory',
  // The OpenAPI document and its reference page are public reads.
  'openApiDocument',
  'apiDocs',
])

/** A call refused on purpose even for whom it concerns: a wrong password or code, someone else's link. */
const REFUSED_BY_DESIGN = new Set([
  // The matrix unsubscribes with a token nobody was given (400, nothing changed).
  'unsubscribeInfo',
  'unsubscribe',
  // The matrix asks for a certificate number nobody was given.
  'certificate',
  'login',
  'register',
  'changePassword',
  'resetPassword',
  'acceptInvitation',
  'joinInvitation',
])

function permissionOfCell(name: string): Permission | null {
  if (name === 'runReport' || name === 'events') return 'read'
  const endpoint = endpoints[name as EndpointName] as Endpoint | undefined
  return endpoint?.audience === 'vendor' ? endpoint.permission : null
}

type Expectation =
  | { kind: 'refused' }
  | { kind: 'role'; permission: Permission }
  | { kind: 'allowed' }
  | { kind: 'any' }
  | { kind: 'message'; status: number; message: string }
  /** Past the token's checks (not 401, 403 or 429) and no server error, whatever else. */
  | { kind: 'through' }

const isLabCall = (name: string): name is LabEndpointName | 'labEvents' =>
  name === 'labEvents' || isLabEndpoint(name)
const labPermissionOf = (name: LabEndpointName | 'labEvents') =>
  name === 'labEvents' ? 'lab-read' : endpoints[name].permission

/**
 * The wall between vendors and the lab. A lab call (its permission not null) refuses
 * every vendor's session with LAB_ONLY_MESSAGE and a Lab engineer a manager's call with
 * LAB_MANAGER_ONLY_MESSAGE; a vendor call that needs a member refuses a lab session with
 * VENDOR_ONLY_MESSAGE.
 */
function expectationOf(name: string, caller: Caller): Expectation {
  if (caller.apiToken !== undefined) return tokenExpectationOf(name, caller)
  if (name === 'revokeApiToken' && caller.role !== undefined && caller.role !== 'Owner')
    // The cell names the owner's token: a member other than an Owner reaches only their own.
    return { kind: 'message', status: 404, message: API_TOKEN_NOT_FOUND_MESSAGE }
  if (isLabCall(name)) {
    const permission = labPermissionOf(name)
    if (permission === null) return { kind: 'any' }
    if (caller.foreignToken) return { kind: 'message', status: 403, message: API_TOKEN_SESSION_ONLY_MESSAGE }
    if (caller.lab === undefined)
      return caller.session
        ? { kind: 'message', status: 403, message: LAB_ONLY_MESSAGE }
        : { kind: 'refused' }
    return labCan(caller.lab, permission)
      ? { kind: 'allowed' }
      : { kind: 'message', status: 403, message: LAB_MANAGER_ONLY_MESSAGE }
  }
  if (caller.lab !== undefined) {
    if (OPEN_CALLS.has(name) || permissionOfCell(name) === null) return { kind: 'any' }
    return { kind: 'message', status: 403, message: VENDOR_ONLY_MESSAGE }
  }
  if (caller.role !== undefined) {
    const permission = permissionOfCell(name)
    if (permission !== null && permission !== 'read' && !can(caller.role, permission))
      return { kind: 'role', permission }
    if (REFUSED_BY_DESIGN.has(name) && !(name === 'acceptInvitation' && caller.role === 'Owner'))
      return { kind: 'any' }
    return { kind: 'allowed' }
  }
  if (OPEN_CALLS.has(name)) return { kind: 'any' }
  if (name === 'pendingInvitations' && caller.noOrganization) return { kind: 'allowed' }
  if (name === 'runReport') return { kind: 'refused' }
  // The other vendor acts for its own organization: its stream, team and log are its own.
  if (caller.session) {
    const endpoint = endpoints[name as EndpointName] as Endpoint | undefined
    return NAMES_OWNER_TEAM.has(name) || (endpoint !== undefined && isProtected(endpoint))
      ? { kind: 'refused' }
      : { kind: 'any' }
  }
  // No session that may act: everything past the login is refused.
  return { kind: 'refused' }
}

/**
 * What a token needs for a cell: the endpoint's access; the run report and the public API document
 * and reference read; the streams and the lab's calls are a session's.
 */
function tokenAccessOf(name: string): ApiTokenAccess {
  if (name === 'runReport' || name === 'openApiDocument' || name === 'apiDocs') return 'read'
  if (name === 'events' || isLabCall(name)) return 'session'
  return apiTokenAccess(name as EndpointName)
}

/**
 * docs/decisions/0026: a revoked token is refused everywhere (401, before anything else);
 * a live one is refused a session's calls, a read token every write (403 with the reason), and
 * otherwise acts as the Owner it belongs to. The read-write token comes after the Owner, whose own
 * cells used up a few things (the spare record, the spare member, the pending invitation): there
 * it must get through, whatever the resource's state.
 */
function tokenExpectationOf(name: string, caller: Caller): Expectation {
  if (caller.apiToken === 'revoked')
    return { kind: 'message', status: 401, message: API_TOKEN_REVOKED_MESSAGE }
  const access = tokenAccessOf(name)
  if (access === 'session') return { kind: 'message', status: 403, message: API_TOKEN_SESSION_ONLY_MESSAGE }
  if (access === 'write' && caller.apiToken === 'read')
    return { kind: 'message', status: 403, message: API_TOKEN_READ_ONLY_MESSAGE }
  if (USED_UP_BY_THE_OWNER.has(name)) return { kind: 'through' }
  return expectationOf(name, { ...caller, apiToken: undefined })
}

const USED_UP_BY_THE_OWNER = new Set([
  'deleteRecord',
  'deleteWebhook',
  'removeMember',
  'changeRole',
  'revokeInvitation',
  'resendInvitation',
])

async function invite(owner: Browser, figures: Figures, emailId: string, role: Role) {
  const answer = await owner.post(endpoints.inviteMember.path, {
    vendorUserId: owner.vendorUserId,
    emailId,
    role,
  })
  countAnswer(figures, answer)
  if (answer.status !== 200) throw new Error(`Invitation failed: ${answer.status} ${answer.text}`)
  const invitations =
    (answer.json as { team?: { invitations?: Array<{ invitationId: string; emailId: string }> } } | undefined)
      ?.team?.invitations ?? []
  const invitationId = invitations.find((item) => item.emailId === emailId)?.invitationId ?? ''
  return { invitationId, token: await invitationToken(owner.nodes[0]!, emailId) }
}

/** A member of the owner's organization, made the way a person joins: the mailed link, then a name and a password. */
async function member(deployment: Deployment, figures: Figures, owner: Browser, label: string, role: Role) {
  const email = uniqueEmail(label)
  const { token } = await invite(owner, figures, email, role)
  const browser = await joinByInvitation(deployment.nodes, label, { email, token })
  if (browser.organizationId !== owner.organizationId || browser.role !== role)
    throw new Error(`${label} did not join the owner's organization as ${role}: ${browser.role}`)
  return browser
}

export async function makeTeam(deployment: Deployment, figures: Figures, owner: Owner): Promise<Team> {
  const lead = owner.browser
  const engineer = await member(deployment, figures, lead, 'engineer', 'Engineer')
  const viewer = await member(deployment, figures, lead, 'viewer', 'Viewer')
  const removed = await member(deployment, figures, lead, 'removed', 'Viewer')
  const spare = await member(deployment, figures, lead, 'spare', 'Viewer')
  const pending = await invite(lead, figures, uniqueEmail('pending'), 'Engineer')
  // Not the other vendor's: its team would then list the owner's address, rightly.
  const inviter = await registerVendor(deployment.nodes, 'inviter')
  const ownerInvite = await invite(inviter, figures, lead.email, 'Viewer')
  const rejoining = await member(deployment, figures, lead, 'rejoining', 'Viewer')
  for (const gone of [removed, rejoining]) {
    const removal = await lead.post(endpoints.removeMember.path, {
      vendorUserId: lead.vendorUserId,
      accountId: gone.vendorUserId,
    })
    countAnswer(figures, removal)
    if (removal.status !== 200) throw new Error(`Removal failed: ${removal.status} ${removal.text}`)
  }
  await invite(lead, figures, rejoining.email, 'Engineer')
  const noOrganization = new Browser(deployment.nodes)
  await noOrganization.bootstrap()
  await noOrganization.login(rejoining.email)
  // The Engineer's deletable record, submitted by the Engineer.
  const serial = `ENG${randomUUID().slice(0, 6)}`
  const submitted = await engineer.submit({ deviceNumberList: [serial, `${serial}X`] })
  countAnswer(figures, submitted)
  if (submitted.status !== 200)
    throw new Error(`Engineer submit failed: ${submitted.status} ${submitted.text}`)
  const known = new Set([owner.recordId, owner.spareRecordId])
  owner.engineerRecordId =
    (await lead.records()).map((record) => record.portfolioManagerId).find((id) => !known.has(id)) ?? ''
  owner.secrets.push(engineer.email, engineer.vendorUserId, owner.engineerRecordId)
  const [labEngineer, labManager, spareStaff] = await addLabStaff(deployment, [
    { label: 'lab-engineer', role: 'Lab engineer' },
    { label: 'lab-manager', role: 'Lab manager' },
    { label: 'lab-spare', role: 'Lab engineer' },
  ])
  const staff = (await labManager!.call(endpoints.labStaff.path, { method: 'GET' })).json as
    { staff?: Array<{ staffId: string; email: string }> } | undefined
  const spareStaffId = staff?.staff?.find((member) => member.email === spareStaff!.email)?.staffId ?? ''
  if (!spareStaffId) throw new Error('The spare lab member is not in the staff list.')
  const catalogue = (await labManager!.call(endpoints.labCatalogue.path, { method: 'GET' })).json as
    { entries?: Array<{ entryId: string; kind: string; addedBy: unknown }> } | undefined
  const catalogueEntryId =
    catalogue?.entries?.find((entry) => entry.kind === 'device-name' && entry.addedBy === null)?.entryId ?? ''
  if (!catalogueEntryId) throw new Error('The catalogue lists no device name.')
  return {
    engineer,
    viewer,
    removed,
    spare,
    noOrganization,
    pendingInvitationId: pending.invitationId,
    pendingToken: pending.token,
    ownerInviteToken: ownerInvite.token,
    labEngineer: labEngineer!,
    labManager: labManager!,
    spareStaffId,
    catalogueEntryId,
  }
}

/** An owner with a draft, two records, a comment and a finished certification run. */
export async function makeOwner(deployment: Deployment, figures: Figures): Promise<Owner> {
  const browser = await registerVendor(deployment.nodes, 'owner')
  const tag = randomUUID().slice(0, 8)
  const serials = [`LEAK${tag}A`, `LEAK${tag}B`]
  for (const [index, serial] of serials.entries()) {
    const answer = await browser.submit({
      deviceNumberList: [serial, `${serial}X`],
      baseFirmwareVersion: `${index + 1}.0.0`,
    })
    countAnswer(figures, answer)
    if (answer.status !== 200) throw new Error(`Owner submit failed: ${answer.status} ${answer.text}`)
  }
  const description = `Secret description ${tag}`
  const saved = await browser.save(1, { ...EXAMPLE_ORGANIZATION, description })
  countAnswer(figures, saved)
  const records = await browser.records()
  const [recordId, spareRecordId] = records.map((record) => record.portfolioManagerId)
  if (!recordId || !spareRecordId) throw new Error('The owner has no two records.')
  const draft = await browser.getDraft()
  const draftId =
    (draft?.portfolioManagerSavedDetails as { savedPortfolioManagerId?: string } | null)
      ?.savedPortfolioManagerId ?? ''
  const commentText = `Secret comment ${tag}`
  const comment = await browser.post(endpoints.addComment.path, {
    portfolioManagerId: recordId,
    text: commentText,
  })
  countAnswer(figures, comment)
  const commentId =
    (comment.json as { comment?: { commentId?: string } } | undefined)?.comment?.commentId ?? ''
  const started = await browser.runTests(recordId)
  countAnswer(figures, started)
  const runId = (started.json as { runId?: string } | undefined)?.runId ?? ''
  await poll(
    async () => (progressOf((await browser.runs(recordId))[0]) >= 1000 ? true : undefined),
    60_000,
    250,
  )
  const [certified] = await browser.runs(recordId)
  const certificateNumber =
    (certified as { certificate?: { number?: string } | null } | undefined)?.certificate?.number ?? ''
  // Two webhook endpoints on a loopback port where nothing listens (the matrix's server
  // runs with development conveniences), and a test event's delivery.
  const webhookUrl = `http://127.0.0.1:9/hooks/${tag}`
  const addEndpoint = async (url: string) => {
    const answer = await browser.post(endpoints.createWebhook.path, {
      vendorUserId: browser.vendorUserId,
      url,
      events: ['run.finished', 'comment.added'],
    })
    countAnswer(figures, answer)
    if (answer.status !== 200) throw new Error(`Owner createWebhook failed: ${answer.status} ${answer.text}`)
    return (answer.json as { endpoint: { endpointId: string } }).endpoint.endpointId
  }
  const webhookEndpointId = await addEndpoint(webhookUrl)
  const spareWebhookEndpointId = await addEndpoint(`${webhookUrl}/spare`)
  countAnswer(figures, await browser.post(endpoints.pingWebhook.path, { endpointId: webhookEndpointId }))
  const log = await browser.call(`${endpoints.webhookDeliveries.path}?endpointId=${webhookEndpointId}`, {
    method: 'GET',
  })
  const webhookDeliveryId =
    (log.json as { deliveries?: Array<{ deliveryId: string }> } | undefined)?.deliveries?.[0]?.deliveryId ??
    ''
  const secrets = [
    recordId,
    spareRecordId,
    draftId,
    runId,
    commentId,
    webhookUrl,
    webhookEndpointId,
    webhookDeliveryId,
    browser.email,
    ...serials,
    description,
    commentText,
  ]
  return {
    browser,
    recordId,
    spareRecordId,
    engineerRecordId: '',
    draftId,
    runId,
    certificateNumber,
    webhookEndpointId,
    spareWebhookEndpointId,
    webhookDeliveryId,
    secrets: secrets.filter((secret) => secret !== ''),
    personalSecrets: [draftId, description].filter((secret) => secret !== ''),
    apiTokenId: '',
  }
}

/** The owner's data as the owner reads it. */
export async function ownerView(owner: Owner) {
  const { browser, recordId } = owner
  const record = await browser.post(endpoints.getRecord.path, {
    vendorUserId: browser.vendorUserId,
    portfolioManagerId: recordId,
  })
  const comments = await browser.post(endpoints.listComments.path, { portfolioManagerId: recordId })
  const runs = await browser.runs(recordId)
  // The team without its clocks (a member's last activity moves as it calls).
  const team = (await browser.call(endpoints.team.path, { method: 'GET' })).json as
    | {
        members?: Array<{ accountId: string; role: string }>
        invitations?: Array<{ invitationId: string; emailId: string; role: string; state: string }>
      }
    | undefined
  const members = (team?.members ?? []).map(({ accountId, role }) => `${accountId}:${role}`).sort()
  // The webhook endpoints without their delivery outcomes (the worker moves those).
  const webhooks = (
    (
      (await browser.call(endpoints.webhooks.path, { method: 'GET' })).json as
        | { endpoints?: Array<{ endpointId: string; url: string; events: string[]; state: string }> }
        | undefined
    )?.endpoints ?? []
  ).map(({ endpointId, url, events, state }) => `${endpointId}:${url}:${events.join(',')}:${state}`)
  const invitations = (team?.invitations ?? [])
    .map(({ invitationId, emailId, role, state }) => `${invitationId}:${emailId}:${role}:${state}`)
    .sort()
  return JSON.stringify([
    await browser.getDraft(),
    await browser.records(),
    record.json,
    comments.json,
    runs,
    members,
    invitations,
    webhooks,
  ])
}

function cellFor(name: string, owner: Owner, team: Team, caller: Caller, actor: Browser): Cell {
  const id = caller.ownIds ? actor.vendorUserId : owner.browser.vendorUserId
  const isOwner = caller.role === 'Owner'
  const recordId = owner.recordId
  const query = (values: Record<string, string>) => `?${new URLSearchParams(values)}`
  const runQuery = query({ vendor_user_id: id, portfolio_manager_id: recordId })
  if (name === 'runReport')
    return {
      method: 'GET',
      service: 'certification',
      path: endpointPath(RUN_REPORT_PATH, { runId: owner.runId }),
    }
  // Every stored event from the start: the owner's holds its records, runs and comments.
  if (name === 'events') return { method: 'GET', service: 'main', path: `${EVENTS_PATH}?after=0` }
  if (name === 'labEvents') return { method: 'GET', service: 'main', path: `${LAB_EVENTS_PATH}?after=0` }
  if (name === 'openApiDocument') return { method: 'GET', service: 'main', path: OPENAPI_PATH }
  if (name === 'apiDocs') return { method: 'GET', service: 'main', path: API_DOCS_PATH }
  const endpoint = endpoints[name as keyof typeof endpoints] as Endpoint
  const post = (body: unknown): Cell => ({
    method: 'POST',
    service: endpoint.service,
    path: endpoint.path,
    body,
  })
  const get = (suffix = ''): Cell => ({
    method: 'GET',
    service: endpoint.service,
    path: `${endpoint.path}${suffix}`,
  })
  switch (name) {
    case 'addressData':
      return get(query({ country: 'India' }))
    case 'login':
      // A wrong password for the owner's address from outsiders, for its own from the others (the
      // owner's address would be locked by then: LOGIN_FAILURES_PER_EMAIL). The login
      // without an organization tries its own, as a sixth outsider's try would lock the owner out.
      return post({
        emailId: (caller.ownIds || caller.noOrganization ? actor : owner.browser).email,
        password: 'Wrong#Password1',
      })
    case 'register':
      return post({
        firstName: 'Eve',
        lastName: 'Tester',
        emailId: owner.browser.email,
        reEnteredEmailId: owner.browser.email,
        organization: 'Eve Networks',
        lob: 'Wireline',
        phoneNumber: '98450 12345',
        countryCode: '+91',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      })
    case 'changePassword':
      return post({
        otp: '000000',
        emailId: owner.browser.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        id,
      })
    case 'forgotPassword':
      return post({ emailId: owner.browser.email })
    case 'resetPassword':
      return post({ otp: '000000', password: PASSWORD, confirmPassword: PASSWORD, id: randomUUID() })
    case 'getPortfolio':
    case 'listRecords':
      return post({ vendorUserId: id })
    case 'savePortfolio':
      return post(
        blankSavePayload(id, 1, { ...EXAMPLE_ORGANIZATION, description: `Saved by ${caller.name}` }),
      )
    case 'submitPortfolio':
      // A member submits from a draft of its own (none); an outsider names the owner's.
      return post(
        submittedDevicePayload(id, {
          savedPortfolioManagerId: (caller.ownIds && !isOwner ? '' : owner.draftId) || null,
        }),
      )
    case 'deleteRecord':
      return post({
        portfolioManagerId: isOwner
          ? owner.spareRecordId
          : caller.role === 'Engineer'
            ? owner.engineerRecordId
            : recordId,
      })
    case 'getRecord':
      return post({ vendorUserId: id, portfolioManagerId: recordId })
    case 'updateRecord':
      return post({
        ...EXAMPLE_DEVICE,
        deviceNumberList: ['UPD1'],
        baseFirmwareVersion: '6.6.6',
        vendorUserId: id,
        portfolioManagerId: recordId,
      })
    case 'reviseRecord':
      return post({
        portfolioManagerId: recordId,
        devicesToBeCertified: '1',
        deviceNumberList: ['REV1'],
        baseFirmwareVersion: '7.0.0',
        yearOfManufacturing: '2023',
        isEngBuildAvailable: 'No',
        vendorUserId: id,
      })
    case 'recordRevisions':
      return post({ vendorUserId: id, portfolioManagerId: recordId })
    case 'listComments':
      return post({ portfolioManagerId: recordId })
    case 'addComment':
      return post({ portfolioManagerId: recordId, text: `Comment by ${caller.name}` })
    case 'runTests':
    case 'rerunFailed':
    case 'cancelRun':
    case 'emailCertificate':
      return post({ vendor_user_id: id, portfolio_manager_id: recordId })
    case 'listRuns':
      return get(runQuery)
    case 'runResults':
    case 'certificatePdf':
      return {
        method: 'GET',
        service: 'certification',
        path: endpointPath(endpoint.path, { runId: owner.runId }),
      }
    case 'team':
      return get()
    case 'inviteMember':
      return post({ vendorUserId: id, emailId: uniqueEmail('invitee'), role: 'Viewer' })
    case 'resendInvitation':
    case 'revokeInvitation':
      return post({ vendorUserId: id, invitationId: team.pendingInvitationId })
    case 'changeRole':
      // The Owner promotes its spare Viewer; anyone else tries to make the Engineer an Owner.
      return isOwner
        ? post({ vendorUserId: id, accountId: team.spare.vendorUserId, role: 'Engineer' })
        : post({ vendorUserId: id, accountId: team.engineer.vendorUserId, role: 'Owner' })
    case 'removeMember':
      return post({
        vendorUserId: id,
        accountId: isOwner ? team.spare.vendorUserId : team.engineer.vendorUserId,
      })
    case 'leaveOrganization':
      return post({ vendorUserId: id })
    case 'activityLog':
      return get(query({ vendorUserId: id }))
    case 'activityExport':
      return get(query({ vendorUserId: id, format: 'csv' }))
    case 'getInvitation':
      return get(query({ token: isOwner ? team.ownerInviteToken : team.pendingToken }))
    case 'acceptInvitation':
      return post({ token: isOwner ? team.ownerInviteToken : team.pendingToken })
    case 'joinInvitation':
      return post({
        token: 'not-a-token',
        firstName: 'Rel',
        lastName: 'Matrix',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      })
    // The caller's own pending invitations (its session says whose).
    case 'pendingInvitations':
      return get()
    case 'switchOrganization':
      return post({ organizationId: owner.browser.organizationId })
    // The lab's calls name the owner's record and run, and the lab's spare member.
    case 'labQueue':
      return get(query({ search: owner.browser.email.split('@')[0] ?? '' }))
    case 'labRecord':
      return get(query({ portfolioManagerId: recordId }))
    // Unassigning: the record is nobody's before and after.
    case 'labAssign':
      return post({ portfolioManagerId: recordId, staffId: null })
    case 'labAddComment':
      return post({ portfolioManagerId: recordId, text: `Answer by ${caller.name}` })
    case 'labStartRun':
    case 'labRerunFailed':
    case 'labCancelRun':
      return post({ portfolioManagerId: recordId })
    case 'labReview':
      return post({ runId: owner.runId, decision: 'reject', reason: `Review by ${caller.name}` })
    case 'labStartMaintenance':
      return post({
        reason: `Maintenance by ${caller.name}`,
        expectedEnd: new Date(Date.now() + 3_600_000).toISOString(),
      })
    case 'labReviewSetting':
      return post({ reviewRequired: false })
    case 'labAddStaff':
      return post({ email: uniqueEmail('staff'), name: `Added by ${caller.name}`, role: 'Lab engineer' })
    case 'labChangeStaffRole':
      return post({ staffId: team.spareStaffId, role: 'Lab manager' })
    case 'labRemoveStaff':
      return post({ staffId: team.spareStaffId })
    // The programme's test plans: the generic plan, drafted, discarded and published by whoever may.
    case 'labTestPlans':
      return get()
    case 'labTestPlan':
      return get(query({ planId: 'generic' }))
    case 'labSaveTestPlanDraft':
      return post({
        planId: 'generic',
        cases: [
          {
            name: `Case drafted by ${caller.name}`,
            description: 'A case of the matrix.',
            firmwareSensitive: true,
            productClasses: [],
          },
        ],
      })
    case 'labDiscardTestPlanDraft':
    case 'labPublishTestPlan':
      return post({ planId: 'generic' })
    // The catalogue kept by the lab (docs/decisions/0034): decisions on a programme entry (409 for
    // whoever may decide), and the owner's organization approved as a manufacturer (then 409).
    case 'labCatalogue':
      return get()
    case 'labApproveCatalogueEntry':
      return post({ entryId: team.catalogueEntryId })
    case 'labMapCatalogueEntry':
      return post({ entryId: team.catalogueEntryId, mapTo: 'Beacon 6' })
    case 'labDeclineCatalogueEntry':
      return post({ entryId: team.catalogueEntryId, reason: `Declined by ${caller.name}` })
    case 'labApproveManufacturer':
      return post({ organizationId: owner.browser.organizationId })
    case 'catalogueAdditions':
      return get()
    case 'labSetPasswordInfo':
      return get(query({ token: 'not-a-token' }))
    case 'labSetPassword':
      return post({ token: 'not-a-token', password: PASSWORD, confirmPassword: PASSWORD })
    // The token calls (a session's only).
    case 'listApiTokens':
      return get(query({ vendorUserId: id }))
    case 'createApiToken':
      return post({ vendorUserId: id, name: `By ${caller.name} ${randomUUID().slice(0, 8)}`, scope: 'read' })
    case 'revokeApiToken':
      return post({ vendorUserId: id, tokenId: owner.apiTokenId || 'no-token' })
    case 'publishCertificate':
      return post({
        vendorUserId: id,
        number: owner.certificateNumber || 'DCP-0000-0000-0000',
        published: true,
      })
    case 'labRevokeCertificate':
      return post({
        number: owner.certificateNumber || 'DCP-0000-0000-0000',
        reason: `Revoked by ${caller.name}`,
      })
    // Every caller's own switch; a token nobody was given (a forged one) for the link.
    case 'updateNotificationSetting':
      return post({ kind: 'maintenance', enabled: true })
    case 'labUpdateNotificationSetting':
      return post({ kind: 'vendorComment', enabled: true })
    case 'unsubscribeInfo':
      return get(query({ token: FORGED_UNSUBSCRIBE_TOKEN }))
    case 'unsubscribe':
      return post({ token: FORGED_UNSUBSCRIBE_TOKEN })
    case 'certificate':
      return {
        method: 'GET',
        service: 'main',
        path: endpointPath(endpoint.path, { number: 'DCP-0000-0000-0000' }),
      }
    // Webhooks name the owner's endpoint and delivery; the Owner deletes its spare.
    case 'webhooks':
      return get()
    case 'createWebhook':
      return post({
        vendorUserId: id,
        url: `http://127.0.0.1:9/hooks/${randomUUID().slice(0, 8)}`,
        events: ['run.started'],
      })
    case 'updateWebhook':
      return post({ vendorUserId: id, endpointId: owner.webhookEndpointId, events: ['run.finished'] })
    case 'editWebhook':
      return post({
        vendorUserId: id,
        endpointId: owner.webhookEndpointId,
        url: `http://127.0.0.1:9/hooks/${randomUUID().slice(0, 8)}`,
        events: ['run.finished'],
      })
    case 'deleteWebhook':
      return post({
        vendorUserId: id,
        endpointId: isOwner ? owner.spareWebhookEndpointId : owner.webhookEndpointId,
      })
    case 'webhookDeliveries':
      return get(query({ endpointId: owner.webhookEndpointId }))
    case 'webhookDelivery':
      return get(query({ deliveryId: owner.webhookDeliveryId }))
    case 'redeliverWebhook':
      return post({ vendorUserId: id, deliveryId: owner.webhookDeliveryId })
    case 'pingWebhook':
    case 'rotateWebhookSecret':
      return post({ vendorUserId: id, endpointId: owner.webhookEndpointId })
    default:
      return endpoint.method === 'GET' ? get() : post({})
  }
}

/**
 * The live stream (GET /api/events, docs/decisions/0020) from the start of the caller's stored
 * events: what it sends in its first STREAM_READ_MS, as one answer. A stream never ends by
 * itself, so the read is cut there.
 */
const STREAM_READ_MS = 700

async function readStream(browser: Browser, path: string): Promise<Answer> {
  const controller = new AbortController()
  const node = browser.pick()
  const timer = setTimeout(() => controller.abort(), STREAM_READ_MS)
  let status = 0
  let headers = new Headers()
  let text = ''
  try {
    const response = await fetch(`${node.base}${path}`, {
      headers: browser.bearer
        ? { Authorization: `Bearer ${browser.bearer}` }
        : browser.cookie
          ? { Cookie: browser.cookie }
          : {},
      signal: controller.signal,
    })
    ;({ status, headers } = response)
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
    while (reader) {
      const { value, done } = await reader.read()
      if (done) break
      text += value
    }
  } catch {
    // Cut at STREAM_READ_MS: what came so far is the answer.
  } finally {
    clearTimeout(timer)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status, contentType: headers.get('Content-Type') ?? '', headers, text, json, failed: status === 0 }
}

async function send(browser: Browser, cell: Cell): Promise<Answer> {
  if (cell.path.startsWith(EVENTS_PATH) || cell.path.startsWith(LAB_EVENTS_PATH))
    return readStream(browser, cell.path)
  const options = { method: cell.method, ...(cell.method === 'POST' ? { body: cell.body } : {}) }
  return cell.service === 'main' ? browser.call(cell.path, options) : browser.cert(cell.path, options)
}

const REFUSALS = new Set([401, 403, 404])

/** Why an answer is wrong for what was expected of it, or undefined when it is right. */
function wrongAnswer(expectation: Expectation, answer: Answer): string | undefined {
  switch (expectation.kind) {
    case 'refused':
      return REFUSALS.has(answer.status) ? undefined : `answered ${answer.status} (expected 401/403/404)`
    case 'role': {
      const message = (answer.json as { message?: string } | undefined)?.message
      const reason = ROLE_REFUSALS[expectation.permission as Exclude<Permission, 'read'>]
      return answer.status === 403 && message === reason
        ? undefined
        : `answered ${answer.status} ${answer.text.slice(0, 100)} (expected 403 "${reason}")`
    }
    case 'allowed':
      return answer.status < 400 || answer.status === 409
        ? undefined
        : `refused a call its role may make: ${answer.status} ${answer.text.slice(0, 100)}`
    case 'any':
      return undefined
    case 'through':
      return [401, 403, 429].includes(answer.status) || answer.status >= 500
        ? `answered ${answer.status} ${answer.text.slice(0, 100)} (expected the token to get through)`
        : undefined
    case 'message': {
      const message = (answer.json as { message?: string } | undefined)?.message
      return answer.status === expectation.status && message === expectation.message
        ? undefined
        : `answered ${answer.status} ${answer.text.slice(0, 100)} (expected ${expectation.status} "${expectation.message}")`
    }
  }
}

/**
 * The owner's tokens as pipelines hold them — read, read-write, and one revoked — each a
 * Browser that sends only `Authorization: Bearer`; and a spare token the Owner's revoke cell revokes.
 */
async function ownerTokens(deployment: Deployment, figures: Figures, owner: Owner) {
  const create = async (name: string, scope: 'read' | 'read-write') => {
    const answer = await owner.browser.post(endpoints.createApiToken.path, {
      vendorUserId: owner.browser.vendorUserId,
      name,
      scope,
      expiresInDays: 1,
    })
    countAnswer(figures, answer)
    const created = answer.json as CreateApiTokenAnswer | undefined
    if (answer.status !== 200 || !created) throw new Error(`Token failed: ${answer.status} ${answer.text}`)
    owner.secrets.push(created.secret, created.token.tokenId)
    owner.personalSecrets.push(created.secret, created.token.tokenId)
    return created
  }
  const pipeline = (secret: string) => {
    const browser = new Browser(deployment.nodes)
    Object.assign(browser, {
      bearer: secret,
      vendorUserId: owner.browser.vendorUserId,
      email: owner.browser.email,
      organizationId: owner.browser.organizationId,
      role: 'Owner',
    })
    return browser
  }
  const read = await create('Matrix read', 'read')
  const readWrite = await create('Matrix read-write', 'read-write')
  const revoked = await create('Matrix revoked', 'read')
  const revocation = await owner.browser.post(endpoints.revokeApiToken.path, {
    vendorUserId: owner.browser.vendorUserId,
    tokenId: revoked.token.tokenId,
  })
  countAnswer(figures, revocation)
  if (revocation.status !== 200) throw new Error(`Revoke failed: ${revocation.status} ${revocation.text}`)
  owner.apiTokenId = (await create('Matrix spare', 'read')).token.tokenId
  return {
    read: pipeline(read.secret),
    'read-write': pipeline(readWrite.secret),
    revoked: pipeline(revoked.secret),
  }
}

/** A read-write token of `vendor`'s, as a pipeline holds it (a Browser sending only the bearer). */
async function pipelineOf(deployment: Deployment, figures: Figures, vendor: Browser) {
  const answer = await vendor.post(endpoints.createApiToken.path, {
    vendorUserId: vendor.vendorUserId,
    name: 'Matrix pipeline',
    scope: 'read-write',
  })
  countAnswer(figures, answer)
  const created = answer.json as CreateApiTokenAnswer | undefined
  if (answer.status !== 200 || !created) throw new Error(`Token failed: ${answer.status} ${answer.text}`)
  const browser = new Browser(deployment.nodes)
  Object.assign(browser, { bearer: created.secret, vendorUserId: vendor.vendorUserId, email: vendor.email })
  return browser
}

/** The order of a caller's cells: leaving its organization, then logging out, last. */
const orderOf = (names: string[]) => [
  ...names.filter((name) => name !== 'logout' && name !== 'leaveOrganization'),
  'leaveOrganization',
  'logout',
]

interface MatrixContext {
  deployment: Deployment
  figures: Figures
  owner: Owner
  team: Team
  /** The owner's data as last read, and how many times it was read. */
  reading: { before: string; views: number }
  leakNotes: string[]
}

/**
 * One caller's row of the matrix.
 *
 * The owner's data is read between runs of cells, not after each: first the cells that may not
 * change it since the last reading (`unread`), then a call that may (an allowed one), whose change
 * becomes the new reference (`absorbing`). A change names every cell of its run. With the target at
 * 0, a run of refusals is as good a unit as one cell, and the readings (seven calls each) go from
 * 1,313 to a few hundred.
 */
async function matrixRow(context: MatrixContext, caller: Caller, names: string[]) {
  const { deployment, figures, owner, team, reading } = context
  const tally = { leaks: 0, changes: 0, wrong: 0, cells: 0 }
  // The owner's tokens act as the owner (its data is theirs to read), but their changes are
  // compared: a read token must change nothing.
  const isOwner = caller.role === 'Owner' && caller.apiToken === undefined
  const secrets =
    caller.lab !== undefined
      ? []
      : caller.role === undefined
        ? owner.secrets
        : caller.role === 'Owner'
          ? []
          : owner.personalSecrets
  let unread: string[] = []
  let absorbing = false
  const compareUnread = async () => {
    if (unread.length === 0) return
    const after = await ownerView(owner)
    reading.views += 1
    if (after !== reading.before) {
      tally.changes += 1
      figures.notes.push(`matrix: ${caller.name} × ${unread.join(' / ')} changed the owner's data`)
      reading.before = after
    }
    unread = []
  }
  const readReference = async () => {
    if (!absorbing) return
    reading.before = await ownerView(owner)
    reading.views += 1
    absorbing = false
  }
  for (const name of orderOf(names)) {
    const expectation = expectationOf(name, caller)
    if (!isOwner) await (expectation.kind === 'allowed' ? compareUnread() : readReference())
    const answer = await sendAs(
      deployment,
      caller,
      name,
      isOwner,
      cellFor(name, owner, team, caller, await caller.browser()),
    )
    countAnswer(figures, answer.answer)
    tally.cells += 1
    const leaked = secrets.filter(
      (secret) => answer.answer.text.includes(secret) && !answer.sent.includes(secret),
    )
    if (leaked.length > 0) {
      tally.leaks += 1
      context.leakNotes.push(`${caller.name} × ${name}: ${answer.answer.status} shows ${leaked.join(', ')}`)
    }
    const wrong = wrongAnswer(expectation, answer.answer)
    if (wrong !== undefined) {
      tally.wrong += 1
      figures.notes.push(`matrix: ${caller.name} × ${name} ${wrong}`)
    }
    // The owner's own calls change its data: its cells are not compared.
    if (isOwner) continue
    if (expectation.kind === 'allowed') absorbing = true
    else unread.push(name)
  }
  await compareUnread()
  await readReference()
  // The Owner's own cells changed its data: the callers after it compare from here.
  if (isOwner) reading.before = await ownerView(owner)
  return tally
}

/**
 * Sends a cell as its caller. A logout is sent from a second session of the caller's own, so that
 * the first one stays signed in; the owner's wrong-password login too. (A member has left its
 * organization by then: it logs out its own session.) A token's calls make no session: its logout
 * is refused like any session's call.
 */
async function sendAs(deployment: Deployment, caller: Caller, name: string, isOwner: boolean, cell: Cell) {
  let browser = await caller.browser()
  const secondSession =
    caller.session &&
    browser.bearer === '' &&
    ((name === 'logout' && (caller.role === undefined || isOwner)) || (isOwner && name === 'login'))
  if (secondSession) {
    browser = new Browser(deployment.nodes)
    await browser.bootstrap()
    if (name === 'logout') await browser.login((await caller.browser()).email)
  }
  const answer = await send(browser, cell)
  // A second login may end the first session: the caller signs in again.
  if (secondSession && name === 'logout' && !isOwner) {
    const first = await caller.browser()
    first.cookie = ''
    await first.bootstrap()
    await first.login()
  }
  return { answer, sent: `${cell.path} ${JSON.stringify(cell.body ?? '')}` }
}

export async function authorisationMatrix(deployment: Deployment, figures: Figures) {
  const started = Date.now()
  const owner = await makeOwner(deployment, figures)
  const other = await registerVendor(deployment.nodes, 'other')
  const team = await makeTeam(deployment, figures, owner)
  const loggedOut = await registerVendor(deployment.nodes, 'leaver')
  const leaverSession = { cookie: loggedOut.cookie, token: loggedOut.token }
  countAnswer(figures, await loggedOut.post(endpoints.logout.path, {}))
  Object.assign(loggedOut, leaverSession)
  const tokens = await ownerTokens(deployment, figures, owner)
  const otherToken = await pipelineOf(deployment, figures, other)
  const names = [...Object.keys(endpoints), 'runReport', 'events', 'labEvents', 'openApiDocument', 'apiDocs']
  const callers: Caller[] = [
    {
      name: 'anonymous',
      session: false,
      ownIds: false,
      browser: async () => {
        const browser = new Browser(deployment.nodes)
        await browser.bootstrap()
        return browser
      },
    },
    { name: 'other vendor', session: true, ownIds: false, browser: async () => other },
    // Another organization's read-write token, on the owner's resources.
    {
      name: "other vendor's token",
      session: true,
      ownIds: false,
      foreignToken: true,
      browser: async () => otherToken,
    },
    { name: 'logged-out cookie', session: false, ownIds: false, browser: async () => loggedOut },
    { name: 'removed member', session: false, ownIds: true, browser: async () => team.removed },
    // Logged in again without an organization, naming the owner's resources.
    {
      name: 'no organization',
      session: false,
      ownIds: false,
      noOrganization: true,
      browser: async () => team.noOrganization,
    },
    { name: 'Viewer', role: 'Viewer', session: true, ownIds: true, browser: async () => team.viewer },
    { name: 'Engineer', role: 'Engineer', session: true, ownIds: true, browser: async () => team.engineer },
    { name: 'Owner', role: 'Owner', session: true, ownIds: true, browser: async () => owner.browser },
    // The owner's API tokens, after the Owner (see tokenExpectationOf).
    ...(['read', 'read-write', 'revoked'] as const).map((scope): Caller => ({
      name: `owner's ${scope} token`,
      role: 'Owner',
      apiToken: scope,
      session: true,
      ownIds: true,
      browser: async () => tokens[scope],
    })),
    // The lab's staff see every organization (no leaks to count); every vendor call is refused them.
    {
      name: 'Lab engineer',
      lab: 'Lab engineer',
      session: true,
      ownIds: true,
      browser: async () => team.labEngineer,
    },
    {
      name: 'Lab manager',
      lab: 'Lab manager',
      session: true,
      ownIds: true,
      browser: async () => team.labManager,
    },
  ]
  const rows: Array<Array<string | number>> = []
  const reading = { before: await ownerView(owner), views: 1 }
  const leakNotes: string[] = []
  const context = { deployment, figures, owner, team, reading, leakNotes }
  for (const caller of callers) {
    const tally = await matrixRow(context, caller, names)
    rows.push([caller.name, tally.cells, tally.leaks, tally.changes, tally.wrong])
    figures.leaks += tally.leaks
    figures.forbiddenChanges += tally.changes
    figures.wrongRefusals += tally.wrong
    figures.matrixCells += tally.cells
  }
  figures.notes.push(...leakNotes.map((note) => `leak: ${note}`))
  console.log(
    `\n### 1. Authorisation matrix (${deployment.backend}): ${names.length} endpoints × ${callers.length} callers`,
  )
  printTable(['caller', 'cells', 'leaks', 'forbidden changes', 'wrong answers'], rows)
  const total = (column: number) => rows.reduce((sum, row) => sum + Number(row[column]), 0)
  console.log(
    `Summary: ${total(2)} leaks, ${total(3)} forbidden changes, ${total(4)} wrong answers, ` +
      `the owner's data read ${reading.views} times (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
}
