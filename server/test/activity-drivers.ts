import { endpoints, type EndpointName } from '@/contract/endpoints'
import type { LabCatalogueAnswer } from '@/contract/catalogue-review'
import { EXAMPLE_DEVICE } from '@/contract/fixtures/payloads'
import type { ActivityAction } from '@/contract/team'
import { ok, type World } from './activity-world.ts'
import { TEST_PASSWORD } from './portal.ts'

/*
 * For every endpoint that writes an activity line: how to call it successfully in the World (what
 * it needs made first, then the one call), and the action its line carries. The test
 * (server/organizations/activity-coverage.test.ts) runs them in this order, counting the lines the
 * call alone writes.
 */

export type Driver = {
  action: ActivityAction
  /** Makes what the call needs; answers the call itself. */
  prepare(w: World): Promise<() => Promise<unknown>>
}

const run = (w: World, name: 'runTests' | 'rerunFailed' | 'cancelRun' | 'emailCertificate', id: string) =>
  w.owner.browser.cert(endpoints[name].path, {
    body: { vendor_user_id: w.owner.id, portfolio_manager_id: id },
  })

const post = (w: World, name: EndpointName, body: object) =>
  w.owner.browser.post(endpoints[name].path, { vendorUserId: w.owner.id, ...body })

const lab = (w: World, name: EndpointName, body: object) => w.manager.browser.post(endpoints[name].path, body)

/** A name the catalogue lacks, added by the Owner's submission, waiting in the lab's review. */
async function pendingEntry(w: World, deviceName: string) {
  await w.submit([`NEW${deviceName.replace(/\W/g, '')}01`], {
    vendor: 'TP-Link',
    deviceName,
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
  })
  const answer = await w.manager.browser.call(endpoints.labCatalogue.path, { method: 'GET' })
  const { entries } = (await ok(answer)) as unknown as LabCatalogueAnswer
  const entry = entries.find((item) => item.kind === 'device-name' && item.value === deviceName)
  if (!entry) throw new Error(`${deviceName} is not in the lab's catalogue.`)
  return entry.entryId
}

async function latestRunId(w: World, id: string) {
  const row = await w.test.database.db
    .selectFrom('certification_runs')
    .select('run_id')
    .where('portfolio_manager_id', '=', id)
    .orderBy('attempt', 'desc')
    .executeTakeFirstOrThrow()
  return row.run_id
}

/** Holds the lab, starts a run on a new record (its own line, before the count), and answers it. */
async function heldRun(w: World, start: () => Promise<Response>) {
  w.hold()
  await ok(await start())
  return async (call: () => Promise<Response>) => {
    const answer = await ok(await call())
    w.release()
    await w.settle()
    return answer
  }
}

const vendorDrivers: Partial<Record<EndpointName, Driver>> = {
  joinInvitation: {
    action: 'member.joined',
    async prepare(w) {
      const { token } = await w.invite('nora.newcomer@example.com')
      const browser = await w.newBrowser()
      const body = {
        token,
        firstName: 'Nora',
        lastName: 'Newcomer',
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      }
      return async () => ok(await browser.post(endpoints.joinInvitation.path, body))
    },
  },
  submitPortfolio: {
    action: 'record.submitted',
    prepare: async (w) => () => w.submit(['AUDIT0001', 'AUDIT0002']),
  },
  deleteRecord: {
    action: 'record.deleted',
    async prepare(w) {
      const id = await w.submit(['AUDIT0101'])
      return async () => ok(await post(w, 'deleteRecord', { portfolioManagerId: id }))
    },
  },
  updateRecord: {
    action: 'record.edited',
    async prepare(w) {
      const id = await w.submit(['AUDIT0201'])
      const body = {
        ...EXAMPLE_DEVICE,
        devicesToBeCertified: '1',
        deviceNumberList: ['AUDIT0202'],
        portfolioManagerId: id,
      }
      return async () => ok(await post(w, 'updateRecord', body))
    },
  },
  reviseRecord: {
    action: 'record.revised',
    async prepare(w) {
      const { id } = await w.certified('AUDIT0301')
      const body = {
        portfolioManagerId: id,
        devicesToBeCertified: '1',
        deviceNumberList: ['AUDIT0302'],
        baseFirmwareVersion: '3.0.0',
        yearOfManufacturing: '2024',
        isEngBuildAvailable: 'Yes',
      }
      return async () => ok(await post(w, 'reviseRecord', body))
    },
  },
  addComment: {
    action: 'comment.added',
    async prepare(w) {
      const id = await w.submit(['AUDIT0401'])
      return async () => ok(await post(w, 'addComment', { portfolioManagerId: id, text: 'Sample shipped.' }))
    },
  },
  runTests: {
    action: 'run.started',
    async prepare(w) {
      const id = await w.submit(['AUDIT0501'])
      return async () => {
        await ok(await run(w, 'runTests', id))
        await w.settle()
      }
    },
  },
  rerunFailed: {
    action: 'run.rerun',
    async prepare(w) {
      const id = await w.ranRecord(['RETEST0601'])
      return async () => {
        await ok(await run(w, 'rerunFailed', id))
        await w.settle()
      }
    },
  },
  cancelRun: {
    action: 'run.cancelled',
    async prepare(w) {
      const id = await w.submit(['AUDIT0701'])
      const then = await heldRun(w, () => run(w, 'runTests', id))
      return () => then(() => run(w, 'cancelRun', id))
    },
  },
  emailCertificate: {
    action: 'certificate.emailed',
    async prepare(w) {
      const { id } = await w.certified('AUDIT0801')
      return async () => ok(await run(w, 'emailCertificate', id))
    },
  },
  publishCertificate: {
    action: 'certificate.listed',
    async prepare(w) {
      const { number } = await w.certified('AUDIT0901')
      return async () => ok(await post(w, 'publishCertificate', { number, published: true }))
    },
  },
  inviteMember: {
    action: 'member.invited',
    prepare: async (w) => () => w.invite('ivy.invited@example.com'),
  },
  resendInvitation: {
    action: 'invitation.resent',
    async prepare(w) {
      const { invitationId } = await w.invite('rita.resent@example.com')
      return async () => ok(await post(w, 'resendInvitation', { invitationId }))
    },
  },
  revokeInvitation: {
    action: 'invitation.revoked',
    async prepare(w) {
      const { invitationId } = await w.invite('rory.revoked@example.com')
      return async () => ok(await post(w, 'revokeInvitation', { invitationId }))
    },
  },
  changeRole: {
    action: 'member.role-changed',
    async prepare(w) {
      const member = await w.member('cleo.changed@example.com', 'Cleo')
      return async () => ok(await post(w, 'changeRole', { accountId: member.id, role: 'Engineer' }))
    },
  },
  removeMember: {
    action: 'member.removed',
    async prepare(w) {
      const member = await w.member('remy.removed@example.com', 'Remy')
      return async () => ok(await post(w, 'removeMember', { accountId: member.id }))
    },
  },
  leaveOrganization: {
    action: 'member.left',
    async prepare(w) {
      const member = await w.member('lea.leaving@example.com', 'Lea')
      const path = endpoints.leaveOrganization.path
      return async () => ok(await member.browser.post(path, { vendorUserId: member.id }))
    },
  },
  acceptInvitation: {
    action: 'member.joined',
    async prepare(w) {
      const joiner = await w.vendor('jo.joiner@example.com', 'Jo')
      const { invitationId } = await w.invite('jo.joiner@example.com')
      return async () => ok(await joiner.browser.post(endpoints.acceptInvitation.path, { invitationId }))
    },
  },
  createApiToken: {
    action: 'token.created',
    prepare: async (w) => async () =>
      ok(await post(w, 'createApiToken', { name: 'Nightly CI', scope: 'read' })),
  },
  revokeApiToken: {
    action: 'token.revoked',
    async prepare(w) {
      const created = await ok(await post(w, 'createApiToken', { name: 'Old CI', scope: 'read' }))
      const tokenId = (created.token as { tokenId: string }).tokenId
      return async () => ok(await post(w, 'revokeApiToken', { tokenId }))
    },
  },
}

const webhookDrivers: Partial<Record<EndpointName, Driver>> = {
  createWebhook: {
    action: 'webhook.created',
    prepare: async (w) => async () =>
      ok(await post(w, 'createWebhook', { url: 'https://ci.example.com/a', events: ['run.finished'] })),
  },
  updateWebhook: {
    action: 'webhook.updated',
    async prepare(w) {
      const endpointId = await webhook(w, 'https://ci.example.com/b')
      return async () => ok(await post(w, 'updateWebhook', { endpointId, events: ['run.started'] }))
    },
  },
  editWebhook: {
    action: 'webhook.updated',
    async prepare(w) {
      const endpointId = await webhook(w, 'https://ci.example.com/e')
      const body = {
        endpointId,
        url: 'https://ci.example.com/e2',
        events: ['run.finished'],
        description: 'CI',
      }
      return async () => ok(await post(w, 'editWebhook', body))
    },
  },
  pingWebhook: {
    action: 'webhook.test-sent',
    async prepare(w) {
      const endpointId = await webhook(w, 'https://ci.example.com/f')
      return async () => ok(await post(w, 'pingWebhook', { endpointId }))
    },
  },
  redeliverWebhook: {
    action: 'webhook.resent',
    async prepare(w) {
      const endpointId = await webhook(w, 'https://ci.example.com/g')
      await ok(await post(w, 'pingWebhook', { endpointId }))
      const row = await w.test.database.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow()
      return async () => ok(await post(w, 'redeliverWebhook', { deliveryId: row.id }))
    },
  },
  deleteWebhook: {
    action: 'webhook.deleted',
    async prepare(w) {
      const endpointId = await webhook(w, 'https://ci.example.com/c')
      return async () => ok(await post(w, 'deleteWebhook', { endpointId }))
    },
  },
  rotateWebhookSecret: {
    action: 'webhook.secret-rotated',
    async prepare(w) {
      const endpointId = await webhook(w, 'https://ci.example.com/d')
      return async () => ok(await post(w, 'rotateWebhookSecret', { endpointId }))
    },
  },
}

async function webhook(w: World, url: string) {
  const created = await ok(await post(w, 'createWebhook', { url, events: ['run.finished'] }))
  return (created.endpoint as { endpointId: string }).endpointId
}

const labDrivers: Partial<Record<EndpointName, Driver>> = {
  labAddComment: {
    action: 'comment.added',
    async prepare(w) {
      const id = await w.submit(['AUDIT1001'])
      return async () => ok(await lab(w, 'labAddComment', { portfolioManagerId: id, text: 'Received.' }))
    },
  },
  labStartRun: {
    action: 'run.started',
    async prepare(w) {
      const id = await w.submit(['AUDIT1101'])
      return async () => {
        await ok(await lab(w, 'labStartRun', { portfolioManagerId: id }))
        await w.settle()
      }
    },
  },
  labRerunFailed: {
    action: 'run.rerun',
    async prepare(w) {
      const id = await w.ranRecord(['RETEST1201'])
      return async () => {
        await ok(await lab(w, 'labRerunFailed', { portfolioManagerId: id }))
        await w.settle()
      }
    },
  },
  labCancelRun: {
    action: 'run.cancelled',
    async prepare(w) {
      const id = await w.submit(['AUDIT1301'])
      const then = await heldRun(w, () => run(w, 'runTests', id))
      return () => then(() => lab(w, 'labCancelRun', { portfolioManagerId: id }))
    },
  },
  labReview: {
    action: 'run.approved',
    async prepare(w) {
      await ok(await lab(w, 'labReviewSetting', { reviewRequired: true }))
      const id = await w.ranRecord(['AUDIT1401'])
      await ok(await lab(w, 'labReviewSetting', { reviewRequired: false }))
      const runId = await latestRunId(w, id)
      return async () => ok(await lab(w, 'labReview', { runId, decision: 'approve' }))
    },
  },
  labRevokeCertificate: {
    action: 'certificate.revoked',
    async prepare(w) {
      const { number } = await w.certified('AUDIT1501')
      return async () => ok(await lab(w, 'labRevokeCertificate', { number, reason: 'Mislabelled unit.' }))
    },
  },
  labApproveCatalogueEntry: {
    action: 'catalogue.approved',
    async prepare(w) {
      const entryId = await pendingEntry(w, 'Deco A1')
      return async () => ok(await lab(w, 'labApproveCatalogueEntry', { entryId }))
    },
  },
  labMapCatalogueEntry: {
    action: 'catalogue.mapped',
    async prepare(w) {
      const entryId = await pendingEntry(w, 'Deco M1')
      return async () => ok(await lab(w, 'labMapCatalogueEntry', { entryId, mapTo: 'Deco X50' }))
    },
  },
  labDeclineCatalogueEntry: {
    action: 'catalogue.declined',
    async prepare(w) {
      const entryId = await pendingEntry(w, 'Deco D1')
      return async () => ok(await lab(w, 'labDeclineCatalogueEntry', { entryId, reason: 'Misspelt.' }))
    },
  },
  labApproveManufacturer: {
    action: 'catalogue.manufacturer-approved',
    prepare: async (w) => async () =>
      ok(await lab(w, 'labApproveManufacturer', { organizationId: w.owner.organizationId })),
  },
}

/** Every endpoint that writes one line to the acting (or acted-on) organization's log. */
export const LOGGING_DRIVERS: Partial<Record<EndpointName, Driver>> = {
  ...vendorDrivers,
  ...webhookDrivers,
  ...labDrivers,
}
