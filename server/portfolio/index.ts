// The portfolio domain's public module: what other folders of server/ use of it (eslint.config.js).
export { catalogueRoutes } from './catalogue-routes.ts'
export { commentRoutes } from './comment-routes.ts'
export { COMMENT_COLUMNS, toComment } from './comments.ts'
export { draftRoutes } from './draft-routes.ts'
export { recordRoutes } from './record-routes.ts'
export { DEVICE_ROW_COLUMNS, toDeviceRecord } from './records.ts'
export { catalogueAdditionsOf, labCatalogue } from './catalogue-entries.ts'
export {
  approveManufacturer,
  type DecisionOutcome,
  decideCatalogueEntry,
  type ManufacturerOutcome,
} from './catalogue-review.ts'
