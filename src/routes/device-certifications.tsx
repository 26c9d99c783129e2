import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { DeviceCertifications } from '@/features/marketing/components/device-certifications'

export const Route = createFileRoute('/device-certifications')({
  component: () => (
    <PageShell
      title="Device Certifications"
      lead="How Wi-Fi routers, mesh devices, set-top boxes, ONTs, OLTs and ONUs are certified."
    >
      <DeviceCertifications />
    </PageShell>
  ),
})
