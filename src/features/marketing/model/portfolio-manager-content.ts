import type { PortfolioType } from '@/contract/portfolio-types'

/* The words of the portfolio manager landing (spec §2 "Portfolio manager landing"). */

export type PortfolioExplanation = {
  type: PortfolioType
  title: string
  summary: string
  more: readonly string[]
}

/** Spec §2: the page explains the organization, line of business and device portfolios. */
export const PORTFOLIO_EXPLANATIONS: readonly PortfolioExplanation[] = [
  {
    type: 'organization-portfolio',
    title: 'Organization portfolio',
    summary: 'Your organization as the lab will know it: name, address and the people to contact.',
    more: [
      'Give the registered name of your organization and its full address, chosen country by country, state by state and city by city.',
      'Name a contact person with a phone number, and the weekdays and hours the lab may call, so questions about a run reach the right person.',
    ],
  },
  {
    type: 'line-of-business-portfolio',
    title: 'Line of business portfolio',
    summary: 'What you make: wireline, wireless or both, and the device classes you build.',
    more: [
      'Choose your business domain, Wireline or Wireless, or both when you make fixed and radio equipment.',
      'The line of business decides which device classes and test plans the portal offers you later.',
    ],
  },
  {
    type: 'device-portfolio',
    title: 'Device portfolio',
    summary: 'The devices you want certified, up to three per portfolio.',
    more: [
      'Pick each device from the catalogue by vendor, device name, type and product class, or add a new one when your model is not listed yet.',
      'Give its serial number, year and a short description. Once submitted, every device appears on your dashboard, ready for a certification run.',
    ],
  },
]

export type DeviceKind = { id: string; title: string; text: string; model?: string }

/** Spec §2: cards for the device kinds, then two branded router and access point models. */
export const DEVICE_KINDS: readonly DeviceKind[] = [
  { id: 'routers', title: 'Routers', text: 'Residential gateways and Wi-Fi 6, 6E and 7 routers.' },
  {
    id: 'wi-fi-extender',
    title: 'Wi-Fi Extender',
    text: 'Wi-Fi 5 and Wi-Fi 6 repeaters that extend coverage.',
  },
  {
    id: 'wi-fi-mesh-device',
    title: 'Wi-Fi Mesh Device',
    text: 'Mesh nodes for whole-home Wi-Fi 6, 6E and 7.',
  },
  { id: 'onu', title: 'ONU', text: 'GPON and XGS-PON single-family and MDU units.' },
  { id: 'olt', title: 'OLT', text: 'GPON, XGS-PON and combo PON line terminals.' },
  { id: 'ont', title: 'ONT', text: 'GPON, XGS-PON and 10G-EPON network terminals.' },
  {
    id: 'netgear-nighthawk-rax50',
    title: 'Nighthawk RAX50',
    model: 'Netgear · Wi-Fi router',
    text: 'A dual-band Wi-Fi 6 router from the portal’s device catalogue.',
  },
  {
    id: 'tp-link-deco-x50',
    title: 'Deco X50',
    model: 'TP-Link · Mesh access point',
    text: 'A Wi-Fi 6 mesh access point from the portal’s device catalogue.',
  },
]
