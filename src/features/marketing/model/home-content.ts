import type { PortfolioType } from '@/contract/portfolio-types'

/* The words of the home page (spec §1, §2). Plain data: the components decide the look. */

/** Spec §9: the hero image changes every 1200 ms across 8 images. */
export const HERO_INTERVAL_MS = 1200

/** The ids of the home page's sections (spec §2), the targets of in-page jumps. */
export const HOME_SECTIONS = ['home', 'portfolio-manager', 'device-certifications'] as const

export type Benefit = { id: string; title: string; text: string }

/** Spec §1: the nine benefits, in the specification's order. */
export const BENEFITS: readonly Benefit[] = [
  {
    id: 'interoperability',
    title: 'Interoperability',
    text: 'Certified devices work with the networks, services and other equipment your customers already run.',
  },
  {
    id: 'quality-assurance',
    title: 'Quality assurance',
    text: 'Every run executes a documented test plan, so results are repeatable and comparable between releases.',
  },
  {
    id: 'standards-checkpoint',
    title: 'Standards checkpoint',
    text: 'Check a device against the Wi-Fi and PON requirements operators ask for before it ships.',
  },
  {
    id: 'reduced-recall-risk',
    title: 'Reduced recall risk',
    text: 'Find defects in the lab, not in the field, where a recall costs money and reputation.',
  },
  {
    id: 'seamless-connectivity',
    title: 'Seamless connectivity',
    text: 'Roaming, mesh hand-over and fibre provisioning are tested end to end, as subscribers use them.',
  },
  {
    id: 'reliable-hardware-and-software',
    title: 'Reliable hardware and software',
    text: 'Stability, firmware upgrade and recovery tests show the device keeps working after the first day.',
  },
  {
    id: 'customer-experience',
    title: 'Customer experience',
    text: 'Fewer dropped connections and faster set-up mean happier subscribers and better reviews.',
  },
  {
    id: 'trusted-device',
    title: 'Trusted device',
    text: 'A certificate tells operators and buyers the device passed an independent test plan.',
  },
  {
    id: 'reduced-support-costs',
    title: 'Reduced support costs',
    text: 'Devices that behave as specified generate fewer support calls and truck rolls.',
  },
]

export type DeviceClassStory = { id: string; title: string; summary: string; more: readonly string[] }

/** Spec §1: a Learn more / Learn less description per device class. */
export const DEVICE_CLASS_STORIES: readonly DeviceClassStory[] = [
  {
    id: 'wi-fi-router',
    title: 'Wi-Fi routers',
    summary: 'The heart of the home network: routing, Wi-Fi and security in one box.',
    more: [
      'We test throughput and range on every band the router offers, from Wi-Fi 5 to Wi-Fi 7, with many clients at once.',
      'Firewall defaults, firmware upgrade and factory reset are checked, so the router stays safe and recoverable.',
    ],
  },
  {
    id: 'wi-fi-extender',
    title: 'Wi-Fi extenders',
    summary: 'Extenders carry the signal to rooms the router cannot reach.',
    more: [
      'We measure the throughput an extender keeps after the extra hop and how it picks the best uplink.',
      'Set-up with WPS and from the app, and recovery after the router restarts, are part of the plan.',
    ],
  },
  {
    id: 'wi-fi-mesh-device',
    title: 'Wi-Fi mesh devices',
    summary: 'Mesh nodes cover a whole home with one network name and seamless roaming.',
    more: [
      'We check backhaul selection, self-healing when a node goes away, and client steering between nodes.',
      'Roaming tests move real clients through the home while a call and a video stream run.',
    ],
  },
  {
    id: 'set-top-box',
    title: 'Set-top boxes',
    summary: 'Set-top boxes bring live TV and streaming to the living-room screen.',
    more: [
      'Channel change time, stream start-up and picture quality are measured on IPTV and hybrid services.',
      'We test remote control pairing, HDMI-CEC and recovery from a power cut during an upgrade.',
    ],
  },
  {
    id: 'ont',
    title: 'ONT',
    summary: 'The optical network terminal ends the fibre at the subscriber’s home.',
    more: [
      'Activation on the operator’s OLT, optical power budget and OMCI provisioning are tested on GPON and XGS-PON.',
      'Voice ports, Wi-Fi where present and remote management complete the plan.',
    ],
  },
  {
    id: 'olt',
    title: 'OLT',
    summary: 'The optical line terminal serves hundreds of subscribers from the central office.',
    more: [
      'We load line cards with many ONUs and check bandwidth allocation, protection switching and upgrades in service.',
      'Interworking tests run the OLT with ONTs and ONUs from several vendors.',
    ],
  },
  {
    id: 'onu',
    title: 'ONU',
    summary: 'Optical network units connect single homes or whole buildings to the PON.',
    more: [
      'Registration, ranging and service provisioning are checked against the OLTs operators deploy.',
      'For MDU units we test many subscriber ports at once and power-failure alarms.',
    ],
  },
]

export type PortfolioCard = { type: PortfolioType; title: string; text: string }

/** Spec §1: the three portfolio cards, one per portfolio type. */
export const PORTFOLIO_CARDS: readonly PortfolioCard[] = [
  {
    type: 'organization-portfolio',
    title: 'Organization portfolio',
    text: 'Who you are: your organization, its address and the people the lab should contact.',
  },
  {
    type: 'line-of-business-portfolio',
    title: 'Line of business portfolio',
    text: 'What you build: wireline, wireless or both, and the device classes you make.',
  },
  {
    type: 'device-portfolio',
    title: 'Device portfolio',
    text: 'What you want certified: up to three devices, each with its model, class and serial number.',
  },
]

/**
 * Spec §2: a logged-in user clicking a portfolio card goes to the portfolio form at that section;
 * a visitor goes to the portfolio manager landing, which explains it.
 */
export function portfolioCardTarget(type: PortfolioType, loggedIn: boolean) {
  return loggedIn
    ? ({ to: '/portfolio', search: { portfolio: type } } as const)
    : ({ to: '/portfolio-manager', search: { portfolio: type } } as const)
}
