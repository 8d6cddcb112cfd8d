/** The quality gate: mechanical Quality User Story checks, repairs and the gate over a tree. */
export {
  checkCriterion,
  checkEpicName,
  checkFeatureName,
  checkStory,
  checkStoryText,
  checkStoryTexts,
  type StoryContext,
  uniqueKey,
} from "./check";
export { type GateOptions, type GateReport, gateTree, grantsWhatQuoteRefuses } from "./gate";
export { parseStoryText, renderStory, UNSTATED_BENEFIT } from "./parse";
export { actionNounToVerb, repairStory, trimToMinimal } from "./repair";
export { splitCoordinatedAction } from "./split";
export { type Defect, type DefectCode, QUS_CRITERIA, type QusCriterion } from "./types";
