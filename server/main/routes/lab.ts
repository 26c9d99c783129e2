import { Hono } from 'hono'
import type { MainEnv } from '../middleware/context.ts'

/* The lab console's calls: the lab console's queue, records, conversation and actions on a vendor's behalf (issue 19); docs/decisions/0024. */

export const labRoutes = new Hono<MainEnv>()
