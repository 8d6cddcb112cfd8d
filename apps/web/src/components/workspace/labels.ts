import type { RouterOutputs } from "@parley/api";

export type Project = RouterOutputs["projects"]["get"];
export type Interview = RouterOutputs["interviews"]["get"];

/** Stakeholder types as people read them (spec 1 §3). */
export const STAKEHOLDER_OPTIONS = [
  { value: "user", label: "End User" },
  { value: "business", label: "Business Stakeholder" },
  { value: "developer", label: "Developer" },
  { value: "designer", label: "Designer" },
  { value: "product_manager", label: "Product Manager" },
  { value: "other", label: "Other" },
] as const;

export function stakeholderLabel(type: string): string {
  return STAKEHOLDER_OPTIONS.find((o) => o.value === type)?.label ?? type;
}

export const STATUS_OPTIONS = [
  { value: "pending", label: "Pending" },
  { value: "scheduled", label: "Scheduled" },
  { value: "in_progress", label: "In Progress" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
  { value: "updated_by_user", label: "Updated by User" },
];

/** Badge colours of spec 2 §4: completed green, in_progress blue, updated_by_user purple, cancelled red, others grey. */
export function statusColor(status: string): string {
  switch (status) {
    case "completed":
      return "green";
    case "in_progress":
      return "blue";
    case "updated_by_user":
      return "grape";
    case "cancelled":
      return "red";
    default:
      return "gray";
  }
}

export function statusLabel(status: string): string {
  return STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;
}
