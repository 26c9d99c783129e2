import type { CatalogueAnswer } from '@/contract/catalogue'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_DEVICE_TYPE,
  ADD_NEW_PRODUCT_CLASS,
  type PortfolioFormValues,
} from '@/contract/validation/portfolio-form'

/*
 * The device cascade of spec §4: names depend on the vendor, types on the name, classes on the
 * type, and each dependent list ends with its 'Add New ...' option. Choosing a value clears what
 * depends on it.
 */

const unique = (values: string[]) => [...new Set(values)]

export function deviceNameOptions(catalogue: CatalogueAnswer, vendor: string) {
  if (!vendor) return []
  const names = catalogue.deviceNameList
    .filter((item) => item.vendor === vendor)
    .map((item) => item.deviceName)
  return [...unique(names), ADD_NEW_DEVICE_NAME]
}

/** A new device name (its 'Add New …') may take any of the catalogue's types, by name, or a new one. */
export function deviceTypeOptions(catalogue: CatalogueAnswer, deviceName: string) {
  if (!deviceName) return []
  if (deviceName === ADD_NEW_DEVICE_NAME) {
    const all = unique(catalogue.deviceTypeList.map((item) => item.deviceType))
    return [...all.sort((a, b) => a.localeCompare(b, 'en')), ADD_NEW_DEVICE_TYPE]
  }
  const types = catalogue.deviceTypeList
    .filter((item) => item.deviceName === deviceName)
    .map((item) => item.deviceType)
  return [...unique(types), ADD_NEW_DEVICE_TYPE]
}

export function productClassOptions(catalogue: CatalogueAnswer, deviceType: string) {
  if (!deviceType) return []
  const classes = catalogue.productClassList
    .filter((item) => item.deviceType === deviceType)
    .map((item) => item.productClass)
  return [...unique(classes), ADD_NEW_PRODUCT_CLASS]
}

type DeviceFields = Pick<
  PortfolioFormValues,
  | 'deviceManufacture'
  | 'deviceName'
  | 'deviceType'
  | 'productClass'
  | 'addNewDeviceName'
  | 'newDeviceType'
  | 'newProductClass'
>

/** Choosing a manufacturer clears device name, type and class (and their new values). */
export function chooseManufacturer(vendor: string): DeviceFields {
  return {
    deviceManufacture: vendor,
    deviceName: '',
    deviceType: '',
    productClass: '',
    addNewDeviceName: '',
    newDeviceType: '',
    newProductClass: '',
  }
}

/** Choosing a device name clears type and class. */
export function chooseDeviceName(deviceName: string): Omit<DeviceFields, 'deviceManufacture'> {
  return {
    deviceName,
    addNewDeviceName: '',
    deviceType: '',
    newDeviceType: '',
    productClass: '',
    newProductClass: '',
  }
}

/** Choosing a device type clears the class. */
export function chooseDeviceType(
  deviceType: string,
): Pick<DeviceFields, 'deviceType' | 'newDeviceType' | 'productClass' | 'newProductClass'> {
  return { deviceType, newDeviceType: '', productClass: '', newProductClass: '' }
}
