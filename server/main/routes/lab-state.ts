import { Hono } from 'hono'
import type { MainEnv } from '../middleware/context.ts'

/* The lab console's calls: the bench's maintenance and the review setting (issue 19); docs/decisions/0024. */

export const labStateRoutes = new Hono<MainEnv>()
