/**
 * Step 4 of the writer: stories grouped into features by what they name, features into epics by
 * what they share, one story per distinct need, and criteria only from rules the participant
 * stated (refusals, "must …"); everything else is said plainly to be still to write.
 */
import type {
  Evidence,
  EvidenceEpic,
  EvidenceFeature,
  EvidenceTree,
  ExtractedItem,
  Extraction,
  StakeholderType,
  Story,
} from "../evidence/types";
import { clean } from "../evidence/words";
import { UNSTATED_BENEFIT } from "../quality/parse";
import { TO_WRITE_AS_STORY } from "../requirements/story";
import { capitalise, withArticle } from "../text/grammar";
import { contentLemmas, tokensOf } from "../text/nlp";
import { imposedOnOthers, mostOf } from "./conflicts";
import { hypothetical } from "./hypothetical";
import { conditionCriterion, forbiddingCriterion, limitName, REASON, SPECIFIC } from "./limits";
import { findNeeds, purposesOf } from "./needs";
import { painStories } from "./pains";
import { draftStories, roleOf } from "./phrase";
import { plainWords } from "./plain";
import { requestsIn, withRequests } from "./requests";
import { plainRole, statedWorkRole } from "./roles";
import { addRuleStories } from "./rules";
import { needWords, sameNeed } from "./same-need";
import { needTitle } from "./unwritten";
import { ABILITY_NOUNS, GENERIC_HEADS, RECEIVING_VERB } from "./vocabulary";

/** The ends of a story whose participant said nothing about why: said plainly, marked as an assumption. */
export const UNSTATED_ENDS = UNSTATED_BENEFIT;

export const PERSONA: Record<StakeholderType, string> = {
  user: "user",
  business: "business stakeholder",
  developer: "developer",
  designer: "designer",
  product_manager: "product manager",
  other: "stakeholder",
};

const RANK = { high: 0, medium: 1, low: 2 } as const;

const evidenceOf = (item: ExtractedItem): Evidence => ({
  interviewId: item.interviewId,
  turn: item.turn,
  quote: item.quote,
});

const key = (text: string) => contentLemmas(text).join(" ");

/** The lemmas an epic is known by: its topic's, without heads that say nothing ("system"). */
const topicLemmas = (text: string) => contentLemmas(text).filter((l) => !GENERIC_HEADS.has(l));

interface EpicDraft {
  name: string;
  lemmas: Set<string>;
  features: EvidenceFeature[];
}

/**
 * The criterion of a feature whose participant said nothing a tester could check: said plainly,
 * never the story again ("Given an owner, then they can book appointments" checks nothing).
 */
export const UNWRITTEN_CRITERION = "To be written: the participant did not say how to tell this works.";

export interface WriterOptions {
  /** The persona for every story when the caller knows it (the documented call's `role`). */
  role?: string | null;
}

/** Stories from every interview's stated needs, grouped into features and epics. */
export function writeTree(extractions: Extraction[], options: WriterOptions = {}): EvidenceTree {
  const epics: EpicDraft[] = [];
  const featureByKey = new Map<string, { feature: EvidenceFeature; epic: EpicDraft }>();

  const epicFor = (topic: string, feature: string): EpicDraft => {
    const lemmas = new Set(topicLemmas(topic));
    const featureLemmas = topicLemmas(feature);
    let best: { epic: EpicDraft; score: number } | null = null;
    for (const epic of epics) {
      const score = [...lemmas, ...featureLemmas].filter((l) => epic.lemmas.has(l)).length;
      if (score > 0 && (!best || score > best.score)) best = { epic, score };
    }
    if (best) {
      for (const l of lemmas) best.epic.lemmas.add(l);
      return best.epic;
    }
    const epic: EpicDraft = {
      name: capitalise(topic),
      lemmas: new Set([...lemmas, ...featureLemmas]),
      features: [],
    };
    epics.push(epic);
    return epic;
  };

  /** The feature of that name, made in the epic `epic()` gives when it is new. */
  const featureFor = (name: string, epic: () => EpicDraft) => {
    const featureKey = key(name) || name.toLowerCase();
    let entry = featureByKey.get(featureKey);
    if (!entry) {
      const home = epic();
      const feature: EvidenceFeature = { name, description: "", acceptanceCriteria: [], stories: [] };
      home.features.push(feature);
      entry = { feature, epic: home };
      featureByKey.set(featureKey, entry);
    }
    return entry;
  };

  const speakerOf = (e: Extraction) =>
    options.role?.trim() || statedWorkRole(e) || PERSONA[e.stakeholderType];
  const written: Array<{ story: Story; feature: EvidenceFeature }> = [];
  /** Stories of things named in a list ("Key features include …"), which a detailed need may say again. */
  const listed = new Set<Story>();
  /** Rules a speaker lays on other people ("Pickers must scan every item"), which they may refuse. */
  const imposed: Array<{ item: ExtractedItem; speaker: string; lemmas: string[]; things: string[] }> = [];
  for (const extraction of extractions) {
    const speaker = speakerOf(extraction);
    for (const item of extraction.items) {
      if (item.readBack === "rejected" || item.readBack === "corrected") continue;
      if ((item.kind !== "need" && item.kind !== "constraint") || item.polarity !== "wants") continue;
      const found = findNeeds(item.quote);
      const needs = (
        found.length || !item.listed ? withRequests(found, item.quote) : requestsIn(item.quote, true)
      ).flatMap((need) => purposesOf(need) ?? [need]);
      // Whether the item reached the tree, and what named it, for a need the rules cannot write well.
      let reached = false;
      let title: string | null = null;
      let notANeed = false;
      for (const need of needs) {
        if (need.negated || imposedOnOthers(need) || hypothetical(need)) {
          const things = need.action.filter((t) => t.pos === "NOUN").map((t) => t.lemma);
          if (!need.negated && !hypothetical(need))
            imposed.push({ item, speaker, lemmas: topicLemmas(item.quote), things });
          notANeed = true;
          continue;
        }
        const drafts = draftStories(need, speaker, { whole: true });
        title ??= needTitle(need);
        // "Everything must comply with privacy rules": a rule the product keeps, as a criterion.
        const speakerSubject = need.subject.some((t) => /^(?:i|we|you)$/.test(t.normal));
        const aRule =
          need.trigger === "obligation" &&
          !speakerSubject &&
          !roleOf(need.subject) &&
          !need.actor.length &&
          !RECEIVING_VERB[need.action[0]?.lemma ?? ""];
        if (item.kind === "constraint" && aRule && drafts[0]) {
          const said = plainWords(clean(item.quote), { means: false });
          if (!("text" in said)) break;
          const entry = featureFor(drafts[0].feature, () => epicFor(drafts[0]!.topic, drafts[0]!.feature));
          entry.feature.acceptanceCriteria.push({
            text: `Given ${withArticle(speaker)}, then ${said.text.replace(/^(?!I\b)./, (c) => c.toLowerCase())}`,
            evidence: [evidenceOf(item)],
          });
          reached = true;
          break;
        }
        // What one sentence asks for stays together: its stories share the first one's epic.
        let needEpic: EpicDraft | null = null;
        for (const [at, draft] of drafts.entries()) {
          // Words that only make sense beside the quote ("unlock it with my phone") are no story.
          // "keep track of her/his records": the role's own, said either way.
          // "allocate sufficient staff and schedule it": both acts on the one thing.
          const own = draft.action
            .replace(/\b(?:him\s*\/?\s*her|her\s*\/?\s*him)\b/g, "me")
            .replace(/\b(?:her\s*\/?\s*his|his\s*\/?\s*her)\b/g, "my")
            .replace(/^(\w+) (.+?) and (\w+) (?:it|them)$/, "$1 and $3 $2")
            // "notify me when supplies run out": the speaker gets notified.
            .replace(/^(notify|remind|alert) me\b/, (_, verb: string) => RECEIVING_VERB[verb]!);
          // "when traffic changes", "if a client cancels": the need holds only then, so it is said
          // ("get notified when supplies run out" names what it is about by its condition).
          const conditions = draft.conditions.flatMap((c) => {
            const said = plainWords(c, { means: false });
            return "text" in said ? [said.text] : [];
          });
          const ownWords = !draft.role || draft.role === speaker;
          // "keep track of our supplies": the speaker's business is theirs, said as the role says it.
          const mine = ownWords ? own.replace(/\bour\b/g, "my") : own;
          const whole = plainWords([mine, ...conditions].join(" "), { means: true, ownWords });
          const means =
            "text" in whole || !conditions.length ? whole : plainWords(mine, { means: true, ownWords });
          if (!("text" in means)) {
            // Thanks, talk about the interview and goals with nothing to build are no need at all.
            if (means.refused === "talk" || means.refused === "goal") notANeed = true;
            continue;
          }
          // A reason said after a list of actions is the last one's ("… and provides reports to run
          // the business"): the others' reasons were not stated.
          const ends =
            draft.ends && at === drafts.length - 1 ? plainWords(draft.ends, { means: false }) : null;
          const benefit = ends && "text" in ends && !PRONOUN.test(ends.text) ? ends.text : null;
          // ("Screen reader support is required by our school customers" says whose it is.)
          const saidWhose = draft.role && draft.role !== speaker;
          if (!benefit && !saidWhose && onlyHaving(means.text)) continue;
          // "Things that you want to filter the schools on": the general "you" is the product's user.
          const generic = need.trigger === "desire" && need.subject.some((t) => t.normal === "you");
          const role =
            options.role?.trim() ||
            (draft.role && draft.role !== speaker ? plainRole(draft.role) : generic ? PERSONA.user : speaker);
          const action = means === whole ? means.text : [means.text, ...conditions].join(" ");
          // One participant's need said twice is one story; two stakeholders' needs stay theirs.
          const same = written.find(
            (w) =>
              (w.story.userType === role ||
                w.story.evidence.some((e) => e.interviewId === item.interviewId)) &&
              sameNeed(w.story.action, action),
          );
          if (same) {
            const { story } = same;
            if (!story.evidence.some((e) => e.quote === item.quote && e.interviewId === item.interviewId))
              story.evidence.push(evidenceOf(item));
            // The fuller wording says the need: "handle receipts, expenses and wages" over "track receipts".
            const fuller = needWords(means.text).length > needWords(story.action).length;
            if (fuller && story.userType === role && !/^(?:have|get)\b/.test(means.text))
              story.action = means.text;
            if (!story.benefit || story.assumption) {
              story.benefit = benefit ?? UNSTATED_ENDS;
              story.assumption = !benefit;
            }
            reached = true;
            continue;
          }
          const { feature } = featureFor(draft.feature, () => {
            needEpic ??= epicFor(draft.topic, draft.feature);
            return needEpic;
          });
          const story: Story = {
            userType: role,
            action,
            benefit: benefit ?? UNSTATED_ENDS,
            assumption: !benefit,
            priority: item.priority,
            evidence: [evidenceOf(item)],
          };
          feature.stories.push(story);
          written.push({ story, feature });
          reached = true;
          // "Key features include automated record management, …" and later "Automated record
          // management should handle receipts, …": the listed name is this need, said in detail.
          const about = new Set(topicLemmas(need.subject.map((t) => t.text).join(" ")));
          const umbrella = written.findIndex(
            (w) =>
              listed.has(w.story) &&
              w.story.evidence.some((e) => e.interviewId === item.interviewId) &&
              topicLemmas(w.feature.name).length > 0 &&
              topicLemmas(w.feature.name).every((l) => about.has(l)),
          );
          if (umbrella >= 0) {
            const [{ story: general, feature: home }] = written.splice(umbrella, 1) as [
              (typeof written)[number],
            ];
            home.stories.splice(home.stories.indexOf(general), 1);
            story.evidence.push(...general.evidence.filter((e) => e.quote !== item.quote));
          }
          if (need.trigger === "list") listed.add(story);
          const checked =
            means === whole && conditions[0] && conditionCriterion(role, action, conditions.at(-1)!);
          if (checked) feature.acceptanceCriteria.push({ text: checked, evidence: [evidenceOf(item)] });
          // "Allergy notes must be printed in red on every ticket": a rule that says how often, how
          // soon or how it shows is the story's check.
          const rule = aRule && !checked && at === 0 && SPECIFIC.test(item.quote);
          const said = rule && plainWords(clean(item.quote).split(REASON)[0]!, { means: false });
          if (said && "text" in said)
            feature.acceptanceCriteria.push({
              text: `Given ${withArticle(role)}, then ${said.text.replace(/^./, (c) => c.toLowerCase())}`,
              evidence: [evidenceOf(item)],
            });
        }
      }
      // A need the rules could not write as a clean story is shown as it is: a title and the
      // participant's own words, marked as still to be written.
      if (!reached && !notANeed && title) {
        const named = title;
        const known = featureByKey.get(key(named) || named.toLowerCase());
        if (known?.feature.stories.length) continue;
        const { feature } = featureFor(named, () => epicFor(named, named));
        const story: Story = {
          userType: options.role?.trim() || speaker,
          action: named,
          benefit: TO_WRITE_AS_STORY,
          assumption: false,
          priority: item.priority,
          evidence: [evidenceOf(item)],
        };
        feature.stories.push(story);
        written.push({ story, feature });
      }
    }
  }
  // Refusals ("I don't want …", "must never …") forbid, on the feature they are about.
  const features = () => [...featureByKey.values()];
  for (const extraction of extractions) {
    const speaker = speakerOf(extraction);
    for (const item of extraction.items) {
      if (item.readBack === "rejected" || item.readBack === "corrected") continue;
      if ((item.kind !== "need" && item.kind !== "constraint") || item.polarity === "wants") continue;
      const text = forbiddingCriterion(item.quote, speaker);
      if (!("text" in plainWords(text.replace(/^Given .+?, then /, ""), { means: false }))) continue;
      const lemmas = new Set(topicLemmas(item.quote));
      let best: { feature: EvidenceFeature; score: number } | null = null;
      for (const { feature } of features()) {
        const said = [feature.name, ...feature.stories.map((s) => s.action)].join(" ");
        const score = topicLemmas(said).filter((l) => lemmas.has(l)).length;
        if (score >= 2 && (!best || score > best.score)) best = { feature, score };
      }
      let feature = best?.feature;
      // Another participant asked for what this one refuses: a conflict to settle, not a test.
      const disputed = feature?.stories.some(
        (s) =>
          s.evidence.every((e) => e.interviewId !== item.interviewId) &&
          mostOf(topicLemmas(s.action), lemmas),
      );
      if (feature && disputed) {
        const conflict = `To be written: ${withArticle(speaker)} does not want this; the participants must settle it first.`;
        if (
          !feature.acceptanceCriteria.some((c) => c.text === conflict && c.evidence[0]?.quote === item.quote)
        )
          feature.acceptanceCriteria.push({ text: conflict, evidence: [evidenceOf(item)] });
        continue;
      }
      if (!feature) {
        // Named like a story would be: "I don't want to unlock the bike with a card" is "Bike unlocking".
        const need = findNeeds(item.quote)[0];
        const name =
          (need && draftStories({ ...need, negated: false }, speaker)[0]?.feature) || limitName(item.quote);
        if (!name) continue;
        feature = featureFor(name, () => epicFor(name, name)).feature;
      }
      // One participant lays down a rule another refuses: a conflict to settle, not a test.
      const rule = imposed.find(
        (r) =>
          r.item.interviewId !== item.interviewId &&
          (r.lemmas.filter((l) => lemmas.has(l)).length >= 2 || mostOf(r.things, lemmas)),
      );
      if (rule) {
        feature.acceptanceCriteria.push({
          text: `To be written: ${withArticle(rule.speaker)} requires this and ${withArticle(speaker)} does not want it; the participants must settle it first.`,
          evidence: [evidenceOf(rule.item), evidenceOf(item)],
        });
        continue;
      }
      if (!feature.acceptanceCriteria.some((c) => c.text === text))
        feature.acceptanceCriteria.push({ text, evidence: [evidenceOf(item)] });
    }
  }

  addRuleStories(features().map((f) => f.feature));
  // A pain no one asked to end in words of their own: the participant's words, still to be written.
  const pains = extractions.flatMap((e) => painStories(e, extractions, speakerOf(e)));
  if (pains.length)
    featureFor("Pain points", () => epicFor("Pain points", "")).feature.stories.push(...pains);
  // Whatever the participant left a tester nothing to check by is said to be still to write.
  for (const { feature } of features()) {
    const first = feature.stories[0]?.evidence[0];
    if (first && !feature.acceptanceCriteria.length)
      feature.acceptanceCriteria.push({ text: UNWRITTEN_CRITERION, evidence: [first] });
  }

  const tree: EvidenceEpic[] = epics
    .filter((e) => e.features.length)
    .map((e) => ({
      name: e.name,
      description: "",
      features: e.features.map((f) => ({
        ...f,
        stories: [...f.stories].sort((a, b) => RANK[a.priority] - RANK[b.priority]),
      })),
    }));
  return { epics: tree };
}

/**
 * "so that we can contact them": the speaker's own group, which is not the story's role ("they" in
 * a reason is the role itself: "so that they do not forget their visit").
 */
const PRONOUN = /\b(?:we|us|our)\b/i;

/**
 * "have an app", "have the digital diary": a thing named with nothing it is for nor how it is used,
 * which no product owner can build from ("have a leaderboard, so that I can compete" says why).
 */
function onlyHaving(means: string): boolean {
  const [verb, ...thing] = tokensOf(`I want to ${means}`).slice(3);
  return (
    verb?.lemma === "have" &&
    thing.length > 0 &&
    thing.every((t) => ["DET", "ADJ", "NOUN", "PROPN"].includes(t.pos)) &&
    !thing.some((t) => ABILITY_NOUNS.has(t.lemma))
  );
}
