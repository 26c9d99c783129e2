// The accounts domain's public module: what other folders of server/ use of it (eslint.config.js).
export { actingRoutes } from './acting-routes.ts'
export { demoAccountFromEnv, lockDemoAccount, seedDemoAccount } from './demo-account.ts'
export { loginRoutes } from './login-routes.ts'
export { passwordRoutes } from './password-routes.ts'
export { referenceDataRoutes } from './reference-data-routes.ts'
export { registrationRoutes } from './registration-routes.ts'
export { sessionRoutes } from './session-routes.ts'
