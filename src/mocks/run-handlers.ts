import { startRefusal } from '@/contract/run-start'
import { type HttpHandler, HttpResponse } from 'msw'
import type { CertificationRun } from '@/contract/certification'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import * as said from '@/contract/server-messages'
import { fixtureEvents, publishWorldEvent } from '@/mocks/fixtures/events'
import { FIXTURE_NOW, FIXTURE_PLAN, world } from '@/mocks/fixtures/world'
import { answer, mockEndpoint, nextId, ownRecord, vendorEndpoint } from '@/mocks/mock-endpoint'
import { fullRunStart, sourceCertificateOf } from '@/mocks/revision-handlers'
import { CANCELLED_STATUS } from '@/contract/run-status'

/*
 * The fixture world's certification runs: Start Certify, re-running the failed cases, cancelling,
 * the runs of a record and a run's results, and mailing the certificate (spec §7).
 */

/** A record's runs, newest first. */
const runsOf = (portfolioManagerId: string) =>
  world.runs.filter((run) => run.portfolioManagerId === portfolioManagerId)

const isActive = (status: string) => status === 'InProgress' || status === 'Maintenance'

export const runHandlers: HttpHandler[] = [
  mockEndpoint('runTests', ({ body, vendor }) => {
    const record = world.records.find(
      (candidate) => candidate.portfolioManagerId === body.portfolio_manager_id,
    )
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    const refusal = startRefusal(record)
    if (refusal) return answer(refusal, 409)
    record.status = 'InProgress'
    record.isCertified = ''
    const run: CertificationRun = {
      runId: nextId('run'),
      portfolioManagerId: record.portfolioManagerId,
      attempt: runsOf(record.portfolioManagerId).length + 1,
      kind: 'full',
      startedBy: vendor?.authData.name ?? record.createdBy,
      testPlan: FIXTURE_PLAN,
      failureReason: null,
      status: 'InProgress',
      isCertified: '',
      startedAt: FIXTURE_NOW.toISOString(),
      finishedAt: null,
      // A recertification carries its firmware-insensitive cases (revision-handlers.ts).
      ...fullRunStart(record),
    }
    world.runs.unshift(run)
    publishWorldEvent(fixtureEvents.runStarted(run))
    return answer(said.RUN_STARTED_MESSAGE)
  }),

  // A new attempt of the cases the latest attempt did not pass, after a Validation failure.
  vendorEndpoint('rerunFailed', ({ body, vendor }) => {
    const record = ownRecord(vendor, body.portfolio_manager_id)
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    const [latest] = runsOf(record.portfolioManagerId)
    const failed = latest?.testCases.filter((test) => test.state !== 'passed') ?? []
    if (record.status !== 'Completed' || record.isCertified !== VALIDATION_FAILURE || failed.length === 0) {
      return answer(said.NO_FAILED_CASES_MESSAGE, 409)
    }
    record.status = 'InProgress'
    record.isCertified = ''
    const attempt = runsOf(record.portfolioManagerId).length + 1
    const run: CertificationRun = {
      runId: nextId('run'),
      portfolioManagerId: record.portfolioManagerId,
      attempt,
      kind: 'rerun',
      revision: latest?.revision ?? 1,
      startedBy: vendor.authData.name,
      testPlan: FIXTURE_PLAN,
      failureReason: null,
      status: 'InProgress',
      isCertified: '',
      startedAt: FIXTURE_NOW.toISOString(),
      finishedAt: null,
      testCases: failed.map((test, index) => ({
        name: test.name,
        state: index === 0 ? 'running' : 'pending',
        log: index === 0 ? [`${test.name}: started`] : [],
      })),
    }
    world.runs.unshift(run)
    publishWorldEvent(fixtureEvents.runStarted(run))
    return HttpResponse.json({
      message: said.RERUN_STARTED_MESSAGE,
      runId: run.runId,
      status: run.status,
      attempt,
    })
  }),

  // The record's run in progress (or waiting in maintenance) ends Cancelled, its finished cases kept.
  vendorEndpoint('cancelRun', ({ body, vendor }) => {
    const record = ownRecord(vendor, body.portfolio_manager_id)
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    const at = world.runs.findIndex(
      (run) => run.portfolioManagerId === record.portfolioManagerId && isActive(run.status),
    )
    const active = world.runs[at]
    if (!isActive(record.status) || !active) return answer(said.NO_ACTIVE_RUN_MESSAGE, 409)
    const cancelled: CertificationRun = {
      ...active,
      status: CANCELLED_STATUS,
      finishedAt: FIXTURE_NOW.toISOString(),
      failureReason: said.runCancelledReason(vendor.authData.name),
      testCases: active.testCases.map((test) =>
        test.state === 'passed' || test.state === 'failed' || test.state === 'skipped'
          ? test
          : { ...test, state: 'skipped', log: [...test.log, said.CANCELLED_CASE_NOTE] },
      ),
    }
    world.runs[at] = cancelled
    record.status = CANCELLED_STATUS
    record.isCertified = ''
    publishWorldEvent(fixtureEvents.runCancelled(cancelled, vendor.authData.name))
    return answer(said.RUN_CANCELLED_MESSAGE)
  }),

  vendorEndpoint('listRuns', ({ body }) => {
    const id = body.portfolio_manager_id
    // A run's certificate (one of the world's, by its run), as the server attaches it.
    const runs = world.runs
      .filter((run) => run.portfolioManagerId === id)
      .map((run) => {
        const certificate = world.certificates.find((candidate) => candidate.content.runId === run.runId)
        return certificate
          ? {
              ...run,
              certificate: {
                number: certificate.number,
                state: certificate.state,
                published: world.publishedCertificates.includes(certificate.number),
              },
            }
          : run
      })
    return HttpResponse.json({ runs })
  }),

  mockEndpoint('runResults', ({ params }) => {
    const run = world.runs.find((candidate) => candidate.runId === params.runId)
    const record = world.records.find((candidate) => candidate.portfolioManagerId === run?.portfolioManagerId)
    if (!run || !record || !run.finishedAt) {
      return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    }
    return HttpResponse.json({
      runId: run.runId,
      portfolioManagerId: run.portfolioManagerId,
      vendor: record.vendor,
      deviceName: record.deviceName,
      deviceType: record.deviceType,
      productClass: record.productClass,
      baseFirmwareVersion: record.baseFirmwareVersion,
      isCertified: run.isCertified,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      testCases: run.testCases,
      revision: run.revision ?? 1,
      sourceCertificate: sourceCertificateOf(run),
      // Every attempt of the record up to this run, oldest first.
      attempts: runsOf(run.portfolioManagerId)
        .filter((attempt) => (attempt.attempt ?? 1) <= (run.attempt ?? 1))
        .reverse(),
    })
  }),

  vendorEndpoint('emailCertificate', ({ body, vendor }) => {
    const record = world.records.find(
      (candidate) => candidate.portfolioManagerId === body.portfolio_manager_id,
    )
    if (!record) return answer(said.RECORD_NOT_FOUND_MESSAGE, 404)
    if (record.isCertified !== CERTIFIED_OK) {
      return answer(said.NOT_CERTIFIED_MESSAGE, 409)
    }
    return answer(said.certificateSentMessage(vendor.authData.emailId))
  }),
]
