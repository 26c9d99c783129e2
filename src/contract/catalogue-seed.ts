/*
 * The device catalogue the portal starts with: vendors of this industry, their device models,
 * the seven device classes the portal certifies, and the product classes of each. The same data
 * seeds the server's database (server/platform/db/seed.ts) and the MSW fixtures (src/mocks), so that the
 * browser-only mode and the real server offer the same choices. Plain data only: no logic here.
 */

export const DEVICE_TYPES = [
  'Wi-Fi Router',
  'Wi-Fi Extender',
  'Wi-Fi Mesh Device',
  'Set-top Box',
  'ONT',
  'OLT',
  'ONU',
] as const

export type CatalogueDeviceType = (typeof DEVICE_TYPES)[number]

/** The product classes of each device class. */
export const PRODUCT_CLASSES: Readonly<Record<CatalogueDeviceType, readonly string[]>> = {
  'Wi-Fi Router': ['Residential Gateway', 'Wi-Fi 6', 'Wi-Fi 6E', 'Wi-Fi 7'],
  'Wi-Fi Extender': ['Wi-Fi 5 Repeater', 'Wi-Fi 6 Repeater'],
  'Wi-Fi Mesh Device': ['Wi-Fi 6 Mesh', 'Wi-Fi 6E Mesh', 'Wi-Fi 7 Mesh'],
  'Set-top Box': ['IPTV', 'Android TV', 'Hybrid DVB'],
  ONT: ['GPON', 'XGS-PON', '10G-EPON'],
  OLT: ['GPON OLT', 'XGS-PON OLT', 'Combo PON OLT'],
  ONU: ['GPON SFU', 'XGS-PON SFU', 'MDU'],
}

/** [vendor, device name, the device classes the model belongs to] */
export type CatalogueModel = readonly [string, string, readonly CatalogueDeviceType[]]

export const CATALOGUE_MODELS: readonly CatalogueModel[] = [
  ['Nokia', 'Beacon 6', ['Wi-Fi Mesh Device']],
  ['Nokia', 'Beacon 10', ['Wi-Fi Mesh Device', 'Wi-Fi Router']],
  ['Nokia', 'G-2426G-A', ['ONT']],
  ['Nokia', 'XS-2426G-B', ['ONT']],
  ['Nokia', 'Lightspan FX-8', ['OLT']],
  ['Nokia', 'G-010G-Q', ['ONU']],
  ['Huawei', 'OptiXstar K662C', ['ONT']],
  ['Huawei', 'OptiXstar HG8145X6', ['ONT']],
  ['Huawei', 'MA5800-X7', ['OLT']],
  ['Huawei', 'WiFi AX3', ['Wi-Fi Router']],
  ['Huawei', 'EchoLife HG8010H', ['ONU']],
  ['ZTE', 'ZXHN F670L', ['ONT']],
  ['ZTE', 'ZXA10 C600', ['OLT']],
  ['ZTE', 'ZXHN H298A', ['Wi-Fi Router']],
  ['ZTE', 'ZXV10 B866V2', ['Set-top Box']],
  ['ZTE', 'ZXHN F601', ['ONU']],
  ['Sagemcom', 'F@st 5670', ['Wi-Fi Router']],
  ['Sagemcom', 'F@st 5866T', ['Wi-Fi Router']],
  ['Sagemcom', 'Video Soundbox', ['Set-top Box']],
  ['TP-Link', 'Archer AX73', ['Wi-Fi Router']],
  ['TP-Link', 'Deco X50', ['Wi-Fi Mesh Device']],
  ['TP-Link', 'RE605X', ['Wi-Fi Extender']],
  ['TP-Link', 'XN020-G3v', ['ONU', 'ONT']],
  ['Netgear', 'Nighthawk RAX50', ['Wi-Fi Router']],
  ['Netgear', 'Orbi RBK752', ['Wi-Fi Mesh Device']],
  ['Netgear', 'EX7700', ['Wi-Fi Extender']],
  ['AVM', 'FRITZ!Box 7590 AX', ['Wi-Fi Router']],
  ['AVM', 'FRITZ!Repeater 3000 AX', ['Wi-Fi Extender', 'Wi-Fi Mesh Device']],
  ['Vantiva', 'DGA0122', ['Wi-Fi Router']],
  ['Vantiva', 'UIW4060', ['Set-top Box']],
  ['Zyxel', 'EX5601-T0', ['Wi-Fi Router']],
  ['Zyxel', 'WX3100-T0', ['Wi-Fi Extender']],
  ['Zyxel', 'PMG5617GA', ['ONT']],
  ['Calix', 'GigaSpire u6', ['Wi-Fi Router', 'Wi-Fi Mesh Device']],
  ['Calix', 'E7-2', ['OLT']],
  ['Adtran', 'SDX 621v', ['ONT']],
  ['Adtran', 'SDX 6320-16', ['OLT']],
]
