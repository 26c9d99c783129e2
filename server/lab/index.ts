// The lab domain's public module: what other folders of server/ use of it (eslint.config.js).
export { labRoutes } from './routes.ts'
export { labStaffRoutes } from './staff-routes.ts'
export { addStaffMember, issueSetPasswordToken, mailSetPasswordLink, touchStaff } from './staff.ts'
export { labStateRoutes } from './state-routes.ts'
export { testPlanRoutes } from './test-plan-routes.ts'
export { labCatalogueRoutes } from './catalogue-routes.ts'
