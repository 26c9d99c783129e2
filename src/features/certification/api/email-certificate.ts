import { useMutation } from '@tanstack/react-query'
import type { EmailCertificatePayload } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'

/** POST /certificates/email: the answer's message is the toast when the certificate mail is sent. */
export function useEmailCertificateMutation() {
  return useMutation({
    mutationFn: (payload: EmailCertificatePayload) => requestEndpoint('emailCertificate', payload),
  })
}
