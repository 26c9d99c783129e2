import * as v from 'valibot'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { PortfolioType } from '@/contract/portfolio-types'
import {
  dashboardSearchSchema,
  loginSearchSchema,
  portfolioFormSearchSchema,
  portfolioSearchSchema,
  rootSearchSchema,
  teamSearchSchema,
  type DashboardSearch,
  type PortfolioFormSearch,
  type PortfolioSearch,
} from '@/routes/-search-params'

describe('portfolio search parameter', () => {
  it.each(['organization-portfolio', 'line-of-business-portfolio', 'device-portfolio'])(
    'keeps %s',
    (portfolio) => {
      expect(v.parse(portfolioSearchSchema, { portfolio })).toEqual({ portfolio })
    },
  )
  it.each([['device'], ['Device-Portfolio'], [42], [null]])(
    'drops %j instead of failing the page',
    (portfolio) => {
      expect(v.parse(portfolioSearchSchema, { portfolio })).toEqual({ portfolio: undefined })
    },
  )
  it('is typed as one of the three portfolio types', () => {
    expectTypeOf<PortfolioSearch['portfolio']>().toEqualTypeOf<PortfolioType | undefined>()
  })
})

describe('record search parameter of /portfolio (docs/decisions/0012)', () => {
  it('keeps a record id beside the section', () => {
    expect(v.parse(portfolioFormSearchSchema, { record: 'pm-0001', portfolio: 'device-portfolio' })).toEqual({
      record: 'pm-0001',
      portfolio: 'device-portfolio',
    })
    expect(v.parse(portfolioFormSearchSchema, { record: ' 5f0c-7e ' }).record).toBe('5f0c-7e')
  })
  it('turns a numeric id the router parsed as JSON back into text', () => {
    expect(v.parse(portfolioFormSearchSchema, { record: 1234 }).record).toBe('1234')
  })
  it.each([[''], ['   '], ['x'.repeat(65)], [null], [{ id: 'pm-1' }]])(
    'drops %j instead of failing the page',
    (record) => {
      expect(v.parse(portfolioFormSearchSchema, { record }).record).toBeUndefined()
    },
  )
  it('is not a parameter of /portfolio-manager', () => {
    expect(Object.keys(portfolioSearchSchema.entries)).toEqual(['portfolio'])
    expectTypeOf<PortfolioFormSearch['record']>().toEqualTypeOf<string | undefined>()
  })
})

describe('revise search parameter of /portfolio (docs/decisions/0033)', () => {
  it.each([[true], [1], ['1'], ['true']])('reads %j as revise mode', (revise) => {
    expect(v.parse(portfolioFormSearchSchema, { record: 'pm-0001', revise })).toEqual({
      record: 'pm-0001',
      revise: true,
    })
  })
  it.each([[false], [0], ['yes'], [null], [{}]])('drops %j: the form opens as Edit would', (revise) => {
    expect(v.parse(portfolioFormSearchSchema, { record: 'pm-0001', revise }).revise).toBeUndefined()
  })
  it('is true or absent', () => {
    expectTypeOf<PortfolioFormSearch['revise']>().toEqualTypeOf<true | undefined>()
  })
})

describe('goto search parameter', () => {
  it.each(['/dashboard', '/portfolio?portfolio=device-portfolio', '/'])('keeps the site path %s', (goto) => {
    expect(v.parse(rootSearchSchema, { goto })).toEqual({ goto })
  })
  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'dashboard', ''])(
    'drops %j, which could lead off the site',
    (goto) => {
      expect(v.parse(rootSearchSchema, { goto })).toEqual({ goto: undefined })
    },
  )
})

describe('search and from parameters', () => {
  it('keeps text and turns numbers the router parsed back into text', () => {
    expect(v.parse(dashboardSearchSchema, { search: 'ONT' })).toEqual({ search: 'ONT' })
    expect(v.parse(dashboardSearchSchema, { search: 123 })).toEqual({ search: '123' })
    expect(v.parse(loginSearchSchema, { from: 'create-portfolio' })).toEqual({ from: 'create-portfolio' })
  })
  it('keeps a redirect path of this site and drops one that leads off it', () => {
    expect(v.parse(loginSearchSchema, { redirect: '/dashboard?search=ONT' })).toEqual({
      redirect: '/dashboard?search=ONT',
    })
    expect(v.parse(loginSearchSchema, { redirect: '//evil.example' })).toEqual({ redirect: undefined })
  })
  it('drops a search longer than 200 characters', () => {
    expect(v.parse(dashboardSearchSchema, { search: 'x'.repeat(200) }).search).toHaveLength(200)
    expect(v.parse(dashboardSearchSchema, { search: 'x'.repeat(201) })).toEqual({ search: undefined })
  })
  it('is typed as optional text', () => {
    expectTypeOf<DashboardSearch['search']>().toEqualTypeOf<string | undefined>()
  })
})

describe('team search parameters (the activity log’s filters)', () => {
  it('keeps well-formed filters and drops the rest instead of failing the page', () => {
    expect(
      v.parse(teamSearchSchema, {
        q: ' beacon ',
        member: 'v-nokia-eng1',
        action: 'certificate.listed',
        from: '2026-11-15',
        to: '2026-11-20',
      }),
    ).toEqual({
      q: 'beacon',
      member: 'v-nokia-eng1',
      action: 'certificate.listed',
      from: '2026-11-15',
      to: '2026-11-20',
    })
    expect(
      v.parse(teamSearchSchema, {
        q: '',
        member: '',
        action: 'member.danced',
        from: 'yesterday',
        to: 20261120,
      }),
    ).toEqual({ q: undefined, member: undefined, action: undefined, from: undefined, to: undefined })
  })
})
