/*
 * Test plans (ARCHITECTURE.md decision 7): the ordered, named test cases a certification run
 * executes, chosen by device type and product class. Every plan opens with the cases any device
 * on an operator's network must pass (boot, firmware, security), then the cases of its device
 * type, then those its product class adds. A device type the catalogue does not know (a vendor's
 * 'Add New Device Type') gets the generic plan, so every record can be certified.
 *
 * Case names are what the vendor reads in the results and the printable report: they are
 * product words, unique within a plan. The simulated lab (harness.ts) names some of them.
 */

export type TestPlan = {
  /** e.g. 'Wi-Fi Router / Wi-Fi 6E', or 'Generic device' for an unknown type. */
  name: string
  cases: readonly string[]
}

/** The opening cases of every plan. */
export const BOOT_AND_PROVISIONING = 'Boot and provisioning'
export const FIRMWARE_UPGRADE_AND_ROLLBACK = 'Firmware upgrade and rollback'
export const SECURITY_BASELINE = 'Security baseline (open ports, default credentials, TLS)'

const COMMON_OPENING = [BOOT_AND_PROVISIONING, FIRMWARE_UPGRADE_AND_ROLLBACK, SECURITY_BASELINE] as const

/** Cases every Wi-Fi device shares (routers, extenders, mesh). */
const WIFI_COMMON = [
  'Wi-Fi throughput 2.4 GHz',
  'Wi-Fi throughput 5 GHz',
  'DFS channel switching',
  'WPA3 and WPA2 transition mode',
]

const TYPE_CASES: Readonly<Record<string, readonly string[]>> = {
  'Wi-Fi Router': [
    ...WIFI_COMMON,
    'WAN connectivity (DHCP, PPPoE, VLAN tagging)',
    'IPv6 dual stack',
    'TR-069 data model and ACS connection',
    'TR-369 (USP) agent and controller',
    'NAT, firewall and port forwarding',
    'Power cycle and configuration persistence',
  ],
  'Wi-Fi Extender': [
    ...WIFI_COMMON,
    'Pairing with the gateway (WPS push button)',
    'Coverage extension at 10 m and 20 m',
    'Uplink loss and reconnection',
    'TR-369 (USP) agent and controller',
  ],
  'Wi-Fi Mesh Device': [
    ...WIFI_COMMON,
    'Mesh onboarding (EasyMesh)',
    'Wireless backhaul throughput',
    'Backhaul failover (wired to wireless)',
    'Client roaming (802.11k/v/r)',
    'Band steering',
    'TR-369 (USP) agent and controller',
  ],
  'Set-top Box': [
    'IPTV channel zapping time',
    'Multicast join and leave (IGMPv3)',
    'DRM playback (Widevine, PlayReady)',
    'HDMI-CEC control',
    'HDCP 2.3 compliance',
    'EPG load and update',
    'Remote control pairing (Bluetooth LE)',
  ],
  ONT: [
    'Optical power levels (Rx sensitivity, Tx power)',
    'PON ranging and registration',
    'OMCI provisioning',
    'Ethernet UNI throughput',
    'VoIP (SIP registration and call)',
    'TR-069 data model and ACS connection',
    'IPv6 dual stack',
    'Dying gasp',
  ],
  OLT: [
    'PON port capacity (ONUs per port)',
    'ONU discovery and activation',
    'VLAN and QoS profiles',
    'Multicast (IGMP snooping and proxy)',
    'Dynamic bandwidth allocation (DBA)',
    'Uplink and control card redundancy',
    'NETCONF/YANG management',
  ],
  ONU: [
    'Optical power levels (Rx sensitivity, Tx power)',
    'PON ranging and registration',
    'OMCI provisioning',
    'Ethernet UNI throughput',
    'VLAN translation',
    'Dying gasp',
  ],
}

/** Cases a product class adds to its type's plan. */
const CLASS_CASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'Wi-Fi Router': {
    'Residential Gateway': ['VoIP FXS ports (SIP registration and call)', 'USB storage sharing'],
    'Wi-Fi 6': ['OFDMA and MU-MIMO (802.11ax)', 'Target wake time'],
    'Wi-Fi 6E': [
      'OFDMA and MU-MIMO (802.11ax)',
      'Wi-Fi throughput 6 GHz',
      '6 GHz automated frequency coordination',
    ],
    'Wi-Fi 7': ['Wi-Fi throughput 6 GHz', 'Multi-link operation (802.11be)', '320 MHz channels and 4096-QAM'],
  },
  'Wi-Fi Extender': {
    'Wi-Fi 5 Repeater': ['802.11ac wave 2 MU-MIMO'],
    'Wi-Fi 6 Repeater': ['OFDMA and MU-MIMO (802.11ax)'],
  },
  'Wi-Fi Mesh Device': {
    'Wi-Fi 6 Mesh': ['OFDMA and MU-MIMO (802.11ax)'],
    'Wi-Fi 6E Mesh': ['Wi-Fi throughput 6 GHz', '6 GHz dedicated backhaul'],
    'Wi-Fi 7 Mesh': ['Wi-Fi throughput 6 GHz', 'Multi-link operation (802.11be) backhaul'],
  },
  'Set-top Box': {
    IPTV: ['Unicast VoD start time'],
    'Android TV': ['Android TV operator tier compliance', 'Google Play and casting'],
    'Hybrid DVB': ['DVB-T2 and DVB-C tuning', 'Hybrid broadcast and IPTV switching'],
  },
  ONT: {
    GPON: ['GPON line rate 2.5G/1.25G'],
    'XGS-PON': ['XGS-PON line rate 10G symmetric', 'GPON and XGS-PON coexistence'],
    '10G-EPON': ['10G-EPON discovery (MPCP)', 'OAM and DPoE provisioning'],
  },
  OLT: {
    'GPON OLT': ['GPON line rate 2.5G/1.25G'],
    'XGS-PON OLT': ['XGS-PON line rate 10G symmetric'],
    'Combo PON OLT': ['Combo PON (GPON and XGS-PON on one port)'],
  },
  ONU: {
    'GPON SFU': ['GPON line rate 2.5G/1.25G'],
    'XGS-PON SFU': ['XGS-PON line rate 10G symmetric'],
    MDU: ['Multi-port Ethernet and PoE', 'Per-subscriber VLAN isolation'],
  },
}

const GENERIC_CASES = [
  'Ethernet connectivity',
  'IPv6 dual stack',
  'Remote management (TR-069 or TR-369)',
  'Power cycle and configuration persistence',
]

/** The plan for a device. Matching ignores case and surrounding spaces, as the catalogue does. */
export function testPlanFor(deviceType: string, productClass: string): TestPlan {
  const typeKey = findKey(TYPE_CASES, deviceType)
  if (typeKey === undefined) {
    return { name: 'Generic device', cases: [...COMMON_OPENING, ...GENERIC_CASES] }
  }
  const classes = CLASS_CASES[typeKey] ?? {}
  const classKey = findKey(classes, productClass)
  const cases = [
    ...COMMON_OPENING,
    ...(TYPE_CASES[typeKey] ?? []),
    ...(classKey ? (classes[classKey] ?? []) : []),
  ]
  return {
    name: classKey ? `${typeKey} / ${classKey}` : typeKey,
    // A class may repeat a type's case (e.g. 6 GHz throughput): a name appears once, first place kept.
    cases: [...new Set(cases)],
  }
}

function findKey(table: Readonly<Record<string, unknown>>, value: string) {
  const wanted = value.trim().toLowerCase()
  return Object.keys(table).find((key) => key.toLowerCase() === wanted)
}
