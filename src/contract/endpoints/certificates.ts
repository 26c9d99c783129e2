import * as certificates from '@/contract/certificates'
import { messageAnswerSchema } from '@/contract/common'
import { type VendorEndpoint, main } from '@/contract/endpoints/types'

/*
 * Certificates anyone can verify, with or without a login (docs/decisions/0025), and the
 * organization's choice to list one in the directory.
 */

export const certificateEndpoints = {
  certificateKeys: {
    ...main,
    method: 'GET',
    path: certificates.CERTIFICATE_KEYS_API_PATH,
    request: null,
    answer: certificates.certificateKeysSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: null,
    tag: 'certificates',
    summary: 'The public keys that sign certificates',
  },
  directory: {
    ...main,
    method: 'GET',
    path: certificates.DIRECTORY_API_PATH,
    request: certificates.directoryQuerySchema,
    answer: certificates.directoryAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: null,
    tag: 'certificates',
    summary: 'The directory of certified devices',
  },
  // Listing a certificate in the directory is the organization's word about its device.
  publishCertificate: {
    ...main,
    method: 'POST',
    path: '/api/certificates/publish',
    request: certificates.publishCertificatePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'listing',
    tag: 'certificates',
    summary: 'List or unlist a certificate in the directory',
    refusals: [404, 409],
  },
  certificate: {
    ...main,
    method: 'GET',
    path: certificates.CERTIFICATE_API_PATH,
    request: null,
    answer: certificates.publicCertificateSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: null,
    tag: 'certificates',
    summary: 'Verify a certificate by its number',
    refusals: [400, 404],
  },
} as const satisfies Record<string, VendorEndpoint>
