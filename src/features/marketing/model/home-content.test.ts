import { describe, expect, it } from 'vitest'
import { PORTFOLIO_TYPES } from '@/contract/portfolio-types'
import {
  BENEFITS,
  HERO_INTERVAL_MS,
  HOME_SECTIONS,
  PORTFOLIO_CARDS,
  portfolioCardTarget,
} from '@/features/marketing/model/home-content'

describe('home page content (spec §1, §2, §9)', () => {
  it('rotates the hero every 1200 ms and has the three sections', () => {
    expect(HERO_INTERVAL_MS).toBe(1200)
    expect(HOME_SECTIONS).toEqual(['home', 'portfolio-manager', 'device-certifications'])
  })

  it('lists the nine benefits in the order of the specification', () => {
    expect(BENEFITS.map((benefit) => benefit.title.toLowerCase())).toEqual([
      'interoperability',
      'quality assurance',
      'standards checkpoint',
      'reduced recall risk',
      'seamless connectivity',
      'reliable hardware and software',
      'customer experience',
      'trusted device',
      'reduced support costs',
    ])
  })

  it('has one card per portfolio type', () => {
    expect(PORTFOLIO_CARDS.map((card) => card.type)).toEqual([...PORTFOLIO_TYPES])
  })

  it.each(PORTFOLIO_TYPES)(
    'routes a logged-in user to the form and a visitor to the landing (%s)',
    (type) => {
      expect(portfolioCardTarget(type, true)).toEqual({ to: '/portfolio', search: { portfolio: type } })
      expect(portfolioCardTarget(type, false)).toEqual({
        to: '/portfolio-manager',
        search: { portfolio: type },
      })
    },
  )
})
