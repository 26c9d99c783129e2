/** The plan columns of a run a test writes directly: version 1 of the generic plan (migration 0023). */
export const GENERIC_PLAN_RUN = { plan_id: 'generic', plan_version: 1, plan_name: 'Generic device' } as const
