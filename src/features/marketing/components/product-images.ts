import accessPoint from '@/assets/illustrations/hero-8-access-point.svg'
import meshSystem from '@/assets/illustrations/hero-2-mesh-system.svg'
import olt from '@/assets/illustrations/hero-6-olt.svg'
import ont from '@/assets/illustrations/hero-5-ont.svg'
import onu from '@/assets/illustrations/hero-7-onu.svg'
import rangeExtender from '@/assets/illustrations/hero-3-range-extender.svg'
import setTopBox from '@/assets/illustrations/hero-4-set-top-box.svg'
import wifiRouter from '@/assets/illustrations/hero-1-wifi-router.svg'
import brandedAccessPoint from '@/assets/illustrations/model-access-point-deco.svg'
import brandedRouter from '@/assets/illustrations/model-router-nighthawk.svg'

/*
 * The product pictures: SVG illustrations made for the portal (ARCHITECTURE.md, no external hosts),
 * 480 × 360 each. Vite gives each a content-hashed URL, cached for a year by the server.
 */

export type ProductImage = { id: string; src: string; alt: string; name: string }

export const IMAGE_WIDTH = 480
export const IMAGE_HEIGHT = 360

const images = {
  wifiRouter: {
    id: 'wi-fi-router',
    src: wifiRouter,
    name: 'Wi-Fi router',
    alt: 'A white Wi-Fi 7 router with four blue antennas, a row of status lights and Wi-Fi signal arcs.',
  },
  meshSystem: {
    id: 'mesh-system',
    src: meshSystem,
    name: 'Wi-Fi mesh system',
    alt: 'Three white Wi-Fi mesh towers, one tall between two shorter ones, joined by dotted connection arcs.',
  },
  rangeExtender: {
    id: 'range-extender',
    src: rangeExtender,
    name: 'Wi-Fi extender',
    alt: 'A white plug-in Wi-Fi range extender in a wall socket, with signal arcs from its top corner.',
  },
  setTopBox: {
    id: 'set-top-box',
    src: setTopBox,
    name: 'Set-top box',
    alt: 'A set-top box under a TV showing a streaming menu, with a blue remote control beside it.',
  },
  ont: {
    id: 'ont',
    src: ont,
    name: 'ONT',
    alt: 'An optical network terminal with a fibre cable plugged in through a green connector, four Ethernet ports and status lights.',
  },
  olt: {
    id: 'olt',
    src: olt,
    name: 'OLT',
    alt: 'An optical line terminal in a rack: four line cards full of ports, with fibres running out to the side.',
  },
  onu: {
    id: 'onu',
    src: onu,
    name: 'ONU',
    alt: 'A small wall-mounted ONU on a bracket, with a fibre connector and a network cable plugged in underneath.',
  },
  accessPoint: {
    id: 'access-point',
    src: accessPoint,
    name: 'Wi-Fi access point',
    alt: 'A disc-shaped Wi-Fi access point on the ceiling, with a blue light ring and signal arcs spreading downwards.',
  },
  brandedRouter: {
    id: 'netgear-nighthawk-rax50',
    src: brandedRouter,
    name: 'Netgear Nighthawk RAX50',
    alt: 'A dark blue router with an angular body and four wing-like antennas.',
  },
  brandedAccessPoint: {
    id: 'tp-link-deco-x50',
    src: brandedAccessPoint,
    name: 'TP-Link Deco X50',
    alt: 'A white round mesh access point tower with a blue base, a status light and signal arcs on both sides.',
  },
} satisfies Record<string, ProductImage>

export const PRODUCT_IMAGES = images

/** Spec §1: the hero rotates across these 8 product images, in this order. */
export const HERO_IMAGES: readonly ProductImage[] = [
  images.wifiRouter,
  images.meshSystem,
  images.rangeExtender,
  images.setTopBox,
  images.ont,
  images.olt,
  images.onu,
  images.accessPoint,
]
