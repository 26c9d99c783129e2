import { Link } from '@tanstack/react-router'
import { ArrowRight, Building2, Layers, RouterIcon, type LucideIcon } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DisclosureCard } from '@/features/marketing/components/disclosure-card'
import type { PortfolioType } from '@/contract/portfolio-types'
import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  PRODUCT_IMAGES,
  type ProductImage,
} from '@/features/marketing/components/product-images'
import {
  PORTFOLIO_BUTTON_LABELS,
  type PortfolioManagerButton,
  portfolioManagerButton,
} from '@/features/marketing/model/portfolio-manager-button'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import { DEVICE_KINDS, PORTFOLIO_EXPLANATIONS } from '@/features/marketing/model/portfolio-manager-content'
import { useAuthView } from '@/lib/use-auth-data'
import { useHydrated } from '@/lib/use-hydrated'
import { cn } from '@/lib/utils'

const EXPLANATION_ICONS: Record<PortfolioType, LucideIcon> = {
  'organization-portfolio': Building2,
  'line-of-business-portfolio': Layers,
  'device-portfolio': RouterIcon,
}

const KIND_IMAGES: Record<string, ProductImage> = {
  routers: PRODUCT_IMAGES.wifiRouter,
  'wi-fi-extender': PRODUCT_IMAGES.rangeExtender,
  'wi-fi-mesh-device': PRODUCT_IMAGES.meshSystem,
  onu: PRODUCT_IMAGES.onu,
  olt: PRODUCT_IMAGES.olt,
  ont: PRODUCT_IMAGES.ont,
  'netgear-nighthawk-rax50': PRODUCT_IMAGES.brandedRouter,
  'tp-link-deco-x50': PRODUCT_IMAGES.brandedAccessPoint,
}

type PortfolioManagerLandingProps = React.ComponentProps<'div'> & {
  /** The portfolio type asked for in the URL (`?portfolio=`): scrolled to and marked. */
  portfolio?: PortfolioType | undefined
  /** Explanations whose Learn more is open at first (stories). */
  defaultOpen?: readonly PortfolioType[]
}

/**
 * The portfolio manager landing (spec §2): the main button, whose label and target follow the
 * stored login data; the three portfolio explanations with Learn more / Learn less; and cards for
 * the device kinds and two branded models.
 */
function PortfolioManagerLanding({
  portfolio,
  defaultOpen = [],
  className,
  ...props
}: PortfolioManagerLandingProps) {
  const auth = useAuthView()
  const button = portfolioManagerButton(auth.authData)
  // Marked after hydration: the prerendered HTML is the same for every `?portfolio=`.
  const marked = useHydrated() ? portfolio : undefined

  React.useEffect(() => {
    if (!portfolio) return
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    // The page's scroll-padding-top (styles.css) keeps the section 54 px below the top, clear of the sticky header.
    document
      .getElementById(portfolio)
      ?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' })
  }, [portfolio])

  return (
    <div data-slot="portfolio-manager-landing" className={cn('flex flex-col gap-12', className)} {...props}>
      <div className="flex flex-col gap-4">
        <p className="max-w-3xl text-body text-ink-muted">
          A portfolio is what the lab needs before it can certify anything: your organization, your line of
          business and your devices. Fill it in once, save it as a draft while you gather the details, and
          submit it when it is complete. Every submitted device then appears on your dashboard.
        </p>
        {/* Each in its own place: the first render after hydration keeps the link under a finger. */}
        {auth.status === 'member' ? null : (
          <PortfolioButton
            button={button}
            className={auth.status === 'unknown' ? 'member:hidden' : undefined}
          />
        )}
        {auth.status === 'visitor' ? null : (
          <MemberPortfolioButton button={auth.status === 'member' ? button : undefined} />
        )}
      </div>

      <PortfolioExplanations marked={marked} defaultOpen={defaultOpen} />
      <DeviceKinds />
    </div>
  )
}

const LABEL_STATES = ['saved', 'submitted', 'none'] as const
/** Which label CSS shows before the app, by the marks of index.html's inline script (src/styles.css). */
const BEFORE_THE_APP: Record<(typeof LABEL_STATES)[number], string> = {
  saved: 'hidden member-portfolio-saved:inline',
  submitted: 'hidden member-portfolio-submitted:inline',
  none: 'hidden member-portfolio-none:inline',
}

/** Where a logged-in vendor's main button goes (spec §2), before the app knows the stored login. */
const MEMBER_BUTTON: PortfolioManagerButton = portfolioManagerButton({
  message: LOGIN_SUCCESS_MESSAGE,
  isPortfolioManagerPreviousReqSaved: 'NO',
  isPortfolioManagerSubmittedDataExists: 'NO',
})

/**
 * The visitor's main button: `button` says where it goes and what it reads. While the page is
 * prerendered HTML, CSS hides it for a logged-in vendor (`member:hidden`).
 */
function PortfolioButton({
  button,
  className,
}: {
  button: PortfolioManagerButton
  className?: string | undefined
}) {
  return (
    <Button asChild size="lg" className={cn('min-w-52 self-start', className)}>
      <Link to={button.to} search={button.search} data-target={button.to}>
        {button.label}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  )
}

/**
 * A logged-in vendor's main button (decision 0049). While the page is prerendered HTML, who is
 * looking is not known: the page carries this button beside the visitor's, CSS shows it to a
 * logged-in vendor, and its label by the marks index.html's inline script sets — so that a click
 * before the app is there goes where the app's button would, to /portfolio, not to the login.
 * Once the app knows (`button`), the same link and the same label elements stay, only their
 * classes change: a press that started on them before still ends on them, and is a click.
 */
function MemberPortfolioButton({ button }: { button?: PortfolioManagerButton | undefined }) {
  const target = button ?? MEMBER_BUTTON
  return (
    <Button
      asChild
      size="lg"
      className={cn('min-w-52 self-start', button ? undefined : 'hidden member:inline-flex')}
    >
      <Link to={target.to} search={target.search} data-target={target.to}>
        {LABEL_STATES.map((state) => (
          <span
            key={state}
            className={
              button
                ? button.label === PORTFOLIO_BUTTON_LABELS[state]
                  ? undefined
                  : 'hidden'
                : BEFORE_THE_APP[state]
            }
          >
            {PORTFOLIO_BUTTON_LABELS[state]}
          </span>
        ))}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  )
}

type PortfolioExplanationsProps = {
  /** The explanation asked for in the URL, marked once hydrated. */
  marked: PortfolioType | undefined
  defaultOpen: readonly PortfolioType[]
}

/** The three parts of a portfolio, each with Learn more / Learn less. */
function PortfolioExplanations({ marked, defaultOpen }: PortfolioExplanationsProps) {
  return (
    <section aria-labelledby="portfolio-types" className="flex flex-col gap-4">
      <h2 id="portfolio-types" className="text-title text-ink">
        Three parts of a portfolio
      </h2>
      <ul className="grid items-start gap-4 md:grid-cols-3">
        {PORTFOLIO_EXPLANATIONS.map((explanation) => {
          const Icon = EXPLANATION_ICONS[explanation.type]
          return (
            <li key={explanation.type} className="flex">
              <DisclosureCard
                id={explanation.type}
                data-marked={marked === explanation.type ? true : undefined}
                className="transition-shadow data-[marked]:ring-2 data-[marked]:ring-brand-500"
                titleId={`${explanation.type}-title`}
                heading={
                  <>
                    <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <h3 id={`${explanation.type}-title`} className="text-heading text-ink">
                      {explanation.title}
                    </h3>
                  </>
                }
                summary={explanation.summary}
                defaultOpen={defaultOpen.includes(explanation.type)}
                contentClassName="flex flex-col gap-2 text-small text-ink-muted"
              >
                {explanation.more.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </DisclosureCard>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Cards for the device kinds and two branded models of the catalogue. */
function DeviceKinds() {
  return (
    <section aria-labelledby="device-kinds" className="flex flex-col gap-4">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id="device-kinds" className="text-title text-ink">
          Devices you can register
        </h2>
        <p className="text-body text-ink-muted">
          From home gateways to central-office line terminals, and the models already in the catalogue.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {DEVICE_KINDS.map((kind) => {
          const image = KIND_IMAGES[kind.id]
          return (
            <li key={kind.id} className="flex">
              <Card className="w-full gap-2 p-0">
                {image ? (
                  <img
                    src={image.src}
                    alt={image.alt}
                    width={IMAGE_WIDTH}
                    height={IMAGE_HEIGHT}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full rounded-t-card bg-surface-muted object-contain"
                  />
                ) : null}
                <div className="flex flex-col gap-1 px-4 pb-4">
                  {kind.model ? (
                    <p className="text-caption font-semibold tracking-wide text-brand-700 uppercase">
                      {kind.model}
                    </p>
                  ) : null}
                  <h3 className="text-heading text-ink">{kind.title}</h3>
                  <p className="text-small text-ink-muted">{kind.text}</p>
                </div>
              </Card>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export { PortfolioManagerLanding }
