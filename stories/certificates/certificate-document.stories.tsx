import preview from '#.storybook/preview'
import { expect, waitFor } from 'storybook/test'
import {
  CERTIFICATE_PAGES_MANIFEST,
  CERTIFICATE_PAGES_URL,
  CERTIFICATE_SAMPLES,
  type CertificatePagesManifest,
  type CertificateSample,
} from './certificate-pages'

/**
 * The certificate PDF as vendors send it to operators, for designers to review: sample
 * certificates rendered by the portal's own renderer (server/certification/certificate-pdf.ts) on
 * A4 and on Letter, landscape, each page an image made when Storybook is built
 * (scripts/certificate-pages.ts, 100 dpi). Each image opens at full size.
 */

/** The manifest of the pages, or null when they were not made (Storybook run without its build script). */
async function loadManifest(): Promise<{ manifest: CertificatePagesManifest | null }> {
  const response = await fetch(`${CERTIFICATE_PAGES_URL}/${CERTIFICATE_PAGES_MANIFEST}`)
  return { manifest: response.ok ? ((await response.json()) as CertificatePagesManifest) : null }
}

function CertificatePages({
  sample,
  manifest,
}: {
  sample: CertificateSample
  manifest: CertificatePagesManifest | null
}) {
  if (!manifest) {
    return (
      <p>
        The pages are made by scripts/certificate-pages.ts (it needs pdftoppm, from poppler-utils): run it,
        then reload this story.
      </p>
    )
  }
  return (
    <article className="space-y-8">
      <h1 className="text-title text-ink">{CERTIFICATE_SAMPLES[sample]}</h1>
      {manifest[sample].map(({ paper, pages }) => (
        <section key={paper} aria-labelledby={`paper-${paper}`} className="space-y-3">
          <h2 id={`paper-${paper}`} className="text-heading text-ink">
            {paper}
          </h2>
          <div className="flex flex-wrap gap-6">
            {pages.map((page, index) => (
              <figure key={page.file} className="w-full max-w-[585px] space-y-2">
                <a href={`${CERTIFICATE_PAGES_URL}/${page.file}`} className="block">
                  <img
                    src={`${CERTIFICATE_PAGES_URL}/${page.file}`}
                    alt={page.alt}
                    width={page.width}
                    height={page.height}
                    className="h-auto w-full border border-line shadow-sm"
                  />
                </a>
                <figcaption className="text-small text-ink-muted">
                  {paper}, page {index + 1} of {pages.length}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      ))}
    </article>
  )
}

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The certificate PDF as vendors send it to operators, for designers to review: sample certificates
rendered by the portal's own renderer on A4 and on Letter, landscape, each page an image made when
Storybook is built. Each image opens at full size.`

const meta = preview.meta({
  title: 'Certificates/Certificate document',
  parameters: { layout: 'padded', docs: { description: { component: ABOUT } } },
  loaders: [loadManifest],
})

/** Every image's alt text, once every image has loaded (a missing file has no natural width). */
async function loadedImages(canvasElement: HTMLElement) {
  const images = [...canvasElement.querySelectorAll('img')]
  await waitFor(() => {
    for (const image of images) expect(image.complete && image.naturalWidth > 0, image.src).toBe(true)
  })
  return images.map((image) => image.alt)
}

/** The story's render: the sample's pages, from the manifest its loader read. */
const pagesOf =
  (sample: CertificateSample) =>
  (_args: unknown, { loaded }: { loaded: Record<string, unknown> }) => (
    <CertificatePages
      sample={sample}
      manifest={(loaded as Awaited<ReturnType<typeof loadManifest>>).manifest}
    />
  )

/** A plan of one case: everything on one page, on either paper. */
export const OneCase = meta.story({
  name: 'One case',
  render: pagesOf('oneCase'),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Certificate with 1 test case')
    await expect(await loadedImages(canvasElement)).toEqual([
      'Certificate with 1 test case, on A4, page 1 of 1: the certificate with its test cases.',
      'Certificate with 1 test case, on Letter, page 1 of 1: the certificate with its test cases.',
    ])
  },
})

/** The Wi-Fi Mesh Device plan's 15 cases: more than page 1 holds on either paper, so they follow on page 2. */
export const FifteenCases = meta.story({
  name: 'Fifteen cases',
  render: pagesOf('fifteenCases'),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'A4' })).toBeVisible()
    await expect(canvas.getByRole('heading', { level: 2, name: 'Letter' })).toBeVisible()
    await expect(await loadedImages(canvasElement)).toEqual([
      'Certificate with 15 test cases, on A4, page 1 of 2: the certificate; its test cases are listed on page 2.',
      'Certificate with 15 test cases, on A4, page 2 of 2: its test cases.',
      'Certificate with 15 test cases, on Letter, page 1 of 2: the certificate; its test cases are listed on page 2.',
      'Certificate with 15 test cases, on Letter, page 2 of 2: its test cases.',
    ])
  },
})

/** The longest plans: 60 cases over two further pages. */
export const SixtyCases = meta.story({
  name: 'Sixty cases',
  render: pagesOf('sixtyCases'),
  play: async ({ canvasElement }) => {
    await expect(await loadedImages(canvasElement)).toEqual([
      'Certificate with 60 test cases, on A4, page 1 of 3: the certificate; its test cases are listed on pages 2 to 3.',
      'Certificate with 60 test cases, on A4, page 2 of 3: its test cases, continued on page 3.',
      'Certificate with 60 test cases, on A4, page 3 of 3: its test cases.',
      'Certificate with 60 test cases, on Letter, page 1 of 3: the certificate; its test cases are listed on pages 2 to 3.',
      'Certificate with 60 test cases, on Letter, page 2 of 3: its test cases, continued on page 3.',
      'Certificate with 60 test cases, on Letter, page 3 of 3: its test cases.',
    ])
  },
})

/** A recertification (docs/decisions/0033): its revision and source certificate, its carried cases marked. */
export const Recertification = meta.story({
  name: 'Recertification',
  render: pagesOf('recertification'),
  play: async ({ canvas, canvasElement }) => {
    await expect(await loadedImages(canvasElement)).toEqual([
      'Recertification with 15 test cases, 9 carried, on A4, page 1 of 2: the certificate; its test cases are listed on page 2.',
      'Recertification with 15 test cases, 9 carried, on A4, page 2 of 2: its test cases.',
      'Recertification with 15 test cases, 9 carried, on Letter, page 1 of 2: the certificate; its test cases are listed on page 2.',
      'Recertification with 15 test cases, 9 carried, on Letter, page 2 of 2: its test cases.',
    ])
    // Each page opens at full size.
    await expect(canvas.getByRole('link', { name: /on Letter, page 2 of 2/ })).toHaveAttribute(
      'href',
      'certificate-pages/recertification-letter-2.png',
    )
  },
})
