import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { CERTIFICATE_PAPERS, type CertificatePaper } from '../src/contract/certification.ts'
import { certificatePdf, type CertificateInput } from '../server/certification/certificate-pdf.ts'
import { MESH_WIFI6_V1_CASES } from '../server/test/plans.ts'
import {
  CERTIFICATE_PAGES_MANIFEST,
  CERTIFICATE_SAMPLES,
  type CertificatePageImage,
  type CertificatePagesManifest,
  type CertificateSample,
} from '../stories/certificates/certificate-pages.ts'

/*
 * `tsx scripts/certificate-pages.ts [DIR]`: the sample certificates of
 * stories/certificates/certificate-pages.ts rendered by the real renderer on A4 and Letter, each
 * page a PNG at 100 dpi (pdftoppm, from poppler-utils), and the manifest that names them, into DIR
 * (default .tmp/certificate-pages, which .storybook/main.ts serves). scripts/build-storybook.mjs
 * runs it before every build, so the pages Storybook shows are today's renderer's.
 */

const root = path.resolve(import.meta.dirname, '..')
const CERTIFICATE_PAGES_DIR = path.join(root, '.tmp', 'certificate-pages')

const PAPER_LABELS: Record<CertificatePaper, string> = { a4: 'A4', letter: 'Letter' }
const NUMBER = 'DCP-7KQ4-M9XZ-2F8H'
const SOURCE = 'DCP-2F8H-Q9XH-4KMN'
// The Wi-Fi 6 Mesh plan's cases, and one more to make fifteen.
const MESH_CASES = [...MESH_WIFI6_V1_CASES, 'Power loss and recovery']
const PROFILES = ['indoor', 'outdoor', 'dense building', 'rural backhaul']

/** A sample certificate of Beacon 6: its case names, and how many of the first were carried. */
function sampleInput(names: string[], carried = 0): CertificateInput {
  return {
    record: {
      portfolio_manager_id: 'PM-20261120-0042',
      organization_name: 'MeshWave Networks',
      vendor: 'Nokia',
      device_name: 'Beacon 6',
      device_type: 'Wi-Fi Mesh Device',
      product_class: 'Wi-Fi 6 Mesh',
      base_firmware_version: carried ? '1.1.0' : '1.0.2',
      device_number_list: ['BCN6-000184', 'BCN6-000185'],
    },
    run: {
      run_id: 'run-7f3a9c',
      finished_at: new Date('2026-11-20T10:00:00Z'),
      harness: 'lab-bench-2',
      plan_name: names.length === 1 ? 'Generic device' : 'Wi-Fi Mesh Device',
      plan_version: names.length === 1 ? 1 : 2,
      revision: carried ? 2 : 1,
    },
    testCases: names.map((name, index) => ({
      name,
      state: 'passed' as const,
      carried_from: index < carried ? SOURCE : null,
    })),
    organization: 'MeshWave Networks',
    certificate: {
      number: NUMBER,
      issuedAt: new Date('2026-11-20T10:00:00Z'),
      expiresAt: new Date('2029-11-20T10:00:00Z'),
      verifyUrl: `https://portal.example/verify/${NUMBER}`,
      source: carried ? { number: SOURCE, firmware: '1.0.2' } : null,
    },
  }
}

const SAMPLE_INPUTS: Record<CertificateSample, CertificateInput> = {
  oneCase: sampleInput(['Boot and provisioning']),
  fifteenCases: sampleInput(MESH_CASES),
  sixtyCases: sampleInput(PROFILES.flatMap((profile) => MESH_CASES.map((name) => `${name}, ${profile}`))),
  recertification: sampleInput(MESH_CASES, 9),
}

/** What page `index` (from 1) of `count` shows. */
function pageContent(index: number, count: number) {
  if (count === 1) return 'the certificate with its test cases'
  if (index === 1)
    return `the certificate; its test cases are listed on ${count === 2 ? 'page 2' : `pages 2 to ${count}`}`
  return index < count ? `its test cases, continued on page ${index + 1}` : 'its test cases'
}

/** A PNG's size in pixels, from its IHDR chunk. */
function pngSize(file: string) {
  const header = readFileSync(file).subarray(16, 24)
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4) }
}

async function renderSample(out: string, sample: CertificateSample, paper: CertificatePaper) {
  const pdf = path.join(out, `${sample}-${paper}.pdf`)
  writeFileSync(pdf, await certificatePdf(SAMPLE_INPUTS[sample], paper))
  // pdftoppm names the pages <prefix>-1.png, <prefix>-2.png, … (zero-padded past 9 pages).
  execFileSync('pdftoppm', ['-png', '-r', '100', pdf, path.join(out, `${sample}-${paper}`)])
  rmSync(pdf)
  const files = readdirSync(out)
    .filter((name) => name.startsWith(`${sample}-${paper}-`) && name.endsWith('.png'))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)?.[1]) - Number(/-(\d+)\.png$/.exec(b)?.[1]))
  return files.map((file, index): CertificatePageImage => ({
    file,
    alt: `${CERTIFICATE_SAMPLES[sample]}, on ${PAPER_LABELS[paper]}, page ${index + 1} of ${files.length}: ${pageContent(index + 1, files.length)}.`,
    ...pngSize(path.join(out, file)),
  }))
}

function hasPdftoppm() {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' })
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
}

async function writeCertificatePages(out = CERTIFICATE_PAGES_DIR) {
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const manifest = {} as CertificatePagesManifest
  for (const sample of Object.keys(CERTIFICATE_SAMPLES) as CertificateSample[]) {
    manifest[sample] = []
    for (const paper of CERTIFICATE_PAPERS) {
      manifest[sample].push({ paper: PAPER_LABELS[paper], pages: await renderSample(out, sample, paper) })
    }
  }
  writeFileSync(path.join(out, CERTIFICATE_PAGES_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

const started = performance.now()
const out = path.resolve(process.argv[2] ?? CERTIFICATE_PAGES_DIR)
if (!hasPdftoppm()) {
  // `npm start` on a machine without poppler-utils still gets its Storybook: the story then says
  // how to make the pages (CI installs poppler-utils, and the story's test needs the pages).
  rmSync(out, { recursive: true, force: true })
  console.warn('Certificate pages skipped: pdftoppm is missing (apt-get install -y poppler-utils).')
  process.exit(0)
}
const manifest = await writeCertificatePages(out)
const count = Object.values(manifest).flatMap((papers) => papers.flatMap((paper) => paper.pages)).length
console.log(
  `Certificate pages: ${count} PNGs in ${path.relative(root, out)} (${Math.round(performance.now() - started)} ms)`,
)
