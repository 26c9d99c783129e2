import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devices, expect, request as requestContext, test } from '@playwright/test'
import { createAccount, uniqueEmail } from './accounts'
import { cardCount, type Device, openMenu, row, statusBar, submitDevice } from './devices'
import { liveEvents, liveHellos, liveStatus, logIn, openDashboard, recordLiveEvents } from './live'
import { ownPortal } from './own-portal'

/*
 * A server restart in the middle of a stream: the journey runs a portal of its own
 * (the built app, its own data folder and ports), kills it with SIGKILL while a run goes, and
 * starts it again on the same folder and ports. The tab says it is reconnecting, resumes from its
 * last event (Last-Event-ID), the run resumes (decision 0018) and ends Certified, and the tab has
 * received every stored event of the vendor exactly once, in order, without reading the list
 * again. Then a run is cancelled from the menu and started again.
 */

test('a server restart mid-stream: the tab catches up with no event lost, and a cancelled run starts again', async ({
  browser,
}, testInfo) => {
  // What it proves is the server's and the stream's; the phone layout adds nothing but minutes.
  test.skip(testInfo.project.name === 'phone', 'The restart journey runs once, at desktop width.')
  test.setTimeout(180_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-live-restart-'))
  const portal = await ownPortal(dataDir)
  await portal.start()
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  try {
    await recordLiveEvents(context)
    const api = await requestContext.newContext({ baseURL: portal.base })
    const emailId = uniqueEmail(`live-restart-${testInfo.project.name}`)
    await createAccount(api, { emailId, password: 'Live#2026boot' })
    await api.dispose()
    const page = await context.newPage()
    await logIn(page, emailId, 'Live#2026boot')
    const mesh = { deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }
    const first: Device = { deviceName: 'Beacon 6', ...mesh, baseFirmwareVersion: '1.4.2' }
    const second: Device = { deviceName: 'Beacon 10', ...mesh, baseFirmwareVersion: '1.5.0' }
    await submitDevice(page, first)
    await submitDevice(page, second)
    await openDashboard(page)
    let listReads = 0
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/portfoliomanager/list')) listReads += 1
    })

    let menu = await openMenu(page, first.deviceName)
    await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
    await expect(page.getByText('Device testcase updated successfully!').first()).toBeVisible()
    // Spec §4: Start Certify reloads the list once; the rest comes from the stream.
    await expect.poll(() => listReads).toBe(1)
    await expect(row(page, first.deviceName)).toContainText(/In Progress · [2-9] of \d+/, {
      timeout: 30_000,
    })

    // The server dies in the middle of the run, and comes back on the same folder and ports.
    await portal.kill()
    await expect(liveStatus(page)).toHaveText('Reconnecting to live updates…')
    await portal.start()
    await expect(liveStatus(page)).toHaveText('Live updates on', { timeout: 30_000 })

    await expect(statusBar(page, first.deviceName)).toHaveAttribute(
      'aria-label',
      `${first.deviceName}: Certified`,
      { timeout: 60_000 },
    )
    await expect(cardCount(page, 'Certified')).toHaveText('1')
    expect(listReads).toBe(1)

    // Every stored event of the vendor since the tab's stream opened reached the tab once, in
    // order, across the restart: the same sequence a replay of the stored events gives. The tab
    // had one fresh stream (one hello); the restart was a resume.
    const hellos = await liveHellos(page)
    expect(hellos).toHaveLength(1)
    const received = (await liveEvents(page)).map((event) => event.seq)
    const stored = await page.evaluate(
      async ({ after, last }) => {
        const controller = new AbortController()
        const answer = await fetch(`/api/events?after=${after}`, { signal: controller.signal })
        const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader()
        let text = ''
        const ids = () => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))
        while (!ids().includes(last)) {
          const { value, done } = await reader.read()
          if (done) break
          text += value
        }
        controller.abort()
        return ids()
      },
      { after: hellos[0] ?? 0, last: received.at(-1) ?? 0 },
    )
    expect(received.length).toBeGreaterThan(10)
    expect(received).toEqual(stored)

    // Cancel: confirmed, the record shows Cancelled, and Start Certify runs it again.
    menu = await openMenu(page, second.deviceName)
    await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
    await expect(row(page, second.deviceName)).toContainText(/In Progress · [1-9] of \d+/, {
      timeout: 30_000,
    })
    menu = await openMenu(page, second.deviceName)
    await menu.getByRole('menuitem', { name: 'Cancel Run' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this certification run?' })
    await confirm.getByRole('button', { name: 'Cancel run' }).click()
    await expect(page.getByText('Certification run cancelled').first()).toBeVisible()
    await expect(statusBar(page, second.deviceName)).toHaveAttribute(
      'aria-label',
      `${second.deviceName}: Cancelled`,
    )
    await expect(cardCount(page, 'In Progress')).toHaveText('0')
    menu = await openMenu(page, second.deviceName)
    await expect(menu.getByRole('menuitem', { name: 'Cancel Run' })).toHaveAttribute('aria-disabled', 'true')
    await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
    await expect(page.getByText('Device testcase updated successfully!').first()).toBeVisible()
    await expect(cardCount(page, 'In Progress')).toHaveText('1')
    await row(page, second.deviceName).getByRole('cell', { name: second.baseFirmwareVersion }).click()
    const details = page.getByRole('region', { name: `Certification run · ${second.deviceName}` })
    await expect(details).toContainText('Attempt 2 · Full run')
    await expect(details).toContainText('Attempt 1 · Full run')
    await expect(details).toContainText('Cancelled')
  } finally {
    await context.close()
    await portal.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
