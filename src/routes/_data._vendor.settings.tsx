import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SettingsNav } from '@/components/layout/settings-nav'

/*
 * A member's settings — the mails they get, their API tokens, the organization's
 * webhooks — one page each under /settings, with the tabs between them above the page.
 */
export const Route = createFileRoute('/_data/_vendor/settings')({
  component: SettingsLayout,
})

function SettingsLayout() {
  return (
    <>
      <SettingsNav />
      <Outlet />
    </>
  )
}
