import type { ChildProcess } from 'node:child_process'
import { endpoints } from '../../src/contract/endpoints/index.ts'
import { type Browser, poll, registerVendor } from '../reliability/client.ts'

/*
 * The verification page of a real certificate, for `npm run bench:lighthouse`: a vendor made the
 * way a person makes one (registration, the mailed code, a password) submits a device, certifies
 * it (the simulated lab, about 12 s) and lists it in the directory. The page then checks a
 * certificate that exists, as a visitor's would — not a number the portal does not know, whose
 * 404 the browser logs as an error.
 */

type Run = { status: string; isCertified: string; certificate?: { number: string } | null }

export async function certifiedExample(base: string, server: ChildProcess): Promise<string> {
  const config = (await (await fetch(`${base}/api/portal-config`)).json()) as {
    certificationServicePort: number | null
  }
  const certBase = `${new URL(base).protocol}//${new URL(base).hostname}:${config.certificationServicePort ?? 7600}`
  const node = { name: 'lighthouse', base, certBase, process: server, spawnedAt: Date.now() }
  const vendor: Browser = await registerVendor([node], 'Lighthouse', false)
  const submitted = await vendor.submit({
    vendor: 'Nokia',
    deviceName: 'Beacon 6',
    deviceNumberList: ['LIGHTHOUSE01'],
    devicesToBeCertified: '1',
  })
  if (submitted.status !== 200) throw new Error(`The example device was not submitted: ${submitted.text}`)
  const [record] = await vendor.records()
  if (!record) throw new Error('The example device is not listed.')
  const started = await vendor.runTests(record.portfolioManagerId)
  if (started.status !== 200) throw new Error(`Start Certify failed: ${started.status} ${started.text}`)
  const number = await poll(async () => {
    const [run] = (await vendor.runs(record.portfolioManagerId)) as Run[]
    if (run?.status === 'Completed' && !run.certificate)
      throw new Error(`The example device was not certified: ${run.isCertified}`)
    return run?.certificate?.number
  }, 90_000)
  if (!number) throw new Error('The example certificate was not issued within 90 s.')
  const listed = await vendor.post(endpoints.publishCertificate.path, {
    vendorUserId: vendor.vendorUserId,
    number,
    published: true,
  })
  if (listed.status !== 200) throw new Error(`Listing the example failed: ${listed.text}`)
  return number
}
