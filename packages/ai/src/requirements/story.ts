/// <reference path="../text/vendor.d.ts" />
/**
 * One user story as a sentence, the same everywhere Parley shows or exports it: the article that
 * fits the role ("As an owner", "As a user", "As an SMS clerk"), and no "so that" when nobody said why.
 * Browser-safe: the web app's story cards use it too.
 */
import indefinite from "indefinite";

/** The benefit of a story whose participant gave no reason: said plainly, never a filler. */
export const UNSTATED_BENEFIT = "not stated";

export const isUnstated = (benefit: string) => benefit.trim().toLowerCase() === UNSTATED_BENEFIT;

/**
 * The benefit of a need the offline rules could not write as a clean story: its action is a short
 * title and its evidence the participant's own words, shown as a need still to be written.
 */
export const TO_WRITE_AS_STORY = "still to be written as a story";

export const isToWrite = (benefit: string) => benefit.trim().toLowerCase() === TO_WRITE_AS_STORY;

/** "owner" → "an owner", "salon owner" → "a salon owner"; a role that has its article keeps it. */
export function roleWithArticle(role: string): string {
  const said = role.trim().replace(/\s+/g, " ");
  if (/^(?:a|an|the)\s/i.test(said)) return said;
  return said ? indefinite(said) : said;
}

/**
 * "As a salon owner, I want to track receipts so that …"; without "so that" when no reason was given;
 * "To be written as a story (salon owner): Anonymous feedback" for a need still to be written.
 */
export function storySentence(story: { userType: string; action: string; benefit: string }): string {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();
  if (isToWrite(story.benefit))
    return `To be written as a story (${oneLine(story.userType)}): ${oneLine(story.action)}`;
  const ends = isUnstated(story.benefit) ? "" : ` so that ${oneLine(story.benefit)}`;
  return `As ${roleWithArticle(oneLine(story.userType))}, I want to ${oneLine(story.action)}${ends}`;
}
