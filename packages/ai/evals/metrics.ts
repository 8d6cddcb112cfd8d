/** The figures the evals print and hold to targets, for one project's analysis. */
import type { ProjectAnalysis } from "../src/evidence/pipeline";
import { statedIn } from "../src/evidence/requirements";
import { isNegated, normalizeQuote } from "../src/evidence/text";
import type { Turn } from "../src/evidence/turns";
import { evidenceHolds } from "../src/evidence/verify";
import { contentWords, stem, words } from "../src/evidence/words";
import { isToWrite } from "../src/requirements/story";
import type { EvalProject } from "./types";

export interface Figures {
  keyPoints: number;
  keyPointsFound: number;
  stories: number;
  storiesVerified: number;
  criteria: number;
  criteriaVerified: number;
  themes: number;
  themesVerified: number;
  negations: number;
  inversions: string[];
  conflictsPlanted: number;
  conflictsFound: number;
  conflictsReported: number;
  unmarkedBenefits: string[];
  missedKeyPoints: string[];
}

const has = (text: string, phrase: string) => normalizeQuote(text).includes(normalizeQuote(phrase));

export function measure(
  project: EvalProject,
  analysis: ProjectAnalysis,
  turnsById: Map<number, Turn[]>,
): Figures {
  const { synthesis, requirements, extractions } = analysis;
  const features = requirements.epics.flatMap((e) => e.features);
  const stories = features.flatMap((f) => f.stories);
  const criteria = features.flatMap((f) => f.acceptanceCriteria);
  const holds = (evidence: Array<{ interviewId: number; turn: number; quote: string }>) =>
    evidence.length > 0 && evidence.every((e) => evidenceHolds(e, turnsById));

  const missedKeyPoints = project.keyPoints.filter((p) => !has(synthesis.summary, p));

  const inversions: string[] = [];
  for (const negation of project.negations) {
    for (const item of extractions.find((e) => e.interviewId === negation.interviewId)?.items ?? []) {
      if (has(item.quote, negation.phrase) && item.polarity === "wants" && item.kind !== "pain")
        inversions.push(`item read as a want: ${item.quote}`);
    }
    // Resting on the words of the person who refused it (another interview may really want it: a conflict).
    const restsOnRefusal = (evidence: Array<{ interviewId: number; quote: string }>) =>
      evidence.some((e) => e.interviewId === negation.interviewId && has(e.quote, negation.phrase));
    // A story that rests on a refusal grants it when it asks for most of what was refused ("sign
    // in with a code by text", resting on "I don't want to need a password", offers another way).
    const refused = new Set(contentWords(negation.phrase));
    const asksFor = (text: string) =>
      contentWords(text).filter((w) => refused.has(w)).length * 2 > refused.size;
    for (const story of stories) {
      const text = `${story.action} so that ${story.benefit}`;
      if (restsOnRefusal(story.evidence) && asksFor(story.action) && !isNegated(story.action))
        inversions.push(`story grants it: ${text}`);
    }
    for (const criterion of criteria) {
      if (restsOnRefusal(criterion.evidence) && !isNegated(criterion.text))
        inversions.push(`criterion grants it: ${criterion.text}`);
    }
    for (const feature of features) {
      const evidence = [...feature.stories, ...feature.acceptanceCriteria].flatMap((x) => x.evidence);
      if (has(feature.name, negation.phrase) && restsOnRefusal(evidence) && !isNegated(feature.name))
        inversions.push(`feature grants it: ${feature.name}`);
    }
  }

  const conflictsFound = project.conflicts.filter((planted) =>
    synthesis.conflicts.some((c) => {
      const ids = new Set(c.positions.map((p) => p.interviewId));
      const target = stem(planted.word.toLowerCase());
      const mentions = [c.topic, ...c.positions.map((p) => p.quote)].some((t) =>
        words(t).map(stem).includes(target),
      );
      return planted.interviewIds.every((id) => ids.has(id)) && mentions;
    }),
  ).length;

  const unmarkedBenefits = stories
    .filter(
      (s) => !s.assumption && !isToWrite(s.benefit) && !s.evidence.some((e) => statedIn(s.benefit, e.quote)),
    )
    .map((s) => `${s.action} so that ${s.benefit}`);

  return {
    keyPoints: project.keyPoints.length,
    keyPointsFound: project.keyPoints.length - missedKeyPoints.length,
    missedKeyPoints,
    stories: stories.length,
    storiesVerified: stories.filter((s) => holds(s.evidence)).length,
    criteria: criteria.length,
    criteriaVerified: criteria.filter((c) => holds(c.evidence)).length,
    themes: synthesis.themes.length,
    themesVerified: synthesis.themes.filter((t) => holds(t.evidence)).length,
    negations: project.negations.length,
    inversions,
    conflictsPlanted: project.conflicts.length,
    conflictsFound,
    conflictsReported: synthesis.conflicts.length,
    unmarkedBenefits,
  };
}

export function total(all: Figures[]) {
  const sum = (f: (x: Figures) => number) => all.reduce((n, x) => n + f(x), 0);
  const keyPoints = sum((x) => x.keyPoints);
  const stories = sum((x) => x.stories);
  const criteria = sum((x) => x.criteria);
  const themes = sum((x) => x.themes);
  const planted = sum((x) => x.conflictsPlanted);
  return {
    coverage: sum((x) => x.keyPointsFound) / keyPoints,
    keyPoints,
    stories,
    criteria,
    themes,
    verifiedEvidence:
      (sum((x) => x.storiesVerified) + sum((x) => x.criteriaVerified) + sum((x) => x.themesVerified)) /
      Math.max(1, stories + criteria + themes),
    storiesVerified: sum((x) => x.storiesVerified),
    themesVerified: sum((x) => x.themesVerified),
    criteriaVerified: sum((x) => x.criteriaVerified),
    negations: sum((x) => x.negations),
    inversions: sum((x) => x.inversions.length),
    conflictsFound: sum((x) => x.conflictsFound) / planted,
    conflictsPlanted: planted,
    conflictsReported: sum((x) => x.conflictsReported),
    unmarkedBenefits: sum((x) => x.unmarkedBenefits.length),
  };
}

export function report(label: string, all: Figures[]): string {
  const t = total(all);
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  return [
    `evidence evals (${label}): ${all.length} projects`,
    `  key-point coverage        ${pct(t.coverage)} of ${t.keyPoints}`,
    `  stories verified          ${t.storiesVerified}/${t.stories}`,
    `  criteria verified         ${t.criteriaVerified}/${t.criteria}`,
    `  themes verified           ${t.themesVerified}/${t.themes}`,
    `  verified evidence         ${pct(t.verifiedEvidence)}`,
    `  inverted negations        ${t.inversions} of ${t.negations} planted`,
    `  planted conflicts found   ${pct(t.conflictsFound)} of ${t.conflictsPlanted} (${t.conflictsReported} reported in all)`,
    `  unmarked invented benefits ${t.unmarkedBenefits}`,
  ].join("\n");
}
