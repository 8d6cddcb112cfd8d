/**
 * Repairs from a story's own words: the article and template words go, brackets, examples, asides
 * and second sentences are cut, an action noun becomes its verb ("inventory management" → "manage
 * inventory"), a role fragment keeps its noun phrase or takes the stakeholder's, a filler ends
 * becomes "not stated" with the assumption mark, and coordinated needs become one story each.
 */
import type { Story } from "../evidence/types";
import { analyze, nounPhrases, verbOfActionNoun } from "../text";
import { storyParts, UNSTATED_BENEFIT } from "./parse";
import { readRole } from "./role-reading";
import type { Defect } from "./types";
import { EXAMPLE_MARKERS, SPOKEN_ASIDES } from "./vocabulary";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text without brackets, example lists, asides, dash comments and anything after its first sentence. */
export function trimToMinimal(text: string): string {
  let out = text.replace(/\s*[([{][^)\]}]*[)\]}]/g, "");
  const first = analyze(out)[0];
  if (first && analyze(out).length > 1 && /[.!?]$/.test(first.text)) out = first.text;
  for (const marker of EXAMPLE_MARKERS)
    out = out.replace(new RegExp(`,?\\s*(?:^|\\b)${literal(marker)}(?:[^,;]*)`, "gi"), "");
  for (const aside of SPOKEN_ASIDES)
    out = out.replace(new RegExp(`,?\\s*\\b${literal(aside)}\\b,?`, "gi"), " ");
  out = out.replace(/\s+[-–—]\s.*$/, "").replace(/;.*$/, "");
  return out
    .replace(/\s+(?:but also|but|and|or)\s*$/i, "")
    .replace(/\s{2,}/g, " ")
    .replace(/[\s,.;]+$/, "")
    .trim();
}

/** "inventory management" → "manage inventory": the verb behind the head action noun, then the rest. */
export function actionNounToVerb(means: string): string | null {
  const words = means.trim().split(/\s+/);
  const head = words.at(-1);
  const verb = head ? verbOfActionNoun(head) : null;
  if (!verb || words.length < 2) return null;
  return `${verb} ${words.slice(0, -1).join(" ")}`;
}

/** The noun phrase inside a role fragment ("then a employee" → "employee"), or null. */
function roleFromFragment(role: string): string | null {
  const phrase = nounPhrases(role).at(-1);
  if (!phrase) return null;
  const fixed = { userType: phrase, action: "see it", benefit: UNSTATED_BENEFIT };
  return readRole(storyParts(fixed)).defects.some((d) => d.code === "role-fragment") ? null : phrase;
}

export interface RepairContext {
  /** The stakeholder type's label for the story's interview ("business stakeholder"), when known. */
  stakeholderRole?: string;
}

/** The story rephrased for the defects found, or null when a defect cannot be repaired from its words. */
export function repairStory(story: Story, defects: Defect[], context: RepairContext): Story | null {
  let { userType, action, benefit, assumption } = story;
  const codes = new Set(defects.map((d) => d.code));
  userType = userType.replace(/^\s*as\s+/i, "").replace(/^\s*(?:an?|the)\s+/i, "");
  action = action.replace(/^\s*(?:i\s+(?:want|need|would like)\s+)?to\s+/i, "");
  benefit = benefit.replace(/^\s*so\s+that\s+/i, "");
  if (
    ["brackets", "examples", "aside", "dash-comment", "second-sentence"].some((c) => codes.has(c as never))
  ) {
    action = trimToMinimal(action);
    benefit = trimToMinimal(benefit) || UNSTATED_BENEFIT;
    userType = trimToMinimal(userType);
  }
  if (codes.has("markup")) {
    const unmarked = (text: string) => text.replace(/\*\*|__|`|(?:^|\s)#{1,6}\s/g, " ").replace(/\s+/g, " ");
    action = unmarked(action);
    benefit = unmarked(benefit);
    userType = unmarked(userType);
  }
  // "keep track of supplies and": the list was cut off; what came before it stands.
  if (codes.has("fragment")) action = action.replace(/[\s,]+(?:and|or|but|nor|a|an|the)[\s.,;:]*$/i, "");
  if (codes.has("means-is-noun-phrase") || codes.has("want-to-no-verb")) {
    const verbPhrase = actionNounToVerb(action);
    if (!verbPhrase) return null;
    action = verbPhrase;
  }
  if (codes.has("role-fragment")) {
    const role = roleFromFragment(userType) ?? context.stakeholderRole;
    if (!role) return null;
    userType = role;
  }
  if (codes.has("filler-ends")) {
    benefit = UNSTATED_BENEFIT;
    assumption = true;
  }
  if (!action || !userType) return null;
  return { ...story, userType: userType.trim(), action: action.trim(), benefit: benefit.trim(), assumption };
}
