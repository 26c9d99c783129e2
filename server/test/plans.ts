/** The plan columns of a run a test writes directly: version 1 of the generic plan (migration 0023). */
export const GENERIC_PLAN_RUN = { plan_id: 'generic', plan_version: 1, plan_name: 'Generic device' } as const

/** Version 1 of the Wi-Fi Mesh Device plan as a Wi-Fi 6 Mesh runs it (0023-test-plans-v1.ts). */
export const MESH_WIFI6_V1_CASES = [
  'Boot and provisioning',
  'Firmware upgrade and rollback',
  'Security baseline (open ports, default credentials, TLS)',
  'Wi-Fi throughput 2.4 GHz',
  'Wi-Fi throughput 5 GHz',
  'DFS channel switching',
  'WPA3 and WPA2 transition mode',
  'Mesh onboarding (EasyMesh)',
  'Wireless backhaul throughput',
  'Backhaul failover (wired to wireless)',
  'Client roaming (802.11k/v/r)',
  'Band steering',
  'TR-369 (USP) agent and controller',
  'OFDMA and MU-MIMO (802.11ax)',
]
