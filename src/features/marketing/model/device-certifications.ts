/*
 * The device certifications page's static content (spec §2 "Device certifications page"): the
 * introduction and one expandable card per device class, in the specification's order.
 */

export type CertificationClass = {
  id: string
  title: string
  summary: string
  /** Shown by Read More. */
  details: readonly string[]
}

export const CERTIFICATIONS_INTRO =
  'Certification proves that a device works on operator networks as its vendor says it does. You describe ' +
  'the device in your portfolio, submit it, and start a certification run from the dashboard.'

export const CERTIFICATIONS_INTRO_MORE: readonly string[] = [
  'Each run executes the test plan of the device type and product class you submitted: boot and provisioning, ' +
    'firmware upgrade and rollback, the security baseline, and the cases of the device class below.',
  'The dashboard follows every case while it runs. When the run completes, the device is Certified or shows a ' +
    'Validation Failure; Download Results gives each case with its log, and a certified device can have its PDF ' +
    'certificate mailed to you.',
  'If the lab is in maintenance, runs wait in status Maintenance and go on by themselves when it ends.',
]

export const CERTIFICATION_CLASSES: readonly CertificationClass[] = [
  {
    id: 'wi-fi-routers',
    title: 'Wi-Fi Routers',
    summary: 'Home and small-office gateways with Wi-Fi 5, 6, 6E or 7.',
    details: [
      'Throughput on 2.4 GHz and 5 GHz against fixed thresholds',
      'DFS channel switching without dropping clients',
      'WPA3 and WPA2 transition mode',
      'WAN modes of the product class: PPPoE, DHCP or static',
    ],
  },
  {
    id: 'wi-fi-mesh-devices',
    title: 'Wi-Fi Mesh Devices',
    summary: 'Mesh nodes and extenders that build one network from several units.',
    details: [
      'Mesh onboarding (EasyMesh) of a new node',
      'Wireless backhaul throughput between nodes',
      'Backhaul failover from wired to wireless',
      'Client roaming (802.11k/v/r) and band steering',
    ],
  },
  {
    id: 'set-top-boxes',
    title: 'Set-top boxes',
    summary: 'IPTV and hybrid boxes with their remote controls.',
    details: [
      'Channel change time over 50 zaps',
      'Multicast join and leave (IGMP)',
      'Video decoding of the operator’s formats',
      'Remote control pairing and keys',
    ],
  },
  {
    id: 'ont',
    title: 'ONT',
    summary: 'Optical network terminals at the subscriber’s premises.',
    details: [
      'Optical power within the allowed window, receive and transmit',
      'Ranging and registration with the OLT',
      'OMCI provisioning of services',
      'Voice and data service after provisioning',
    ],
  },
  {
    id: 'olt',
    title: 'OLT',
    summary: 'Optical line terminals in the operator’s central office.',
    details: [
      'Discovery and activation of ONUs and ONTs',
      'Dynamic bandwidth allocation under load',
      'Protection switching of the PON',
      'Northbound management interfaces',
    ],
  },
  {
    id: 'onu',
    title: 'ONU',
    summary: 'Optical network units serving buildings and businesses.',
    details: [
      'Optical power and ranging',
      'Service provisioning over OMCI',
      'Upstream traffic shaping',
      'Firmware upgrade and rollback in the field',
    ],
  },
]
