import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { ContactUs } from '@/features/marketing/components/contact-us'

export const Route = createFileRoute('/contact-us')({
  component: () => (
    <PageShell title="Contact Us" lead="Find answers in the help center or write to our support team.">
      <ContactUs />
    </PageShell>
  ),
})
