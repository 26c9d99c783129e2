import type { ColumnType } from 'kysely'
import type { PlanCase } from '@/contract/test-plans'
import type { CreatedAt, NullableTime } from './columns.ts'

/* The programme's data kept by the lab (migration 0023): test plans and their versions. */

/** jsonb: read as parsed JSON, written as a JSON string (schema.ts). */
type Json<T> = ColumnType<T, string, string>

export interface TestPlansTable {
  plan_id: string
  name: string
  /** The device type it applies to; null for the generic plan (every type the catalogue does not know). */
  device_type: string | null
  /** The product classes its cases may be limited to. */
  product_classes: Json<string[]>
  created_at: CreatedAt
}

export interface TestPlanVersionsTable {
  plan_id: string
  version: number
  state: 'draft' | 'published'
  cases: Json<PlanCase[]>
  created_at: CreatedAt
  created_by: string
  published_at: NullableTime
  published_by: string | null
}
