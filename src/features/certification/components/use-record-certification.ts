import { toast } from 'sonner'
import { CERTIFY_STARTED_MESSAGE } from '@/contract/messages'
import { useDownloadCertificateMutation } from '@/features/certification/api/download-certificate'
import { useDownloadResultsMutation } from '@/features/certification/api/download-results'
import { useEmailCertificateMutation } from '@/features/certification/api/email-certificate'
import { useCancelRunMutation, useRerunFailedMutation } from '@/features/certification/api/run-actions'
import { useRunTestsMutation } from '@/features/certification/api/run-tests'
import { answerOrNull } from '@/lib/api-failure'
import { saveFile } from '@/lib/save-file'

type CertifiedRecord = { portfolioManagerId: string; deviceName: string }

/**
 * The dashboard's certification actions on a record (spec §4, §8, decision 8), with what follows
 * a success; failures are told by the query client (src/lib/api-failure.ts). The dashboard is given
 * these by its route: it does not import this feature.
 */
export function useRecordCertification(vendorUserId: string) {
  const runTests = useRunTestsMutation()
  const emailCertificate = useEmailCertificateMutation()
  const downloadResults = useDownloadResultsMutation()
  const downloadCertificate = useDownloadCertificateMutation()
  const rerunFailed = useRerunFailedMutation()
  const cancelRun = useCancelRunMutation()
  const payloadOf = (record: CertifiedRecord) => ({
    vendor_user_id: vendorUserId,
    portfolio_manager_id: record.portfolioManagerId,
  })

  return {
    async startCertify(record: CertifiedRecord) {
      if (await answerOrNull(runTests.mutateAsync(payloadOf(record)))) toast.success(CERTIFY_STARTED_MESSAGE)
    },
    /** Re-run Failed Cases: the server's message on success. */
    async rerunFailed(record: CertifiedRecord) {
      const answer = await answerOrNull(rerunFailed.mutateAsync(payloadOf(record)))
      if (answer) toast.success(answer.message)
    },
    /** Cancel Run, once the vendor has confirmed: the server's message on success. */
    async cancelRun(record: CertifiedRecord) {
      const answer = await answerOrNull(cancelRun.mutateAsync(payloadOf(record)))
      if (answer) toast.success(answer.message)
    },
    async emailCertificate(record: CertifiedRecord) {
      const answer = await answerOrNull(emailCertificate.mutateAsync(payloadOf(record)))
      if (answer) toast.success(answer.message)
    },
    /** Download Results: the latest finished run's per-test-case results as a JSON file. */
    async downloadResults(record: CertifiedRecord) {
      const results = await answerOrNull(
        downloadResults.mutateAsync({ vendorUserId, portfolioManagerId: record.portfolioManagerId }),
      )
      if (!results) return
      const file = new Blob([JSON.stringify(results, null, 2)], { type: 'application/json' })
      saveFile(file, `results-${safeFileName(record.deviceName)}-${results.runId}.json`)
    },
    /** Download Certificate: the PDF of the record's latest certificate. */
    async downloadCertificate(record: CertifiedRecord) {
      const certificate = await answerOrNull(
        downloadCertificate.mutateAsync({ vendorUserId, portfolioManagerId: record.portfolioManagerId }),
      )
      if (certificate) saveFile(certificate.pdf, certificate.fileName)
    },
  }
}

function safeFileName(name: string) {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'device'
}
