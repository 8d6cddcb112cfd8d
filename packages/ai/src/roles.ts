import type { StakeholderType } from "@parley/db/schema";

/** How each stakeholder type is named to people (spec 1 §3). */
export const STAKEHOLDER_LABELS: Record<StakeholderType, string> = {
  user: "End User",
  business: "Business Stakeholder",
  developer: "Developer",
  designer: "Designer",
  product_manager: "Product Manager",
  other: "Other",
};

/** Interview time limits by role, in minutes (spec 2 §9). */
export const TIME_LIMIT_MINUTES: Record<StakeholderType, number> = {
  business: 12,
  product_manager: 15,
  developer: 12,
  designer: 10,
  user: 10,
  other: 10,
};
