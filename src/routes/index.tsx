import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'

export const Route = createFileRoute('/')({
  component: () => (
    <PageShell
      title="Device certification for telecom vendors"
      lead="Register your organization, describe your Wi-Fi routers, extenders, mesh devices, set-top boxes, ONTs, OLTs and ONUs, and follow every certification run in one place."
    />
  ),
})
