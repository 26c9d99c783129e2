import { describe, expect, it } from 'vitest'
import type { RecordDetails } from '@/contract/portfolio'
import { recordToFormValues } from '@/contract/portfolio-payload'
import { emptyPortfolioFormValues } from '@/contract/validation/portfolio-form'
import {
  lastRunText,
  nextRevisionOf,
  REVISION_FORM_HINT,
  revisionFormField,
  revisionReasonText,
  revisionTitle,
  toReviseRecordPayload,
} from '@/features/portfolio/model/revision-form'

/* The form's revise mode (docs/decisions/0033): its words and the body it sends. */

const DECO: RecordDetails = {
  portfolioManagerId: 'pm-rev-0001',
  vendor: 'TP-Link',
  deviceName: 'Deco X50',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  baseFirmwareVersion: '0.9.4',
  businessDomain: 'Wireless',
  creationTime: '2026-11-16T08:00:00.000Z',
  createdBy: 'Priya Sharma',
  status: 'Completed',
  isCertified: 'Validation failure',
  organizationName: 'Nokia Solutions and Networks',
  devicesToBeCertified: '2',
  deviceNumberList: ['DX50B0000311', 'DX50B0000312'],
  yearOfManufacturing: '2026',
  isEngBuildAvailable: 'Yes',
  revision: 1,
  lastReason: 'Please submit release firmware (1.x) and start a new run.',
}

describe('the revision form', () => {
  it('names the revision it makes', () => {
    expect(revisionTitle(DECO)).toBe('Revision 2 of TP-Link Deco X50')
    expect(revisionTitle({ ...DECO, revision: 2 })).toBe('Revision 3 of TP-Link Deco X50')
    // An answer from before revisions: the record is its revision 1.
    expect(nextRevisionOf({})).toBe(2)
  })

  it('shows the lab’s reason above the fields, else how the last run ended', () => {
    expect(revisionReasonText(DECO)).toEqual({
      kind: 'reason',
      text: 'The lab’s reason: Please submit release firmware (1.x) and start a new run.',
    })
    expect(revisionReasonText({ ...DECO, lastReason: '  ' }).kind).toBe('ended')
    expect(revisionReasonText({ ...DECO, lastReason: null })).toEqual({
      kind: 'ended',
      text: 'Revision 1’s last run ended in Validation Failure.',
    })
  })

  it.each([
    [
      'Completed',
      'CERTIFIED-OK',
      'Revision 2 is certified; its certificate stays valid for its firmware. The new revision’s run is a recertification.',
    ],
    ['Completed', 'Validation failure', 'Revision 2’s last run ended in Validation Failure.'],
    ['Completed', '', 'Revision 2’s last run has ended.'],
    ['Cancelled', '', 'Revision 2’s last run was cancelled.'],
  ])('says a %s record with %j ended: %s', (status, isCertified, text) => {
    expect(lastRunText({ revision: 2, status, isCertified })).toBe(text)
  })

  it('says what a revision changes', () => {
    expect(REVISION_FORM_HINT).toBe(
      'Change the firmware version, serial numbers, engineering build or year. The vendor, device name, type and product class stay: a different product is a new portfolio.',
    )
  })

  it('sends the five revision fields as submit names them, empty serial numbers dropped', () => {
    const values = {
      ...recordToFormValues(emptyPortfolioFormValues, DECO),
      baseFirmwareVersion: '1.0.2',
      deviceToBecertified: '2',
      deviceNumberList: ['DX50B0000311', '', 'DX50B0000313'],
      engBuild: 'No' as const,
    }
    expect(
      toReviseRecordPayload(values, { vendorUserId: 'v-nokia', portfolioManagerId: DECO.portfolioManagerId }),
    ).toEqual({
      portfolioManagerId: 'pm-rev-0001',
      devicesToBeCertified: '2',
      deviceNumberList: ['DX50B0000311', 'DX50B0000313'],
      baseFirmwareVersion: '1.0.2',
      yearOfManufacturing: '2026',
      isEngBuildAvailable: 'No',
      vendorUserId: 'v-nokia',
    })
  })

  it('puts a refusal on the form field it names, and nowhere for any other field', () => {
    expect(revisionFormField('baseFirmwareVersion')).toBe('baseFirmwareVersion')
    expect(revisionFormField('devicesToBeCertified')).toBe('deviceToBecertified')
    expect(revisionFormField('isEngBuildAvailable')).toBe('engBuild')
    expect(revisionFormField('deviceNumberList')).toBe('deviceNumberList')
    expect(revisionFormField('yearOfManufacturing')).toBe('yearOfManufacturing')
    expect(revisionFormField('vendor')).toBeNull()
    expect(revisionFormField('body')).toBeNull()
  })
})
