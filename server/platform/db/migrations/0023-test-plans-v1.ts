/*
 * The test plans as they were when they became data (migration 0023): version 1 of each plan,
 * frozen here so that the migration writes the same rows whatever the lab publishes later. A plan
 * applies to one device type (the generic plan to every type the catalogue does not know); a case
 * limited to product classes runs only for them.
 */

export type SeedPlanCase = {
  name: string
  description: string
  firmwareSensitive: boolean
  productClasses: string[]
}
export type SeedPlan = {
  planId: string
  name: string
  deviceType: string | null
  productClasses: string[]
  cases: SeedPlanCase[]
}

export const TEST_PLANS_V1: readonly SeedPlan[] = [
  {
    planId: 'wi-fi-router',
    name: 'Wi-Fi Router',
    deviceType: 'Wi-Fi Router',
    productClasses: ['Residential Gateway', 'Wi-Fi 6', 'Wi-Fi 6E', 'Wi-Fi 7'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Wi-Fi throughput 2.4 GHz',
        description: 'TCP throughput at 2.4 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'Wi-Fi throughput 5 GHz',
        description: 'TCP throughput at 5 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'DFS channel switching',
        description:
          'On a simulated radar pulse the device leaves the channel within 10 s and resumes on a permitted one.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'WPA3 and WPA2 transition mode',
        description:
          'WPA3-Personal and WPA2/WPA3 transition mode; legacy clients still join, PMF is enforced for WPA3 clients.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'WAN connectivity (DHCP, PPPoE, VLAN tagging)',
        description: 'The WAN comes up over DHCP and PPPoE, with and without the operator’s VLAN tag.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'IPv6 dual stack',
        description:
          'IPv4 and IPv6 side by side: DHCPv6 prefix delegation, SLAAC on the LAN, and both reachable.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'TR-069 data model and ACS connection',
        description:
          'The device connects to the operator’s ACS and answers the TR-181 data model’s required parameters.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'TR-369 (USP) agent and controller',
        description:
          'A USP agent reachable by the operator’s controller over MQTT or WebSocket, with the required objects.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'NAT, firewall and port forwarding',
        description:
          'Outbound NAT, the default firewall policy, and port forwarding rules set by the operator.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Power cycle and configuration persistence',
        description:
          'Twenty power cuts at random moments: the device always comes back with its configuration.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'VoIP FXS ports (SIP registration and call)',
        description: 'Each FXS port registers to the operator’s SIP server and places and receives a call.',
        firmwareSensitive: true,
        productClasses: ['Residential Gateway'],
      },
      {
        name: 'USB storage sharing',
        description: 'A USB drive is shared on the LAN (SMB) with the operator’s default permissions.',
        firmwareSensitive: true,
        productClasses: ['Residential Gateway'],
      },
      {
        name: 'OFDMA and MU-MIMO (802.11ax)',
        description: 'Uplink and downlink OFDMA and MU-MIMO with four 802.11ax clients at once.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 6', 'Wi-Fi 6E'],
      },
      {
        name: 'Target wake time',
        description: 'Target wake time agreements with battery clients, and their traffic on schedule.',
        firmwareSensitive: true,
        productClasses: ['Wi-Fi 6'],
      },
      {
        name: 'Wi-Fi throughput 6 GHz',
        description: 'TCP throughput at 6 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 6E', 'Wi-Fi 7'],
      },
      {
        name: '6 GHz automated frequency coordination',
        description:
          'Standard-power 6 GHz operation only on channels the AFC system grants, and back to low power when it cannot reach it.',
        firmwareSensitive: true,
        productClasses: ['Wi-Fi 6E'],
      },
      {
        name: 'Multi-link operation (802.11be)',
        description:
          'A Wi-Fi 7 client keeps its session across two links and its throughput when one link is lost.',
        firmwareSensitive: true,
        productClasses: ['Wi-Fi 7'],
      },
      {
        name: '320 MHz channels and 4096-QAM',
        description: '320 MHz channels and 4096-QAM reached with a Wi-Fi 7 client at short range.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 7'],
      },
    ],
  },
  {
    planId: 'wi-fi-extender',
    name: 'Wi-Fi Extender',
    deviceType: 'Wi-Fi Extender',
    productClasses: ['Wi-Fi 5 Repeater', 'Wi-Fi 6 Repeater'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Wi-Fi throughput 2.4 GHz',
        description: 'TCP throughput at 2.4 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'Wi-Fi throughput 5 GHz',
        description: 'TCP throughput at 5 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'DFS channel switching',
        description:
          'On a simulated radar pulse the device leaves the channel within 10 s and resumes on a permitted one.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'WPA3 and WPA2 transition mode',
        description:
          'WPA3-Personal and WPA2/WPA3 transition mode; legacy clients still join, PMF is enforced for WPA3 clients.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Pairing with the gateway (WPS push button)',
        description:
          'Pairing with the operator’s gateway by the WPS button, taking its network name and key.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Coverage extension at 10 m and 20 m',
        description:
          'Throughput through the extender at 10 m and 20 m from the gateway against the class’s minimum.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'Uplink loss and reconnection',
        description:
          'When the gateway disappears the extender says so on its LED and rejoins within 60 s of its return.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'TR-369 (USP) agent and controller',
        description:
          'A USP agent reachable by the operator’s controller over MQTT or WebSocket, with the required objects.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: '802.11ac wave 2 MU-MIMO',
        description: 'Downlink MU-MIMO with three 802.11ac wave 2 clients at once.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 5 Repeater'],
      },
      {
        name: 'OFDMA and MU-MIMO (802.11ax)',
        description: 'Uplink and downlink OFDMA and MU-MIMO with four 802.11ax clients at once.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 6 Repeater'],
      },
    ],
  },
  {
    planId: 'wi-fi-mesh-device',
    name: 'Wi-Fi Mesh Device',
    deviceType: 'Wi-Fi Mesh Device',
    productClasses: ['Wi-Fi 6 Mesh', 'Wi-Fi 6E Mesh', 'Wi-Fi 7 Mesh'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Wi-Fi throughput 2.4 GHz',
        description: 'TCP throughput at 2.4 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'Wi-Fi throughput 5 GHz',
        description: 'TCP throughput at 5 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'DFS channel switching',
        description:
          'On a simulated radar pulse the device leaves the channel within 10 s and resumes on a permitted one.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'WPA3 and WPA2 transition mode',
        description:
          'WPA3-Personal and WPA2/WPA3 transition mode; legacy clients still join, PMF is enforced for WPA3 clients.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Mesh onboarding (EasyMesh)',
        description:
          'A new node joins the controller’s network by EasyMesh onboarding and takes its configuration.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Wireless backhaul throughput',
        description: 'Throughput between two nodes over the wireless backhaul against the class’s minimum.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'Backhaul failover (wired to wireless)',
        description: 'When the Ethernet backhaul is pulled the node moves to wireless within 5 s, and back.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Client roaming (802.11k/v/r)',
        description:
          'A client walking between nodes is steered by 802.11k/v and reconnects by fast transition within 50 ms.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Band steering',
        description: 'Dual-band clients are moved to the better band and never left on a congested one.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'TR-369 (USP) agent and controller',
        description:
          'A USP agent reachable by the operator’s controller over MQTT or WebSocket, with the required objects.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'OFDMA and MU-MIMO (802.11ax)',
        description: 'Uplink and downlink OFDMA and MU-MIMO with four 802.11ax clients at once.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 6 Mesh'],
      },
      {
        name: 'Wi-Fi throughput 6 GHz',
        description: 'TCP throughput at 6 GHz against the class’s minimum, at 1 m and through one wall.',
        firmwareSensitive: false,
        productClasses: ['Wi-Fi 6E Mesh', 'Wi-Fi 7 Mesh'],
      },
      {
        name: '6 GHz dedicated backhaul',
        description: 'The nodes keep a 6 GHz radio for the backhaul and no client can take it.',
        firmwareSensitive: true,
        productClasses: ['Wi-Fi 6E Mesh'],
      },
      {
        name: 'Multi-link operation (802.11be) backhaul',
        description: 'The backhaul between nodes uses two links at once and survives the loss of one.',
        firmwareSensitive: true,
        productClasses: ['Wi-Fi 7 Mesh'],
      },
    ],
  },
  {
    planId: 'set-top-box',
    name: 'Set-top Box',
    deviceType: 'Set-top Box',
    productClasses: ['IPTV', 'Android TV', 'Hybrid DVB'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'IPTV channel zapping time',
        description:
          'Channel change time across the operator’s multicast line-up, under the programme’s limit.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Multicast join and leave (IGMPv3)',
        description: 'IGMPv3 joins and leaves on channel change, with no stream left running behind.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'DRM playback (Widevine, PlayReady)',
        description:
          'Protected streams play with Widevine and PlayReady at the security level the operator requires.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'HDMI-CEC control',
        description: 'The box turns the TV on and off and follows its remote over HDMI-CEC.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'HDCP 2.3 compliance',
        description: 'HDCP 2.3 is negotiated on HDMI and protected content is refused to a sink without it.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'EPG load and update',
        description: 'The programme guide loads within the limit and takes the operator’s updates.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Remote control pairing (Bluetooth LE)',
        description: 'The Bluetooth remote pairs at first start and again after a reset.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Unicast VoD start time',
        description: 'A video-on-demand title starts within the limit from the operator’s CDN.',
        firmwareSensitive: true,
        productClasses: ['IPTV'],
      },
      {
        name: 'Android TV operator tier compliance',
        description: 'The operator tier’s launcher, apps and settings as Google’s operator tier requires.',
        firmwareSensitive: true,
        productClasses: ['Android TV'],
      },
      {
        name: 'Google Play and casting',
        description: 'Google Play installs apps and the box takes a cast from a phone.',
        firmwareSensitive: true,
        productClasses: ['Android TV'],
      },
      {
        name: 'DVB-T2 and DVB-C tuning',
        description:
          'Scanning and tuning of DVB-T2 and DVB-C multiplexes, with the operator’s channel order.',
        firmwareSensitive: true,
        productClasses: ['Hybrid DVB'],
      },
      {
        name: 'Hybrid broadcast and IPTV switching',
        description:
          'Switching between broadcast and IPTV channels in one line-up, within the zapping limit.',
        firmwareSensitive: true,
        productClasses: ['Hybrid DVB'],
      },
    ],
  },
  {
    planId: 'ont',
    name: 'ONT',
    deviceType: 'ONT',
    productClasses: ['GPON', 'XGS-PON', '10G-EPON'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Optical power levels (Rx sensitivity, Tx power)',
        description: 'Receive sensitivity and transmit power measured against the PON class’s limits.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'PON ranging and registration',
        description: 'The unit ranges and registers with the OLT by serial number and by password.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'OMCI provisioning',
        description: 'The OLT provisions services over OMCI and the unit reports what it was given.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Ethernet UNI throughput',
        description: 'Line-rate throughput on each Ethernet user port in both directions.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'VoIP (SIP registration and call)',
        description: 'The voice port registers to the operator’s SIP server and places and receives a call.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'TR-069 data model and ACS connection',
        description:
          'The device connects to the operator’s ACS and answers the TR-181 data model’s required parameters.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'IPv6 dual stack',
        description:
          'IPv4 and IPv6 side by side: DHCPv6 prefix delegation, SLAAC on the LAN, and both reachable.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Dying gasp',
        description: 'On a power cut the unit sends its dying-gasp message before it goes dark.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'GPON line rate 2.5G/1.25G',
        description:
          'GPON downstream 2.5 Gbit/s and upstream 1.25 Gbit/s reached with the operator’s profile.',
        firmwareSensitive: false,
        productClasses: ['GPON'],
      },
      {
        name: 'XGS-PON line rate 10G symmetric',
        description: 'XGS-PON 10 Gbit/s in both directions reached with the operator’s profile.',
        firmwareSensitive: false,
        productClasses: ['XGS-PON'],
      },
      {
        name: 'GPON and XGS-PON coexistence',
        description: 'The unit works on a fibre carrying GPON and XGS-PON at once.',
        firmwareSensitive: false,
        productClasses: ['XGS-PON'],
      },
      {
        name: '10G-EPON discovery (MPCP)',
        description: 'The unit is discovered and registered by MPCP on a 10G-EPON port.',
        firmwareSensitive: true,
        productClasses: ['10G-EPON'],
      },
      {
        name: 'OAM and DPoE provisioning',
        description: 'Provisioning over EPON OAM and DPoE, and the services it sets.',
        firmwareSensitive: true,
        productClasses: ['10G-EPON'],
      },
    ],
  },
  {
    planId: 'olt',
    name: 'OLT',
    deviceType: 'OLT',
    productClasses: ['GPON OLT', 'XGS-PON OLT', 'Combo PON OLT'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'PON port capacity (ONUs per port)',
        description: 'The number of units a PON port carries at once, against the class’s minimum.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'ONU discovery and activation',
        description: 'New units are discovered and activated automatically by the operator’s rules.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'VLAN and QoS profiles',
        description: 'The operator’s VLAN and QoS profiles applied to units and kept across restarts.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Multicast (IGMP snooping and proxy)',
        description: 'IGMP snooping and proxy towards the units, with the channel limits per subscriber.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Dynamic bandwidth allocation (DBA)',
        description: 'Upstream bandwidth shared by DBA per the service profiles under load.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Uplink and control card redundancy',
        description: 'Pulling an uplink or a control card loses no subscriber session beyond the limit.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'NETCONF/YANG management',
        description: 'The OLT is configured and read over NETCONF with the operator’s YANG models.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'GPON line rate 2.5G/1.25G',
        description:
          'GPON downstream 2.5 Gbit/s and upstream 1.25 Gbit/s reached with the operator’s profile.',
        firmwareSensitive: false,
        productClasses: ['GPON OLT'],
      },
      {
        name: 'XGS-PON line rate 10G symmetric',
        description: 'XGS-PON 10 Gbit/s in both directions reached with the operator’s profile.',
        firmwareSensitive: false,
        productClasses: ['XGS-PON OLT'],
      },
      {
        name: 'Combo PON (GPON and XGS-PON on one port)',
        description: 'GPON and XGS-PON units served on the same combo port at once.',
        firmwareSensitive: false,
        productClasses: ['Combo PON OLT'],
      },
    ],
  },
  {
    planId: 'onu',
    name: 'ONU',
    deviceType: 'ONU',
    productClasses: ['GPON SFU', 'XGS-PON SFU', 'MDU'],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Optical power levels (Rx sensitivity, Tx power)',
        description: 'Receive sensitivity and transmit power measured against the PON class’s limits.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'PON ranging and registration',
        description: 'The unit ranges and registers with the OLT by serial number and by password.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'OMCI provisioning',
        description: 'The OLT provisions services over OMCI and the unit reports what it was given.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Ethernet UNI throughput',
        description: 'Line-rate throughput on each Ethernet user port in both directions.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'VLAN translation',
        description: 'The unit translates VLANs between the user port and the PON as provisioned.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Dying gasp',
        description: 'On a power cut the unit sends its dying-gasp message before it goes dark.',
        firmwareSensitive: false,
        productClasses: [],
      },
      {
        name: 'GPON line rate 2.5G/1.25G',
        description:
          'GPON downstream 2.5 Gbit/s and upstream 1.25 Gbit/s reached with the operator’s profile.',
        firmwareSensitive: false,
        productClasses: ['GPON SFU'],
      },
      {
        name: 'XGS-PON line rate 10G symmetric',
        description: 'XGS-PON 10 Gbit/s in both directions reached with the operator’s profile.',
        firmwareSensitive: false,
        productClasses: ['XGS-PON SFU'],
      },
      {
        name: 'Multi-port Ethernet and PoE',
        description: 'Every Ethernet port at line rate and PoE power on each as specified.',
        firmwareSensitive: false,
        productClasses: ['MDU'],
      },
      {
        name: 'Per-subscriber VLAN isolation',
        description: 'Traffic of one subscriber’s port never reaches another’s.',
        firmwareSensitive: true,
        productClasses: ['MDU'],
      },
    ],
  },
  {
    planId: 'generic',
    name: 'Generic device',
    deviceType: null,
    productClasses: [],
    cases: [
      {
        name: 'Boot and provisioning',
        description:
          'Cold boot to service within the programme’s time limit, and zero-touch provisioning of the operator’s settings.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Firmware upgrade and rollback',
        description:
          'An upgrade to the submitted firmware and back to the previous image, keeping the configuration; a broken image is refused.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Security baseline (open ports, default credentials, TLS)',
        description:
          'No unexpected open ports, no default or shared credentials, TLS 1.2 or later with valid certificates on every management interface.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Ethernet connectivity',
        description:
          'The device gets an address on the operator’s network and reaches it at the stated rate.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'IPv6 dual stack',
        description:
          'IPv4 and IPv6 side by side: DHCPv6 prefix delegation, SLAAC on the LAN, and both reachable.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Remote management (TR-069 or TR-369)',
        description:
          'The device is reachable by the operator’s ACS or USP controller and answers its data model.',
        firmwareSensitive: true,
        productClasses: [],
      },
      {
        name: 'Power cycle and configuration persistence',
        description:
          'Twenty power cuts at random moments: the device always comes back with its configuration.',
        firmwareSensitive: true,
        productClasses: [],
      },
    ],
  },
]
