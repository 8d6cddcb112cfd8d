/**
 * The project briefs the interviewer benches give for the real interviews' settings: in our own
 * words, what an owner would have typed for a salon system and a driving-school comparison.
 */
import type { ProjectBrief } from "../../packages/ai/src/interview/types";

export const SALON: ProjectBrief = {
  title: "Salon system",
  objective: "Move a hair salon's paper bookings, accounts and stock keeping onto a computer system.",
  targetAudience: "The salon's owner, staff and clients",
  keyFeatures: "Online booking\nStaff scheduling\nLow-stock alerts\nBusiness reports",
  constraints: null,
  domain: "Hair and beauty",
};

export const DRIVING: ProjectBrief = {
  title: "Driving school comparison",
  objective: "Help learner drivers compare driving schools before they choose one.",
  targetAudience: "Learner drivers and driving schools",
  keyFeatures: "Sorting results\nPrice comparison\nSchool profiles",
  constraints: null,
  domain: "Driver education",
};
