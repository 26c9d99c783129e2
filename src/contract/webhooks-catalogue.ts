import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookBody,
  type WebhookEventType,
} from '@/contract/webhooks-events'

/*
 * docs/decisions/0043: the event catalogue of the webhooks page — every event type with what it
 * means (WEBHOOK_EVENT_DESCRIPTIONS) and an example body. Each example is typed as the body of its
 * type (WebhookBody, from the same schemas the deliveries are checked with), so a field added to or
 * renamed in a payload breaks the build here; webhooks-catalogue.test.ts checks each one against
 * webhookBodySchema as well.
 */

type BodyOf<T extends WebhookEventType> = Extract<WebhookBody, { type: T }>

const ORGANIZATION_ID = 'org_5f2c9a1e'
const RECORD_ID = 'PM-2026-000481'
const RUN_ID = 'run_7d41c2'

/** The example body of each event type. */
export const WEBHOOK_EVENT_EXAMPLES: { readonly [T in WebhookEventType]: BodyOf<T> } = {
  'record.submitted': {
    id: 'evt_0f8e3b5a9c2d4e61a7b8c9d0e1f2a3b4',
    type: 'record.submitted',
    createdAt: '2026-11-20T08:55:00.000Z',
    organizationId: ORGANIZATION_ID,
    data: {
      recordId: RECORD_ID,
      deviceName: 'Beacon 6',
      vendor: 'Nokia',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 6 Mesh',
      baseFirmwareVersion: '2.4.1',
      status: 'Submitted',
    },
  },
  'record.revised': {
    id: 'evt_1a9f4c6b0d3e5f72b8c9d0e1f2a3b4c5',
    type: 'record.revised',
    createdAt: '2026-11-21T10:02:00.000Z',
    organizationId: ORGANIZATION_ID,
    data: {
      recordId: RECORD_ID,
      deviceName: 'Beacon 6',
      vendor: 'Nokia',
      revision: 2,
      baseFirmwareVersion: '2.5.0',
      previousFirmwareVersion: '2.4.1',
      status: 'Submitted',
    },
  },
  'run.started': {
    id: 'evt_2b0a5d7c1e4f6083c9d0e1f2a3b4c5d6',
    type: 'run.started',
    createdAt: '2026-11-20T09:00:00.000Z',
    organizationId: ORGANIZATION_ID,
    data: {
      recordId: RECORD_ID,
      runId: RUN_ID,
      attempt: 1,
      kind: 'full',
      cases: ['Wi-Fi association', 'Mesh backhaul throughput', 'Firmware signature'],
    },
  },
  'run.finished': {
    id: 'evt_3c1b6e8d2f5a7194d0e1f2a3b4c5d6e7',
    type: 'run.finished',
    createdAt: '2026-11-20T09:14:00.000Z',
    organizationId: ORGANIZATION_ID,
    data: {
      recordId: RECORD_ID,
      runId: RUN_ID,
      attempt: 1,
      outcome: 'ValidationFailure',
      status: 'Completed',
      isCertified: 'Validation failure',
      failedCases: ['Mesh backhaul throughput'],
      finishedAt: '2026-11-20T09:14:00.000Z',
    },
  },
  'certificate.issued': {
    id: 'evt_4d2c7f9e3a6b82a5e1f2a3b4c5d6e7f8',
    type: 'certificate.issued',
    createdAt: '2026-11-20T11:30:00.000Z',
    organizationId: ORGANIZATION_ID,
    data: {
      recordId: RECORD_ID,
      runId: 'run_8e52d3',
      number: 'DCP-2026-0481-7Q3K',
      verificationUrl: 'https://portal.example.com/verify/DCP-2026-0481-7Q3K',
      issuedAt: '2026-11-20T11:30:00.000Z',
      expiresAt: '2029-11-20T11:30:00.000Z',
    },
  },
  'comment.added': {
    id: 'evt_5e3d8a0f4b7c93b6f2a3b4c5d6e7f8a9',
    type: 'comment.added',
    createdAt: '2026-11-20T09:20:00.000Z',
    organizationId: ORGANIZATION_ID,
    data: {
      recordId: RECORD_ID,
      commentId: 'cmt_31',
      text: 'Backhaul throughput was 5 % under the limit; please retest with firmware 2.5.0.',
      authorName: 'Certification lab',
      authorSide: 'lab',
      createdAt: '2026-11-20T09:20:00.000Z',
    },
  },
}

type WebhookCatalogueEntry = { type: WebhookEventType; description: string; example: WebhookBody }

/** The catalogue as the page lists it: every event type, in WEBHOOK_EVENT_TYPES' order. */
export const WEBHOOK_EVENT_CATALOGUE: readonly WebhookCatalogueEntry[] = WEBHOOK_EVENT_TYPES.map((type) => ({
  type,
  description: WEBHOOK_EVENT_DESCRIPTIONS[type],
  example: WEBHOOK_EVENT_EXAMPLES[type],
}))
