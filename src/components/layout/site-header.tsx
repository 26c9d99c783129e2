import { Link } from '@tanstack/react-router'
import { Menu, RadioTower } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/utils'

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/portfolio-manager', label: 'Portfolio Manager' },
  { to: '/device-certifications', label: 'Device Certifications' },
  { to: '/contact-us', label: 'Contact Us' },
] as const

const navLinkClasses = cn(
  'rounded-md px-3 py-2 text-small font-semibold text-ink-muted transition-colors hover:bg-surface-sunken hover:text-ink',
  'focus-visible:focus-ring data-[status=active]:text-brand-700',
)

/** The site header: brand, the public navigation and the sign-in actions. */
function SiteHeader() {
  return (
    <header
      data-slot="site-header"
      className="sticky top-0 z-40 h-header-offset border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-bold text-ink focus-visible:focus-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-ink-inverted">
            <RadioTower className="size-4" aria-hidden="true" />
          </span>
          <span className="hidden text-body sm:inline">Device Certification Portal</span>
          <span className="sr-only sm:hidden">Device Certification Portal, home</span>
        </Link>
        <nav aria-label="Main" className="ms-auto hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={navLinkClasses} activeOptions={{ exact: true }}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-2 md:ms-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/create-profile">Sign Up</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/login">Sign In</Link>
          </Button>
          <Popover>
            <PopoverTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu aria-hidden="true" />
              </Button>
            </PopoverTrigger>
            <PopoverContent align="end" className="w-56 p-2">
              <nav aria-label="Main" className="flex flex-col">
                {NAV_LINKS.map((link) => (
                  <Link key={link.to} to={link.to} className={navLinkClasses} activeOptions={{ exact: true }}>
                    {link.label}
                  </Link>
                ))}
              </nav>
            </PopoverContent>
          </Popover>
        </div>
      </div>
    </header>
  )
}

export { SiteHeader }
