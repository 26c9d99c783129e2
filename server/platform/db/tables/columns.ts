import type { ColumnType } from 'kysely'

/* Column types the tables share: how a time, a list or a result reads and is written. */

export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

export type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export type Time = ColumnType<Date, Date | string, Date | string>

export type TextList = ColumnType<string[], string[] | undefined, string[]>

export type CertificationResult = '' | 'CERTIFIED-OK' | 'Validation failure'

/** Draft text fields default to '' in the database, so a section save may leave the others out. */
export type DraftText = ColumnType<string, string | undefined, string>
