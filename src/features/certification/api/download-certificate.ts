import { useMutation, useQueryClient } from '@tanstack/react-query'
import { endpointPath, endpoints } from '@/contract/endpoints'
import { CERTIFIED_OK } from '@/contract/records'
import {
  ApiNetworkError,
  CERTIFICATION_SERVICE_CREDENTIALS,
  resolveCertificationServiceBaseUrl,
} from '@/lib/api-client'
import { ApiAnswerError } from '@/lib/call-endpoint'
import { runsQueryOptions } from '@/features/certification/api/list-runs'
import { useOrganizationId } from '@/lib/use-auth-data'

/** Download Certificate when none of the record's runs was issued a certificate. */
export const NO_CERTIFICATE_MESSAGE = 'This device has no certificate yet.'

type DownloadRequest = { vendorUserId: string; portfolioManagerId: string }

/**
 * Download Certificate: the PDF of the certificate of the record's latest certifying
 * run (runs come newest first), from the certification service (GET /runs/:runId/certificate.pdf, with the session's
 * cookie), as a file with the name the service gives it. A record without a certificate fails
 * with NO_CERTIFICATE_MESSAGE; a refusal with the service's message.
 */
export function useDownloadCertificateMutation() {
  const queryClient = useQueryClient()
  const organizationId = useOrganizationId()
  return useMutation({
    mutationFn: async ({ vendorUserId, portfolioManagerId }: DownloadRequest) => {
      const { runs } = await queryClient.fetchQuery(
        runsQueryOptions(organizationId, vendorUserId, portfolioManagerId),
      )
      // A run certified before certificates were numbered has none yet: the service issues it now.
      const run = runs.find(
        (candidate) =>
          candidate.certificate ||
          (candidate.status === 'Completed' && candidate.isCertified === CERTIFIED_OK),
      )
      if (!run) throw new Error(NO_CERTIFICATE_MESSAGE)
      const path = endpointPath(endpoints.certificatePdf.path, { runId: run.runId })
      let response: Response
      try {
        response = await fetch(`${await resolveCertificationServiceBaseUrl()}${path}`, {
          credentials: CERTIFICATION_SERVICE_CREDENTIALS,
        })
      } catch (error) {
        throw new ApiNetworkError('certification service', 'GET', path, { cause: error })
      }
      if (!response.ok) throw new ApiAnswerError(await refusalOf(response), response.status)
      const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1]
      return {
        pdf: await response.blob(),
        fileName: named ?? `certificate-${run.certificate?.number ?? run.runId}.pdf`,
      }
    },
  })
}

/** A refusal's message: the JSON answer's, else its plain text, else the status. */
async function refusalOf(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim()
  try {
    const answer = JSON.parse(text) as { message?: unknown } | null
    if (typeof answer?.message === 'string') return answer.message
  } catch {
    const plain = !/html/i.test(response.headers.get('Content-Type') ?? '')
    if (text && plain) return text
  }
  return `The server answered ${response.status}.`
}
