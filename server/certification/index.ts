// The certification domain's public module: what other folders of server/ use of it (eslint.config.js).
export { type CertificationHarness, harnessFromEnv } from './harness.ts'
export {
  CERTIFICATE_ISSUED_JOB,
  type CertificateIssuedJob,
  issueCertificate,
  type IssueOptions,
  validYearsFromEnv,
} from './issue-certificate.ts'
export {
  createLabStateWatch,
  endMaintenance,
  type LabStateWatch,
  readLabState,
  setReviewRequired,
  startMaintenance,
  vendorMaintenance,
} from './lab-state.ts'
export { type CertEnv, certificationRoutes, type CertServices } from './routes.ts'
export { reviewRun } from './lifecycle.ts'
export { helloActiveRuns, planOutcome, recordRunList, runEventBase, runNow } from './run-store.ts'
export { createRunExecutor, maintenanceFromEnv, type ResumeReport, type RunExecutor } from './runner.ts'
