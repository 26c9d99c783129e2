// The events domain's public module: what other folders of server/ use of it (eslint.config.js).
import type { EventHub } from './hub.ts'
export { appendEvent, appendLabEvent, onAppended } from './append.ts'
export { createEventHub, type EventHub, type EventHubOptions, retentionHoursFromEnv } from './hub.ts'
export { eventRoutes } from './routes.ts'
export { organizationEventsSeq } from './store.ts'
export {
  ALL_ORGANIZATIONS,
  type ActiveRunsReader,
  EVERY_ORGANIZATION,
  LAB_HELLO_RUNS,
  type MaintenanceReader,
} from './store.ts'

declare module '../http/context.ts' {
  interface MainServices {
    /** The live events' hub (GET /api/events, docs/decisions/0020); null in an app without one. */
    events: EventHub | null
  }
}
