import { describe, expect, it } from 'vitest'
import type { CatalogueAnswer } from '@/contract/catalogue'
import {
  chooseDeviceName,
  chooseDeviceType,
  chooseManufacturer,
  deviceNameOptions,
  deviceTypeOptions,
  productClassOptions,
} from '@/features/portfolio/model/catalogue-cascade'

const catalogue: CatalogueAnswer = {
  vendorList: ['Nokia', 'TP-Link'],
  deviceNameList: [
    { vendor: 'Nokia', deviceName: 'Beacon 6' },
    { vendor: 'Nokia', deviceName: 'G-2426G-A' },
    { vendor: 'TP-Link', deviceName: 'Deco X50' },
  ],
  deviceTypeList: [
    { deviceName: 'Beacon 6', deviceType: 'Wi-Fi Mesh Device' },
    { deviceName: 'G-2426G-A', deviceType: 'ONT' },
  ],
  productClassList: [
    { deviceType: 'ONT', productClass: 'GPON' },
    { deviceType: 'ONT', productClass: 'XGS-PON' },
  ],
}

describe('device cascade', () => {
  it('lists the vendor’s names, then Add New Device Name', () => {
    expect(deviceNameOptions(catalogue, 'Nokia')).toEqual(['Beacon 6', 'G-2426G-A', 'Add New Device Name'])
    expect(deviceNameOptions(catalogue, '')).toEqual([])
  })
  it('lists the name’s types, then Add New Device Type', () => {
    expect(deviceTypeOptions(catalogue, 'G-2426G-A')).toEqual(['ONT', 'Add New Device Type'])
    expect(deviceTypeOptions(catalogue, 'Unknown model')).toEqual(['Add New Device Type'])
  })
  it('offers a new device name every type of the catalogue, then Add New Device Type', () => {
    expect(deviceTypeOptions(catalogue, 'Add New Device Name')).toEqual([
      'ONT',
      'Wi-Fi Mesh Device',
      'Add New Device Type',
    ])
  })
  it('lists the type’s classes, then Add New Product Class', () => {
    expect(productClassOptions(catalogue, 'ONT')).toEqual(['GPON', 'XGS-PON', 'Add New Product Class'])
  })
  it('clears what depends on each choice', () => {
    expect(chooseManufacturer('TP-Link')).toEqual({
      deviceManufacture: 'TP-Link',
      deviceName: '',
      deviceType: '',
      productClass: '',
      addNewDeviceName: '',
      newDeviceType: '',
      newProductClass: '',
    })
    expect(chooseDeviceName('Beacon 6')).toMatchObject({
      deviceName: 'Beacon 6',
      deviceType: '',
      productClass: '',
    })
    expect(chooseDeviceType('ONT')).toEqual({
      deviceType: 'ONT',
      newDeviceType: '',
      productClass: '',
      newProductClass: '',
    })
  })
})
