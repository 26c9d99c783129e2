import { type HttpHandler, HttpResponse } from 'msw'
import { SAVE_SECTION_MESSAGES } from '@/contract/messages'
import {
  type RecordDetails,
  SAVE_SECTION_FIELDS,
  type SavePayload,
  type SavedPortfolio,
  type SubmitPayload,
  IDEMPOTENCY_KEY_HEADER,
} from '@/contract/portfolio'
import {
  newInCatalogue,
  portfolioPayloadProblem,
  type PortfolioPayloadCheck,
} from '@/contract/portfolio-rules'
import { EVENTS_SEQ_HEADER } from '@/contract/events'
import * as said from '@/contract/server-messages'
import { catalogueFixture } from '@/mocks/fixtures/catalogue'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { answer, badRequest, mockEndpoint, nextId, ownRecord, vendorEndpoint } from '@/mocks/mock-endpoint'
import { accountHandlers } from '@/mocks/account-handlers'
import { activityHandlers } from '@/mocks/activity-handlers'
import { certificateHandlers } from '@/mocks/certificate-handlers'
import { labHandlers } from '@/mocks/lab-handlers'
import { testPlanHandlers } from '@/mocks/test-plan-handlers'
import { catalogueReviewHandlers } from '@/mocks/catalogue-review-handlers'
import { teamHandlers } from '@/mocks/team-handlers'
import { notificationHandlers } from '@/mocks/notification-handlers'
import { apiTokenHandlers } from '@/mocks/api-token-handlers'
import { runHandlers } from '@/mocks/run-handlers'
import { webhookHandlers } from '@/mocks/webhook-handlers'
import { recordRevisionDetails, revisedRecordRefusal, revisionHandlers } from '@/mocks/revision-handlers'

export { endpointUrl, FIXTURE_TOKEN } from '@/mocks/mock-endpoint'

/*
 * MSW handlers for every call of the endpoint table, answering from the fixture world. Each is made
 * by mockEndpoint (mock-endpoint.ts), which reads the input with the endpoint's schema and answers
 * a bad request or an unknown vendor as the services do; a save, submit or record update also
 * passes the services' portfolio rules. A refused request changes nothing.
 */

/**
 * The portfolio rules the main service applies to a save, submit or record update
 * (src/contract/portfolio-rules.ts), with the fixture catalogue saying which device values are
 * new: the 400 the server would answer, or undefined.
 */
function portfolioRefusal(check: PortfolioPayloadCheck) {
  const problem = portfolioPayloadProblem(check, newInCatalogue(check.payload, catalogueFixture()))
  return problem === undefined ? undefined : badRequest(problem)
}

function draftFields(payload: SavePayload | SubmitPayload, section: 0 | 1 | 2 | 3) {
  const names =
    section === 0
      ? [...SAVE_SECTION_FIELDS[1], ...SAVE_SECTION_FIELDS[2], ...SAVE_SECTION_FIELDS[3]]
      : SAVE_SECTION_FIELDS[section]
  return Object.fromEntries(names.map((name) => [name, payload[name]])) as Partial<SavedPortfolio>
}

export const handlers: HttpHandler[] = [
  // Session, sign-in, registration and passwords (account-handlers.ts).
  ...accountHandlers,

  mockEndpoint('catalogue', () => HttpResponse.json(catalogueFixture())),

  vendorEndpoint('getPortfolio', ({ vendor }) => {
    if (vendor.portfolio)
      return HttpResponse.json({ ...vendor.portfolio, registrationDetails: vendor.registration })
    return HttpResponse.json({
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: null,
      registrationDetails: vendor.registration,
    } satisfies SavedPortfolio)
  }),

  vendorEndpoint('savePortfolio', ({ body, vendor }) => {
    const refused = portfolioRefusal({ call: 'save', payload: body })
    if (refused) return refused
    const savedPortfolioManagerId =
      vendor.portfolio?.portfolioManagerSavedDetails?.savedPortfolioManagerId ?? nextId('pm-draft')
    vendor.portfolio = {
      ...(vendor.portfolio?.isPortfolioManagerReqSubmitted === 'NO' ? vendor.portfolio : {}),
      ...draftFields(body, body.saveSection),
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: { savedPortfolioManagerId },
    }
    vendor.authData = {
      ...vendor.authData,
      isPortfolioManagerPreviousReqSaved: 'YES',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    }
    return HttpResponse.json({ message: SAVE_SECTION_MESSAGES[body.saveSection] })
  }),

  vendorEndpoint('submitPortfolio', ({ body: payload, vendor, request }) => {
    // A repeat of one press of Submit gets the first answer and changes nothing (decision 0015).
    const key = request.headers.get(IDEMPOTENCY_KEY_HEADER)
    const answerKey = key === null ? undefined : `${vendor.authData.vendorUserId} ${key}`
    const earlier = answerKey === undefined ? undefined : world.submitAnswers.get(answerKey)
    if (earlier) return HttpResponse.json(earlier)
    const refused = portfolioRefusal({ call: 'submit', payload })
    if (refused) return refused
    const draftId = payload.savedPortfolioManagerId
    if (draftId !== null && world.submittedDrafts.has(draftId)) {
      return answer(said.ALREADY_SUBMITTED_MESSAGE, 409)
    }
    if (
      draftId !== null &&
      vendor.portfolio?.portfolioManagerSavedDetails?.savedPortfolioManagerId !== draftId
    ) {
      return badRequest({ message: said.UNKNOWN_DRAFT_MESSAGE, field: 'savedPortfolioManagerId' })
    }
    if (answerKey !== undefined)
      world.submitAnswers.set(answerKey, { message: said.PORTFOLIO_SUBMITTED_MESSAGE })
    if (draftId !== null) world.submittedDrafts.add(draftId)
    const portfolioManagerId = nextId('pm')
    world.recordExtras.set(portfolioManagerId, {
      organizationName: payload.organizationName,
      devicesToBeCertified: payload.devicesToBeCertified,
      deviceNumberList: payload.deviceNumberList.filter((serial) => serial !== ''),
      yearOfManufacturing: payload.yearOfManufacturing,
      isEngBuildAvailable: payload.isEngBuildAvailable,
    })
    world.records.unshift({
      portfolioManagerId,
      vendor: payload.vendor,
      deviceName: payload.deviceName,
      deviceType: payload.deviceType,
      productClass: payload.productClass,
      baseFirmwareVersion: payload.baseFirmwareVersion,
      businessDomain: payload.businessDomain,
      creationTime: FIXTURE_NOW.toISOString(),
      createdBy: vendor.authData.name,
      status: 'Submitted',
      isCertified: '',
    })
    vendor.portfolio = {
      ...draftFields(payload, 0),
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerReqSubmitted: 'YES',
      portfolioManagerSavedDetails: null,
    }
    vendor.authData = {
      ...vendor.authData,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerSubmittedDataExists: 'YES',
    }
    return answer(said.PORTFOLIO_SUBMITTED_MESSAGE)
  }),

  vendorEndpoint('listRecords', ({ vendor }) => {
    const list = world.records.filter((record) => record.createdBy === vendor.authData.name)
    // The seq the world is as of, as the server's X-Events-Seq (the fake stream's hello agrees).
    return HttpResponse.json(
      { portfolioManagerSubmittedDetailsList: list },
      { headers: { [EVENTS_SEQ_HEADER]: String(world.eventsSeq) } },
    )
  }),

  mockEndpoint('deleteRecord', ({ body }) => {
    const index = world.records.findIndex((record) => record.portfolioManagerId === body.portfolioManagerId)
    const record = world.records[index]
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    if (record.status !== 'Submitted') {
      return answer(said.ONLY_SUBMITTED_DELETABLE_MESSAGE, 409)
    }
    const revised = revisedRecordRefusal(record, 'delete')
    if (revised) return revised
    world.records.splice(index, 1)
    return answer(said.RECORD_DELETED_MESSAGE)
  }),

  vendorEndpoint('getRecord', ({ body, vendor }) => {
    const record = ownRecord(vendor, body.portfolioManagerId)
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    const extras = world.recordExtras.get(record.portfolioManagerId)
    return HttpResponse.json({
      ...record,
      organizationName: extras?.organizationName ?? '',
      devicesToBeCertified: extras?.devicesToBeCertified ?? '',
      deviceNumberList: extras?.deviceNumberList ?? [],
      yearOfManufacturing: extras?.yearOfManufacturing ?? '',
      isEngBuildAvailable: extras?.isEngBuildAvailable ?? '',
      ...recordRevisionDetails(record),
    } satisfies RecordDetails)
  }),

  vendorEndpoint('updateRecord', ({ body, vendor }) => {
    const record = ownRecord(vendor, body.portfolioManagerId)
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    if (record.status !== 'Submitted') {
      return answer(said.ONLY_SUBMITTED_EDITABLE_MESSAGE, 409)
    }
    const refused = portfolioRefusal({ call: 'update', payload: body }) ?? revisedRecordRefusal(record, body)
    if (refused) return refused
    const { vendor: maker, deviceName, deviceType, productClass, baseFirmwareVersion } = body
    Object.assign(record, { vendor: maker, deviceName, deviceType, productClass, baseFirmwareVersion })
    const extras = world.recordExtras.get(record.portfolioManagerId)
    world.recordExtras.set(record.portfolioManagerId, {
      organizationName: extras?.organizationName ?? '',
      devicesToBeCertified: body.devicesToBeCertified,
      deviceNumberList: body.deviceNumberList.filter((serial) => serial !== ''),
      yearOfManufacturing: body.yearOfManufacturing,
      isEngBuildAvailable: body.isEngBuildAvailable,
    })
    return answer(said.RECORD_UPDATED_MESSAGE)
  }),

  mockEndpoint('listComments', ({ body }) => {
    const comments = world.comments
      .filter((comment) => comment.portfolioManagerId === body.portfolioManagerId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    return HttpResponse.json({ comments })
  }),

  mockEndpoint('addComment', ({ body }) => {
    const comment = {
      commentId: nextId('c'),
      portfolioManagerId: body.portfolioManagerId,
      author: 'Priya Sharma',
      authorKind: 'vendor' as const,
      authorRole: 'Owner',
      text: body.text,
      createdAt: FIXTURE_NOW.toISOString(),
    }
    world.comments.push(comment)
    return HttpResponse.json({ message: said.COMMENT_ADDED_MESSAGE, comment })
  }),

  // Certification runs (run-handlers.ts).
  ...runHandlers,

  // The team and its invitations (team-handlers.ts); its activity log (activity-handlers.ts).
  ...teamHandlers,
  ...activityHandlers,
  // Personal API tokens (api-token-handlers.ts).
  ...apiTokenHandlers,
  // The lab console's calls (lab-handlers.ts).
  ...labHandlers,
  // The lab's test plans (test-plan-handlers.ts).
  ...testPlanHandlers,
  // The catalogue kept by the lab, and a vendor's additions (catalogue-review-handlers.ts).
  ...catalogueReviewHandlers,
  ...certificateHandlers,
  // Revisions of a record (revision-handlers.ts).
  ...revisionHandlers,
  // Notification settings and the unsubscribe link (notification-handlers.ts).
  ...notificationHandlers,
  // Webhook endpoints and their deliveries (webhook-handlers.ts).
  ...webhookHandlers,
]
