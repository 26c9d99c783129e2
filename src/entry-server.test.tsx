import { describe, expect, it } from 'vitest'
import { PRERENDERED_PATHS, renderPage } from '@/entry-server'

/*
 * The HTML the build writes for the public pages (docs/decisions/0008): rendered as for a
 * visitor, with the logged-in parts present but hidden until the page knows who is looking.
 */
describe('prerendered public pages', () => {
  it.each(PRERENDERED_PATHS)('%s renders with its heading and no problem', async (path) => {
    const { html, problem } = await renderPage(path)
    expect(problem).toBeNull()
    expect(html).toMatch(/<h1 id="page-title"[^>]*>[^<]+<\/h1>/)
    expect(html).toContain('data-auth-status="unknown"')
  })

  it('carries both header variants, shown by <html data-auth> before hydration', async () => {
    const { html } = await renderPage('/')
    // Dashboard sits 4th in the navigation, hidden unless a vendor is logged in.
    const nav = /<nav aria-label="Main"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? ''
    const links = [...nav.matchAll(/<a [^>]*class="([^"]*)"[^>]*>([^<]+)<\/a>/g)].map((match) => [
      match[2],
      match[1],
    ])
    expect(links.map(([label]) => label)).toEqual([
      'Home',
      'Portfolio Manager',
      'Device Certifications',
      'Dashboard',
      'Contact Us',
    ])
    expect(links[3]?.[1]).toContain('hidden member:inline-flex')
    expect(links[0]?.[1]).not.toContain('hidden')
    // Sign Up and Sign In for a visitor; the search, help and profile for a vendor.
    expect(html).toMatch(/class="[^"]*flex member:hidden[^"]*"><a[^>]*href="\/create-profile"/)
    expect(html).toMatch(/class="[^"]*hidden member:flex[^"]*"><form role="search"/)
    // The portfolio cards lead where a visitor goes, until the page knows better.
    expect(html).toContain('href="/portfolio-manager?portfolio=device-portfolio"')
  })

  it('gives the hero to the stylesheet until the app hydrates it: every image and name in its turn', async () => {
    const { html } = await renderPage('/')
    const figure = /<figure [^>]*data-slot="hero-carousel"[^>]*>([\s\S]*?)<\/figure>/.exec(html)
    expect(figure?.[0]).toContain('data-autoplay=""')
    const inner = figure?.[1] ?? ''
    const slots = (tag: string) =>
      [
        ...inner.matchAll(
          new RegExp(`<${tag} [^>]*data-hero-slot="(\\d)"[^>]*style="--hero-slot:(\\d)"`, 'g'),
        ),
      ].map((match) => [match[1], match[2]])
    const turn = ['0', '1', '2', '3', '4', '5', '6', '7'].map((slot) => [slot, slot])
    expect(slots('img')).toEqual(turn)
    // Each name (shown one at a time), and each dot's wide mark.
    expect(slots('span')).toEqual([...turn, ...turn])
    // Screen readers get the first image's name, as the turning is not announced.
    expect(inner).toMatch(
      /<span class="sr-only">Wi-Fi router<span class="sr-only">, image 1 of 8<\/span><\/span>/,
    )
  })

  it('refuses to prerender a path that redirects', async () => {
    const { problem } = await renderPage('/no-such-page')
    expect(problem).toBe('it redirects to /')
  })
})
