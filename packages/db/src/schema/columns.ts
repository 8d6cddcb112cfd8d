import type { ColumnType } from "kysely";

// How timestamp and jsonb columns read and write, for every table file.

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A jsonb column: read parsed, written as a JSON string (pg would turn JS arrays into SQL arrays). */
export type Json<T> = ColumnType<T, string | undefined, string>;
