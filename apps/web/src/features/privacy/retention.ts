import { RETENTION_DAYS } from "@parley/api/schemas/project";

/** Days raw conversations, audio and images are kept (issue 26); null: until the owner deletes them. */
export type RetentionDays = (typeof RETENTION_DAYS)[number] | null;

/** A select's value for "until deleted" (a select's values are text). */
const UNTIL_DELETED = "until-deleted";

export const RETENTION_OPTIONS = [
  ...RETENTION_DAYS.map((days) => ({ value: String(days), label: `${days} days` })),
  { value: UNTIL_DELETED, label: "Until deleted" },
];

/** The select's value for a project's retention (an unknown number reads as "until deleted"). */
export function retentionValue(days: number | null): string {
  return days !== null && (RETENTION_DAYS as readonly number[]).includes(days) ? String(days) : UNTIL_DELETED;
}

/** The retention a select's value stands for. */
export function retentionFromValue(value: string | null): RetentionDays {
  const days = Number(value);
  return (RETENTION_DAYS as readonly number[]).includes(days) ? (days as RetentionDays) : null;
}

/** The retention in a few words: "30 days" or "until deleted". */
export function retentionLabel(days: number | null): string {
  return days === null ? "until deleted" : `${days} ${days === 1 ? "day" : "days"}`;
}

/** The day a raw record kept `days` after `from` is deleted; null when it is kept until deleted. */
export function deletionDay(from: string | null, days: number | null): Date | null {
  if (days === null || !from) return null;
  const day = new Date(from);
  if (Number.isNaN(day.getTime())) return null;
  day.setUTCDate(day.getUTCDate() + days);
  return day;
}
