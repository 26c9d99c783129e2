import { Hono } from 'hono'
import type { MainEnv } from '../middleware/context.ts'

/* The lab console's calls: the lab's staff accounts, their set-password links and their management by a Lab manager (issue 19); docs/decisions/0024. */

export const labStaffRoutes = new Hono<MainEnv>()
