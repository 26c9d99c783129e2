import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressAnswerSchema } from '@/contract/address'
import { catalogueAnswerSchema } from '@/contract/catalogue'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { createMainApp } from '../apps/main.ts'
import { createMailer } from '../platform/mailer.ts'
import { writeToDevMailbox } from '../apps/dev-mailbox.ts'

/*
 * The public reference data (address lists, device catalogue) and the development mailbox, over
 * real HTTP. The only server file that seeds the address data.
 */

let database: TestDatabase
let server: ServerType
let base = ''

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { demoAccount: false } })
  const mailer = createMailer({ mailbox: writeToDevMailbox(database.db), log: () => {} })
  const app = createMainApp({
    distDir: mkdtempSync(path.join(tmpdir(), 'portal-dist-')),
    storybookDir: path.join(tmpdir(), 'no-storybook-here'),
    db: database.db,
    mailer,
    secret: 'reference-data-test-secret',
    devMailbox: true,
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await mailer.send({
    to: 'vendor@example.com',
    subject: 'Hello <b>there</b>',
    text: 'Code: <script>x</script>',
  })
  await mailer.send({ to: 'vendor@example.com', subject: 'Second mail', text: 'Newest' })
}, 120_000)

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await database?.close()
})

describe('address reference data', () => {
  it('lists every country with its calling code, and no states or cities without a country', async () => {
    const response = await fetch(`${base}/api/registration/get-country-state-city-list`)
    expect(response.status).toBe(200)
    const answer = v.parse(addressAnswerSchema, await response.json())
    expect(answer.countryDetailsList.length).toBeGreaterThan(240)
    expect(answer.countryDetailsList).toContainEqual({ country: 'India', countryCode: '+91' })
    expect(answer.stateList).toEqual([])
    expect(answer.cityList).toEqual([])
  })

  it('adds the states and cities of ?country=India', async () => {
    const response = await fetch(`${base}/api/registration/get-country-state-city-list?country=India`)
    const answer = v.parse(addressAnswerSchema, await response.json())
    expect(answer.stateList).toContainEqual({ country: 'India', state: 'Karnataka' })
    expect(answer.cityList).toContainEqual({ state: 'Karnataka', city: 'Bengaluru' })
    expect(answer.stateList.every((item) => item.country === 'India')).toBe(true)
  })

  it('answers an unknown country with no states, and a too-long one with 400', async () => {
    const unknown = await fetch(`${base}/api/registration/get-country-state-city-list?country=Atlantis`)
    expect(v.parse(addressAnswerSchema, await unknown.json()).stateList).toEqual([])
    const tooLong = await fetch(
      `${base}/api/registration/get-country-state-city-list?country=${'x'.repeat(101)}`,
    )
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toEqual({
      message: 'Country must be at most 100 characters.',
      field: 'country',
    })
    const control = await fetch(`${base}/api/registration/get-country-state-city-list?country=In%00dia`)
    expect(control.status).toBe(400)
    expect(await control.json()).toEqual({
      message: 'Country must not contain control characters or invisible formatting characters.',
      field: 'country',
    })
  })
})

describe('device catalogue', () => {
  it('answers the four lists, consistent with each other', async () => {
    const response = await fetch(
      `${base}/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list`,
    )
    expect(response.status).toBe(200)
    const answer = v.parse(catalogueAnswerSchema, await response.json())
    expect(answer.vendorList.length).toBeGreaterThan(0)
    const vendors = new Set(answer.vendorList)
    expect(answer.deviceNameList.every((item) => vendors.has(item.vendor))).toBe(true)
    expect(answer.deviceTypeList.length).toBeGreaterThan(0)
    expect(answer.productClassList.length).toBeGreaterThan(0)
  })
})

describe('development mailbox', () => {
  it('lists the development mailbox as JSON, newest first', async () => {
    const mails = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as Array<{ subject: string }>
    expect(mails.map((mail) => mail.subject)).toEqual(['Second mail', 'Hello <b>there</b>'])
  })

  it('shows it as an HTML page with everything escaped', async () => {
    const page = await (await fetch(`${base}/dev/mailbox`)).text()
    expect(page).toContain('Hello &lt;b&gt;there&lt;/b&gt;')
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;')
    expect(page).not.toContain('<script>')
    expect(page.indexOf('Second mail')).toBeLessThan(page.indexOf('Hello &lt;b&gt;'))
  })
})
