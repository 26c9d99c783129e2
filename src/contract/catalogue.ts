import * as v from 'valibot'

/*
 * The device catalogue (spec §3): GET /api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list.
 * Names depend on the vendor, types on the name, classes on the type.
 */

export const deviceNameItemSchema = v.looseObject({ vendor: v.string(), deviceName: v.string() })

export const deviceTypeItemSchema = v.looseObject({ deviceName: v.string(), deviceType: v.string() })

export const productClassItemSchema = v.looseObject({ deviceType: v.string(), productClass: v.string() })

export const catalogueAnswerSchema = v.looseObject({
  vendorList: v.array(v.string()),
  deviceNameList: v.array(deviceNameItemSchema),
  deviceTypeList: v.array(deviceTypeItemSchema),
  productClassList: v.array(productClassItemSchema),
})
export type CatalogueAnswer = v.InferOutput<typeof catalogueAnswerSchema>
