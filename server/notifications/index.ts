// The notifications domain's public module: what other folders of server/ use of it (eslint.config.js).
export { invitationFooter } from './invitation.ts'
export { createNotifier, type Notifier } from './notifier.ts'
export { notificationRoutes, oneClickUnsubscribe } from './routes.ts'
