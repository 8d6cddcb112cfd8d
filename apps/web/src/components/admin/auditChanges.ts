import { formatDateTime } from "../../lib/dates";

/** One changed field of an audit entry, as the user detail page shows it: "field: before → after". */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

// The entry's own time already says when; a changed updatedAt would only repeat it.
const IGNORED_FIELDS = new Set(["updatedAt"]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const EMPTY = "—";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "subscriptionTier" → "subscription tier". */
const fieldLabel = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();

export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "string") return ISO_DATE.test(value) ? formatDateTime(value) : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * The fields whose values differ between an audit entry's before and after snapshots, in the order
 * they first appear. A missing side (a creation or a deletion) counts as empty.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => !IGNORED_FIELDS.has(key))
    .filter((key) => JSON.stringify(from[key] ?? null) !== JSON.stringify(to[key] ?? null))
    .map((key) => ({
      field: fieldLabel(key),
      before: formatAuditValue(from[key]),
      after: formatAuditValue(to[key]),
    }));
}
