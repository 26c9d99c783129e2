// The certification domain's public module: what other folders of server/ use of it (eslint.config.js).
import type { IssueOptions } from './issue-certificate.ts'
import type { LabStateWatch } from './lab-state.ts'
import type { RunExecutor } from './runner.ts'
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
export { revisionRoutes } from './revision-routes.ts'
export { helloActiveRuns, planOutcome, recordRunList, runEventBase, runNow } from './run-store.ts'
export { createRunExecutor, maintenanceFromEnv, type ResumeReport, type RunExecutor } from './runner.ts'

declare module '../http/context.ts' {
  interface MainServices {
    /**
     * The certification runs' executor, for the lab's actions on a vendor's behalf; null in an app
     * without one (the lab's run calls then answer 503).
     */
    runs: RunExecutor | null
    /** The bench's maintenance as the runner reads it; refreshed after the console changes it. */
    labState: LabStateWatch | null
    /** The key and validity of certificates issued here (a lab engineer's approval); null: none. */
    certificates: IssueOptions | null
  }
}
