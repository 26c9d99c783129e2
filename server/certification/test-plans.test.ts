import { describe, expect, it } from 'vitest'
import { DEVICE_TYPES, PRODUCT_CLASSES } from '@/contract/catalogue-seed'
import { BOOT_AND_PROVISIONING, FIRMWARE_UPGRADE_AND_ROLLBACK, testPlanFor } from './test-plans.ts'

describe('test plans', () => {
  it.each(DEVICE_TYPES.flatMap((type) => PRODUCT_CLASSES[type].map((productClass) => [type, productClass])))(
    '%s / %s has its own ordered plan with unique case names',
    (type, productClass) => {
      const plan = testPlanFor(type, productClass)
      expect(plan.name).toBe(`${type} / ${productClass}`)
      expect(plan.cases.slice(0, 2)).toEqual([BOOT_AND_PROVISIONING, FIRMWARE_UPGRADE_AND_ROLLBACK])
      expect(plan.cases.length).toBeGreaterThanOrEqual(8)
      expect(new Set(plan.cases).size).toBe(plan.cases.length)
      const generic = testPlanFor('Smart Plug', '')
      expect(plan.cases).not.toEqual(generic.cases)
    },
  )

  it('chooses cases of the industry per device type', () => {
    expect(testPlanFor('Wi-Fi Router', 'Wi-Fi 6').cases).toEqual(
      expect.arrayContaining([
        'DFS channel switching',
        'IPv6 dual stack',
        'TR-069 data model and ACS connection',
      ]),
    )
    expect(testPlanFor('ONT', 'GPON').cases).toEqual(
      expect.arrayContaining([
        'PON ranging and registration',
        'OMCI provisioning',
        'VoIP (SIP registration and call)',
      ]),
    )
    expect(testPlanFor('OLT', 'GPON OLT').cases).toContain('Uplink and control card redundancy')
    expect(testPlanFor('Set-top Box', 'IPTV').cases).toContain('HDMI-CEC control')
    expect(testPlanFor('Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh').cases).toContain(
      'Backhaul failover (wired to wireless)',
    )
    expect(testPlanFor('Wi-Fi Extender', 'Wi-Fi 6 Repeater').cases).toContain(
      'Pairing with the gateway (WPS push button)',
    )
  })

  it('adds product-class cases: Wi-Fi 6E tests 6 GHz, Wi-Fi 6 does not', () => {
    expect(testPlanFor('Wi-Fi Router', 'Wi-Fi 6E').cases).toContain('Wi-Fi throughput 6 GHz')
    expect(testPlanFor('Wi-Fi Router', 'Wi-Fi 6').cases).not.toContain('Wi-Fi throughput 6 GHz')
  })

  it('matches type and class regardless of case and spaces', () => {
    expect(testPlanFor(' wi-fi router ', 'WI-FI 6E')).toEqual(testPlanFor('Wi-Fi Router', 'Wi-Fi 6E'))
  })

  it('gives a known type with a new product class its type plan', () => {
    const plan = testPlanFor('ONU', 'My New Class')
    expect(plan.name).toBe('ONU')
    expect(plan.cases).toContain('OMCI provisioning')
  })

  it('gives an unknown device type the generic plan', () => {
    const plan = testPlanFor('Smart Plug', 'Zigbee')
    expect(plan.name).toBe('Generic device')
    expect(plan.cases[0]).toBe(BOOT_AND_PROVISIONING)
    expect(plan.cases).toContain('Ethernet connectivity')
  })
})
