/**
 * The one quality gate both providers' trees pass before they are saved: every story and criterion
 * is verified against the participant's words, keeps their polarity, and passes the mechanical QUS
 * checks, or it is repaired from its own words or dropped, and the report says how many and why.
 */

import type { Turn } from "../evidence/turns";
import type {
  Criterion,
  Evidence,
  EvidenceEpic,
  EvidenceFeature,
  EvidenceTree,
  Story,
} from "../evidence/types";
import { evidenceHolds } from "../evidence/verify";
import { isToWrite } from "../requirements/story";
import { capitalise, contentLemmas, nounPhrases, tokensOf } from "../text";
import { checkCriterion, checkEpicName, checkFeatureName, checkStory, uniqueKey } from "./check";
import { repairStory } from "./repair";
import type { Defect } from "./types";
import { REFUSING_VERBS } from "./vocabulary";

export interface GateOptions {
  /** Each interview's numbered turns, for today's quote check (evidenceHolds). */
  turnsById?: Map<number, Turn[]>;
  /** Replaces the quote check: true when the evidence stands in the participant's own words. */
  verifyEvidence?: (evidence: Evidence) => boolean;
  /** The stakeholder type's label for a story's interview, used when its role is a fragment. */
  stakeholderRoleFor?: (story: Story) => string | undefined;
}

export interface GateReport {
  /** Stories and criteria checked. */
  checked: number;
  /** Stories, criteria and names rephrased or split. */
  repaired: number;
  /** Stories and criteria dropped. */
  dropped: number;
  /** "dropped: inverted negation", "repaired: two-actions", … with counts. */
  reasons: Record<string, number>;
}

const NEGATORS = new Set(["not", "never", "no", "without", "nothing", "nobody", "none"]);
const DESIRES = new Set(["want", "need", "like", "wish"]);

/**
 * True when a quote refuses what the action grants: the need (or the wish for it) is negated in the
 * quote ("we never want walk-ins booked online") and the action carries no negation or refusal.
 */
export function grantsWhatQuoteRefuses(action: string, quote: string): boolean {
  const wanted = new Set(contentLemmas(action));
  const tokens = tokensOf(quote);
  const refused = tokens.some(
    (t, i) =>
      (t.negated && (wanted.has(t.lemma) || (DESIRES.has(t.lemma) && t.pos === "VERB"))) ||
      (NEGATORS.has(t.normal) && tokens.slice(i + 1, i + 4).some((n) => wanted.has(n.lemma))),
  );
  if (!refused) return false;
  const refusing = tokensOf(action).some(
    (t) => t.negated || NEGATORS.has(t.normal) || REFUSING_VERBS.has(t.lemma),
  );
  return !refusing;
}

/**
 * Both gates' report and quote check: `count` adds a repair or a drop (a note only names its
 * reason), `holds` says whether a quote stands in the participant's words.
 */
function reporting(options: GateOptions) {
  const report: GateReport = { checked: 0, repaired: 0, dropped: 0, reasons: {} };
  const count = (kind: "repaired" | "dropped" | "noted", reason: string) => {
    if (kind !== "noted") report[kind] += 1;
    report.reasons[`${kind}: ${reason}`] = (report.reasons[`${kind}: ${reason}`] ?? 0) + 1;
  };
  const holds =
    options.verifyEvidence ??
    (options.turnsById ? (e: Evidence) => evidenceHolds(e, options.turnsById!) : () => true);
  return { report, count, holds };
}

export function gateTree(
  tree: EvidenceTree,
  options: GateOptions = {},
): { tree: EvidenceTree; report: GateReport } {
  const { report, count, holds } = reporting(options);
  const accepted = new Map<string, Story>();

  const gateStory = (story: Story): Story[] => {
    report.checked += 1;
    const evidence = story.evidence.filter(holds);
    if (!evidence.length) {
      count("dropped", "unverified quote");
      return [];
    }
    if (evidence.some((e) => grantsWhatQuoteRefuses(story.action, e.quote))) {
      count("dropped", "inverted negation");
      return [];
    }
    // A need still to be written is a title beside the participant's words: no story to check.
    if (isToWrite(story.benefit)) return [{ ...story, evidence }];
    let current: Story = { ...story, evidence };
    // A repair can uncover another defect ("inventory management, of course" is a noun phrase once
    // the aside is gone), so repairs run until the story passes or stops changing.
    const fixable: Defect[] = [];
    for (let round = 0; round < 3; round += 1) {
      const defects = checkStory(current).filter((d) => d.code !== "two-actions");
      if (!defects.length) break;
      const repaired = repairStory(current, defects, {
        stakeholderRole: options.stakeholderRoleFor?.(current),
      });
      if (!repaired || sameWords(repaired, current)) {
        count("dropped", reasonOf(defects));
        return [];
      }
      fixable.push(...defects);
      current = repaired;
    }
    const left = checkStory(current).filter((d) => d.code !== "two-actions");
    if (left.length) {
      count("dropped", reasonOf(left));
      return [];
    }
    // One story per need: the writer cut only between verb phrases, and the objects of one verb
    // ("handle receipts, expenses and wages") are one need, so the gate splits nothing.
    const key = uniqueKey(current);
    const first = accepted.get(key);
    if (first) {
      first.evidence.push(...current.evidence.filter((e) => !first.evidence.some((f) => sameEvidence(e, f))));
      count("dropped", "unique: duplicate");
      return [];
    }
    accepted.set(key, current);
    if (fixable.length) count("repaired", fixable.map((d) => d.code).join(", "));
    return [current];
  };

  const gateCriterion = (criterion: Criterion): Criterion[] => {
    report.checked += 1;
    const evidence = criterion.evidence.filter(holds);
    if (criterion.evidence.length && !evidence.length) {
      count("dropped", "unverified quote");
      return [];
    }
    const defects = checkCriterion(criterion);
    if (defects.length) {
      count("dropped", reasonOf(defects));
      return [];
    }
    return [{ ...criterion, evidence }];
  };

  const gateFeature = (feature: EvidenceFeature): EvidenceFeature[] => {
    const stories = feature.stories.flatMap(gateStory);
    // "Still to write" is said of stories: with none left, it says nothing, unless it says what a
    // participant does not want (a conflict to settle, a refusal whose test is still to write).
    const acceptanceCriteria = feature.acceptanceCriteria
      .flatMap(gateCriterion)
      .filter((c) => stories.length || !STILL_TO_WRITE.test(c.text) || / does not want /.test(c.text));
    if (!stories.length && !acceptanceCriteria.length) return [];
    let name = feature.name.trim();
    const defects = checkFeatureName(name);
    if (defects.length) {
      name = nameFromStories(stories) ?? "Stated needs";
      count("repaired", `feature name: ${defects[0]!.code}`);
    }
    return [{ ...feature, name, stories, acceptanceCriteria }];
  };

  const epics = tree.epics.flatMap((epic): EvidenceEpic[] => {
    const features = epic.features.flatMap(gateFeature);
    if (!features.length) return [];
    let name = epic.name.trim();
    const defects = checkEpicName(name);
    if (defects.length) {
      name = features[0]!.name;
      count("repaired", `epic name: ${defects[0]!.code}`);
    }
    return [{ ...epic, name, features }];
  });
  return { tree: { epics }, report };
}

const STILL_TO_WRITE = /^To be written:/;

const reasonOf = (defects: Defect[]) => `${defects[0]!.criterion}: ${defects[0]!.code}`;

const sameWords = (a: Story, b: Story) =>
  a.userType === b.userType && a.action === b.action && a.benefit === b.benefit;

const sameEvidence = (a: Evidence, b: Evidence) =>
  a.interviewId === b.interviewId && a.turn === b.turn && a.quote === b.quote;

/** A feature name from the stories' own words: the first object noun phrase that passes as a name. */
function nameFromStories(stories: Story[]): string | null {
  for (const story of stories) {
    for (const phrase of nounPhrases(`I want to ${story.action}`)) {
      const candidate = capitalise(phrase);
      if (!checkFeatureName(candidate).length) return candidate;
    }
  }
  return null;
}

/** What a model wrote with only its mechanics put right: markup, template words, spacing, end marks, the joint to "so that". */
export function tidyStory(story: Story): Story {
  const plain = (text: string) =>
    text
      .replace(/\*\*|__|`/g, "")
      .replace(/\s+/g, " ")
      .replace(/[\s.;:!]+$/, "")
      .trim();
  return {
    ...story,
    userType: plain(story.userType).replace(/^as\s+(?:an?\s+|the\s+)?/i, ""),
    action: plain(story.action).replace(/^(?:i\s+(?:want|need|would like)\s+)?to\s+/i, ""),
    // The benefit follows "so that": a reason written as an infinitive ("to replace the cashbook")
    // reads "so that I can replace the cashbook", as the story's "I want to" speaks.
    benefit: plain(story.benefit)
      .replace(/^so\s+that\s+/i, "")
      .replace(/^(?:in\s+order\s+)?to\s+(?=\p{L})/iu, "I can "),
  };
}

const tidyText = (text: string) =>
  text
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The gate for a model's tree: it checks and reports, and changes only mechanics. A story or
 * criterion is dropped only when none of its quotes stands in the participant's words; everything else the model wrote (its names, roles, actions,
 * benefits, criteria, where it put them) reaches the owner as written, and what the Quality User
 * Story checks would flag is counted as a note.
 */
export function gateModelTree(
  tree: EvidenceTree,
  options: GateOptions = {},
): { tree: EvidenceTree; report: GateReport } {
  const { report, count, holds } = reporting(options);

  const gateStory = (story: Story): Story[] => {
    report.checked += 1;
    const evidence = story.evidence.filter(holds);
    if (!evidence.length) {
      count("dropped", "unverified quote");
      return [];
    }
    // Words alone cannot tell "send reminders automatically" (citing "I don't want to send them by
    // hand") from an inversion; the model read each item's polarity, so this is only a note.
    if (evidence.some((e) => grantsWhatQuoteRefuses(story.action, e.quote)))
      count("noted", "a quote it rests on refuses something");
    const tidy = tidyStory({ ...story, evidence });
    if (!sameWords(tidy, story)) count("repaired", "mechanics");
    for (const d of checkStory(tidy)) count("noted", reasonOf([d]));
    return [tidy];
  };

  const gateCriterion = (criterion: Criterion): Criterion[] => {
    report.checked += 1;
    const evidence = criterion.evidence.filter(holds);
    if (!evidence.length) {
      count("dropped", "unverified quote");
      return [];
    }
    const text = tidyText(criterion.text);
    if (text !== criterion.text) count("repaired", "mechanics");
    for (const d of checkCriterion({ text })) count("noted", reasonOf([d]));
    return [{ ...criterion, text, evidence }];
  };

  const epics = tree.epics.flatMap((epic): EvidenceEpic[] => {
    const features = epic.features.flatMap((feature): EvidenceFeature[] => {
      const stories = feature.stories.flatMap(gateStory);
      const acceptanceCriteria = feature.acceptanceCriteria.flatMap(gateCriterion);
      if (!stories.length && !acceptanceCriteria.length) return [];
      const name = tidyText(feature.name);
      for (const d of checkFeatureName(name)) count("noted", `feature name: ${d.code}`);
      return [{ ...feature, name, stories, acceptanceCriteria }];
    });
    return features.length ? [{ ...epic, name: tidyText(epic.name), features }] : [];
  });
  return { tree: { epics }, report };
}
