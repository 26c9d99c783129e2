import { useStore } from '@tanstack/react-form'
import { withForm } from '@/components/form/form-kit'
import type { CatalogueAnswer } from '@/contract/catalogue'
import { ENG_BUILD_YES_HINT, engBuildNoHint } from '@/contract/messages'
import { PORTFOLIO_FIELD_LABELS as LABELS } from '@/contract/portfolio-labels'
import { ENG_BUILD_OPTIONS, NEW_CATALOGUE_NAME_MAX_LENGTH } from '@/contract/validation/fields'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_DEVICE_TYPE,
  ADD_NEW_PRODUCT_CLASS,
  type PortfolioFormValues,
} from '@/contract/validation/portfolio-form'
import { AdditionNotice } from '@/features/portfolio/components/addition-notice'
import { SectionSummary } from '@/features/portfolio/components/portfolio-section'
import { SerialNumberList } from '@/features/portfolio/components/serial-number-list'
import {
  chooseDeviceName,
  chooseDeviceType,
  chooseManufacturer,
  deviceNameOptions,
  deviceTypeOptions,
  productClassOptions,
} from '@/features/portfolio/model/catalogue-cascade'
import { withCurrent, withSaved } from '@/features/portfolio/model/choices'
import { portfolioFormOptions } from '@/features/portfolio/model/portfolio-form-options'
import { getSupportEmail } from '@/lib/config'

/** The counter under a typed 'Add New …' value: spec §5 allows 15 characters. */
const newNameCount = (value: string) => `${value.length} / ${NEW_CATALOGUE_NAME_MAX_LENGTH} characters`

/*
 * Section 3, Device Portfolio (spec §2, §3): the manufacturer → name → type → class cascade with
 * its 'Add New …' values, the device count and serial numbers, firmware, year and engineering
 * build; and its read-only view.
 */

/**
 * The text shown for {secret} in the SSH hint (spec §2): where the credentials go, which is not
 * this form — they are sent to the support address.
 */
export const sshSecretText = () => `send them to ${getSupportEmail()}, never in this form`

const OPTION = (value: string) => ({ value, label: value })
const ENG_BUILD_SELECT = ENG_BUILD_OPTIONS.map(OPTION)

type CascadeStep = Partial<PortfolioFormValues>

const catalogueProps = { catalogue: {} as CatalogueAnswer }

export const DeviceFields = withForm({
  ...portfolioFormOptions,
  props: catalogueProps,
  render: function DeviceFields({ form, catalogue }) {
    /** Applies a cascade step: the values it sets, and those after it emptied. */
    const apply = (fields: CascadeStep) => {
      for (const [name, value] of Object.entries(fields) as Array<[keyof PortfolioFormValues, string]>) {
        form.setFieldValue(name, value)
      }
    }
    return (
      <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        <DeviceModelFields form={form} catalogue={catalogue} apply={apply} />
        <DeviceKindFields form={form} catalogue={catalogue} apply={apply} />
        <DeviceBuildFields form={form} />
      </div>
    )
  },
})

const cascadeProps = { ...catalogueProps, apply: (() => {}) as (fields: CascadeStep) => void }

/** The manufacturer and the device name, with its 'Add New Device Name'. */
const DeviceModelFields = withForm({
  ...portfolioFormOptions,
  props: cascadeProps,
  render: function DeviceModelFields({ form, catalogue, apply }) {
    const vendor = useStore(form.store, (state) => state.values.deviceManufacture)
    const deviceName = useStore(form.store, (state) => state.values.deviceName)
    const typedName = useStore(form.store, (state) => state.values.addNewDeviceName)
    return (
      <>
        <form.AppField name="deviceManufacture">
          {(field) => (
            <field.SelectField
              label={LABELS.deviceManufacture}
              placeholder="Select a manufacturer"
              options={withCurrent(catalogue.vendorList, vendor).map(OPTION)}
              onValueChange={(chosen) => apply(chooseManufacturer(chosen))}
              required
            />
          )}
        </form.AppField>
        <div className="flex flex-col gap-4">
          <form.AppField name="deviceName">
            {(field) => (
              <field.SelectField
                label={LABELS.deviceName}
                placeholder={vendor === '' ? 'Choose a manufacturer first' : 'Select a device name'}
                options={withSaved(deviceNameOptions(catalogue, vendor), deviceName, ADD_NEW_DEVICE_NAME).map(
                  OPTION,
                )}
                addNewOption={vendor === '' ? undefined : OPTION(ADD_NEW_DEVICE_NAME)}
                disabled={vendor === ''}
                onValueChange={(chosen) => apply(chooseDeviceName(chosen))}
                required
              />
            )}
          </form.AppField>
          {deviceName === ADD_NEW_DEVICE_NAME ? (
            <form.AppField name="addNewDeviceName">
              {(field) => (
                <field.TextField
                  label={LABELS.addNewDeviceName}
                  required
                  hint={newNameCount(field.state.value)}
                />
              )}
            </form.AppField>
          ) : null}
          <AdditionNotice
            kind="device-name"
            value={deviceName === ADD_NEW_DEVICE_NAME ? typedName : deviceName}
          />
        </div>
      </>
    )
  },
})

/** The device type and the product class, each with its 'Add New …'. */
const DeviceKindFields = withForm({
  ...portfolioFormOptions,
  props: cascadeProps,
  render: function DeviceKindFields({ form, catalogue, apply }) {
    const deviceName = useStore(form.store, (state) => state.values.deviceName)
    const deviceType = useStore(form.store, (state) => state.values.deviceType)
    const productClass = useStore(form.store, (state) => state.values.productClass)
    return (
      <>
        <div className="flex flex-col gap-4">
          <form.AppField name="deviceType">
            {(field) => (
              <field.SelectField
                label={LABELS.deviceType}
                placeholder={deviceName === '' ? 'Choose a device name first' : 'Select a device type'}
                options={withSaved(
                  deviceTypeOptions(catalogue, deviceName),
                  deviceType,
                  ADD_NEW_DEVICE_TYPE,
                ).map(OPTION)}
                addNewOption={deviceName === '' ? undefined : OPTION(ADD_NEW_DEVICE_TYPE)}
                disabled={deviceName === ''}
                onValueChange={(chosen) => apply(chooseDeviceType(chosen))}
                required
              />
            )}
          </form.AppField>
          {deviceType === ADD_NEW_DEVICE_TYPE ? (
            <form.AppField name="newDeviceType">
              {(field) => (
                <field.TextField
                  label={LABELS.newDeviceType}
                  required
                  hint={newNameCount(field.state.value)}
                />
              )}
            </form.AppField>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          <form.AppField name="productClass">
            {(field) => (
              <field.SelectField
                label={LABELS.productClass}
                placeholder={deviceType === '' ? 'Choose a device type first' : 'Select a product class'}
                options={withSaved(
                  productClassOptions(catalogue, deviceType),
                  productClass,
                  ADD_NEW_PRODUCT_CLASS,
                ).map(OPTION)}
                addNewOption={deviceType === '' ? undefined : OPTION(ADD_NEW_PRODUCT_CLASS)}
                disabled={deviceType === ''}
                onValueChange={() => form.setFieldValue('newProductClass', '')}
                required
              />
            )}
          </form.AppField>
          {productClass === ADD_NEW_PRODUCT_CLASS ? (
            <form.AppField name="newProductClass">
              {(field) => (
                <field.TextField
                  label={LABELS.newProductClass}
                  required
                  hint={newNameCount(field.state.value)}
                />
              )}
            </form.AppField>
          ) : null}
        </div>
      </>
    )
  },
})

/**
 * The device count and serial numbers, firmware, year and engineering build: what a revision may
 * change (docs/decisions/0033).
 */
export const DeviceBuildFields = withForm({
  ...portfolioFormOptions,
  render: function DeviceBuildFields({ form }) {
    const engBuild = useStore(form.store, (state) => state.values.engBuild)
    return (
      <>
        <form.AppField name="deviceToBecertified">
          {(field) => (
            <field.TextField
              label={LABELS.deviceToBecertified}
              inputMode="numeric"
              hint="Up to 3 devices here; for more, send the serial numbers by e-mail."
              required
            />
          )}
        </form.AppField>
        <SerialNumberList form={form} />
        <form.AppField name="baseFirmwareVersion">
          {(field) => <field.TextField label={LABELS.baseFirmwareVersion} placeholder="1.0.0" required />}
        </form.AppField>
        <form.AppField name="yearOfManufacturing">
          {(field) => (
            <field.TextField
              label={LABELS.yearOfManufacturing}
              inputMode="numeric"
              placeholder="2025"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="engBuild">
          {(field) => (
            <field.SelectField
              label={LABELS.engBuild}
              placeholder="Yes or No"
              options={ENG_BUILD_SELECT}
              hint={
                engBuild === 'Yes'
                  ? ENG_BUILD_YES_HINT
                  : engBuild === 'No'
                    ? engBuildNoHint(sshSecretText())
                    : undefined
              }
              required
            />
          )}
        </form.AppField>
      </>
    )
  },
})

/** The device section's read-only view: each field with its value, new names in place of 'Add New …'. */
export const DeviceSummary = withForm({
  ...portfolioFormOptions,
  render: function DeviceSummary({ form }) {
    return (
      <form.Subscribe selector={(state) => state.values}>
        {(values) => (
          <SectionSummary
            items={[
              { label: LABELS.deviceManufacture, value: values.deviceManufacture },
              {
                label: LABELS.deviceName,
                value:
                  values.deviceName === ADD_NEW_DEVICE_NAME ? values.addNewDeviceName : values.deviceName,
              },
              {
                label: LABELS.deviceType,
                value: values.deviceType === ADD_NEW_DEVICE_TYPE ? values.newDeviceType : values.deviceType,
              },
              {
                label: LABELS.productClass,
                value:
                  values.productClass === ADD_NEW_PRODUCT_CLASS
                    ? values.newProductClass
                    : values.productClass,
              },
              { label: LABELS.deviceToBecertified, value: values.deviceToBecertified },
              { label: LABELS.deviceNumberList, value: values.deviceNumberList.filter(Boolean).join(', ') },
              { label: LABELS.baseFirmwareVersion, value: values.baseFirmwareVersion },
              { label: LABELS.yearOfManufacturing, value: values.yearOfManufacturing },
              { label: LABELS.engBuild, value: values.engBuild },
            ]}
          />
        )}
      </form.Subscribe>
    )
  },
})
