// The events domain's public module: what other folders of server/ use of it (eslint.config.js).
export { appendEvent, onAppended } from './append.ts'
export { createEventHub, type EventHub, type EventHubOptions, retentionHoursFromEnv } from './hub.ts'
export { eventRoutes } from './routes.ts'
export { organizationEventsSeq } from './store.ts'
export { ALL_ORGANIZATIONS, type ActiveRunsReader, LAB_HELLO_RUNS } from './store.ts'
