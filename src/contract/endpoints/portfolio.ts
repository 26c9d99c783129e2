import * as catalogue from '@/contract/catalogue'
import * as catalogueReview from '@/contract/catalogue-review'
import * as certification from '@/contract/certification'
import { messageAnswerSchema } from '@/contract/common'
import {
  EXAMPLE_DEVICE,
  EXAMPLE_IDS,
  specLiteralSavePayload,
  submittedDevicePayload,
} from '@/contract/fixtures/payloads'
import * as portfolio from '@/contract/portfolio'
import * as records from '@/contract/records'
import * as revisions from '@/contract/revisions'
import { PORTFOLIO_SUBMITTED_MESSAGE } from '@/contract/server-messages'
import { type VendorEndpoint, main } from '@/contract/endpoints/types'

/*
 * The device catalogue, the portfolio form's draft and submit, the submitted records and their
 * comments (spec §3, §7). The examples are the fixtures the tests send, never invented shapes.
 */

export const portfolioEndpoints = {
  catalogue: {
    ...main,
    method: 'GET',
    path: '/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list',
    request: null,
    answer: catalogue.catalogueAnswerSchema,
    answerType: 'json',
    permission: 'read',
    tag: 'reference',
    summary: 'The device catalogue: vendors, device names, types and product classes',
    description: 'Public: with a login, the organization’s own ‘Add New …’ names are listed too.',
    loginOptional: true,
  },
  catalogueAdditions: {
    ...main,
    method: 'GET',
    path: '/api/portfoliomanager/catalogue-additions',
    request: null,
    answer: catalogueReview.catalogueAdditionsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'reference',
    summary: 'The organization’s ‘Add New …’ names and the lab’s review of each',
    description:
      'Approved names are in every organization’s catalogue; a mapped one stands for an existing entry; a declined one carries the lab’s reason and is no longer offered for new devices.',
  },
  getPortfolio: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/get',
    request: portfolio.vendorUserIdPayloadSchema,
    answer: portfolio.savedPortfolioSchema,
    answerType: 'json',
    permission: 'read',
    tag: 'portfolio',
    summary: 'Read the saved draft and the account’s registration details',
    example: { request: { vendorUserId: EXAMPLE_IDS.vendorUserId } },
  },
  savePortfolio: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/save',
    request: portfolio.savePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    permission: 'portfolio',
    tag: 'portfolio',
    summary: 'Save the draft (one section, or all when `saveSection` is absent)',
    refusals: [409],
    example: { request: specLiteralSavePayload(EXAMPLE_IDS.vendorUserId) },
  },
  submitPortfolio: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/create',
    request: portfolio.submitPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    permission: 'portfolio',
    tag: 'portfolio',
    summary: 'Submit a device for certification',
    description:
      'Creates a device record in status Submitted. Send an `Idempotency-Key` header so that a retried submit does not make a second record: a repeat gets the first answer.',
    refusals: [409],
    example: {
      request: submittedDevicePayload(EXAMPLE_IDS.vendorUserId),
      answer: { message: PORTFOLIO_SUBMITTED_MESSAGE },
    },
  },
  listRecords: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/list',
    request: portfolio.vendorUserIdPayloadSchema,
    answer: records.recordListAnswerSchema,
    answerType: 'json',
    permission: 'read',
    tag: 'records',
    summary: 'List the organization’s submitted device records',
    example: { request: { vendorUserId: EXAMPLE_IDS.vendorUserId } },
  },
  deleteRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/delete',
    request: records.deleteRecordPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    permission: 'portfolio',
    tag: 'records',
    summary: 'Delete a record while it is Submitted',
    refusals: [404, 409],
  },
  /** Edit on the dashboard: one submitted record, read for the form (docs/decisions/0012). */
  getRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/record/get',
    request: portfolio.recordDetailsPayloadSchema,
    answer: portfolio.recordDetailsSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'records',
    summary: 'Read one submitted record for editing',
    refusals: [404, 409],
    example: {
      request: { vendorUserId: EXAMPLE_IDS.vendorUserId, portfolioManagerId: EXAMPLE_IDS.portfolioManagerId },
    },
  },
  /** The form's Submit in edit mode: the record's device details changed in place, while Submitted. */
  updateRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/record/update',
    request: portfolio.updateRecordPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'portfolio',
    tag: 'records',
    summary: 'Change a record’s device details while it is Submitted',
    refusals: [404, 409],
    example: {
      request: {
        ...EXAMPLE_DEVICE,
        deviceNumberList: [...EXAMPLE_DEVICE.deviceNumberList],
        portfolioManagerId: EXAMPLE_IDS.portfolioManagerId,
        vendorUserId: EXAMPLE_IDS.vendorUserId,
      },
    },
  },
  /** New revision (docs/decisions/0033): the record's next revision, from an ended run. */
  reviseRecord: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/record/revise',
    request: revisions.reviseRecordPayloadSchema,
    answer: revisions.reviseRecordAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'portfolio',
    tag: 'records',
    summary: 'Make a new revision of a record whose run has ended (new firmware or serial numbers)',
    refusals: [404, 409],
    example: {
      request: {
        portfolioManagerId: EXAMPLE_IDS.portfolioManagerId,
        devicesToBeCertified: '2',
        deviceNumberList: ['SN001', 'SN002'],
        baseFirmwareVersion: '1.3.0',
        yearOfManufacturing: '2023',
        isEngBuildAvailable: 'No',
        vendorUserId: EXAMPLE_IDS.vendorUserId,
      },
      answer: { message: revisions.recordRevisedMessage(2), revision: 2 },
    },
  },
  /** Run details' revision history: every revision of a record, newest first. */
  recordRevisions: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/record/revisions',
    request: revisions.recordRevisionsPayloadSchema,
    answer: revisions.recordRevisionsAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'records',
    summary: 'A record’s revisions, newest first, with each one’s firmware, result and certificate',
    refusals: [404],
    example: {
      request: { vendorUserId: EXAMPLE_IDS.vendorUserId, portfolioManagerId: EXAMPLE_IDS.portfolioManagerId },
    },
  },
  listComments: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/comments/list',
    request: certification.commentListPayloadSchema,
    answer: certification.commentListAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'records',
    summary: 'The comments on a record',
    refusals: [404],
    example: { request: { portfolioManagerId: EXAMPLE_IDS.portfolioManagerId } },
  },
  addComment: {
    ...main,
    method: 'POST',
    path: '/api/portfoliomanager/comments/add',
    request: certification.addCommentPayloadSchema,
    answer: certification.addCommentAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'comment',
    tag: 'records',
    summary: 'Add a comment to a record',
    refusals: [404],
  },
} as const satisfies Record<string, VendorEndpoint>
