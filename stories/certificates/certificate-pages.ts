/*
 * The certificate pages Storybook shows designers ("Certificates/Certificate document"): PNGs of
 * sample certificates rendered by the real PDF renderer, made before each Storybook build by
 * scripts/certificate-pages.ts and served from CERTIFICATE_PAGES_URL (.storybook/main.ts), with
 * this manifest naming each page and what it shows.
 */

/** Where the pages and their manifest are served, relative to Storybook's iframe. */
export const CERTIFICATE_PAGES_URL = 'certificate-pages'
export const CERTIFICATE_PAGES_MANIFEST = 'pages.json'

export type CertificatePageImage = {
  /** The file's name under CERTIFICATE_PAGES_URL. */
  file: string
  /** What the page shows, for a reader who cannot see it. */
  alt: string
  width: number
  height: number
}

/** The sample certificates, each named as the page's images and headings name it. */
export const CERTIFICATE_SAMPLES = {
  oneCase: 'Certificate with 1 test case',
  fifteenCases: 'Certificate with 15 test cases',
  sixtyCases: 'Certificate with 60 test cases',
  recertification: 'Recertification with 15 test cases, 9 carried',
} as const
export type CertificateSample = keyof typeof CERTIFICATE_SAMPLES

/** Each sample's pages on each paper (A4, then Letter). */
export type CertificatePagesManifest = Record<
  CertificateSample,
  Array<{ paper: string; pages: CertificatePageImage[] }>
>
