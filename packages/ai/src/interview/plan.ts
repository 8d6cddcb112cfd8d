import type { StakeholderType } from "@parley/db/schema";
import { QUESTION_BANKS } from "../offline/interviewer";
import { constraintProbes, FEATURE_PROBES, ROLE_TOPICS } from "./questions";
import { keywords, listItems, slug } from "./text";
import {
  type InterviewPlan,
  MAX_TOPICS,
  MIN_TOPICS,
  type ProjectBrief,
  type Topic,
  type TopicSource,
} from "./types";
import { CONSTRAINT_KINDS } from "./vocabulary";

/**
 * The offline planner: a topic guide from the project, by rules. Order is the order of asking: the
 * role warm-up, then topics earlier interviews left thin, then one topic per key feature and per
 * constraint this stakeholder can speak to, then the objective and role topics up to the budget.
 */

type ConstraintKind = keyof typeof CONSTRAINT_KINDS;

const ROLE_CONSTRAINTS: Record<StakeholderType, ConstraintKind[]> = {
  user: ["experience"],
  business: ["business", "experience"],
  developer: ["technical", "business"],
  designer: ["experience"],
  product_manager: ["technical", "business", "experience"],
  other: ["technical", "business", "experience"],
};

/** Whether this role can speak to a constraint; one that fits no kind goes to the broad roles. */
function canSpeakTo(type: StakeholderType, constraint: string): boolean {
  const kinds = (Object.keys(CONSTRAINT_KINDS) as ConstraintKind[]).filter((k) =>
    CONSTRAINT_KINDS[k].test(constraint),
  );
  if (!kinds.length) return type !== "user" && type !== "designer";
  return kinds.some((k) => ROLE_CONSTRAINTS[type].includes(k));
}

/** "Online rescheduling" reads "online rescheduling" mid-sentence; "SMS reminders" stays. */
const midSentence = (title: string) =>
  /^[A-Z][a-z]/.test(title) ? title[0]!.toLowerCase() + title.slice(1) : title;

/** "The salon's owner" reads "the salon's owner" mid-sentence; a name keeps its capital. */
const articleLowered = (text: string) => text.replace(/^(?:The|A|An)\b/, (w) => w.toLowerCase());

/** Text the owner typed, without the full stop it may end with (it is quoted inside a sentence). */
const unstopped = (text: string) => text.trim().replace(/[.\s]+$/, "");

function topic(
  source: TopicSource,
  title: string,
  intent: string,
  probes: string[],
  extra = "",
): Omit<Topic, "id"> {
  const kw = [...new Set([...keywords(title), ...keywords(extra).slice(0, 4)])].slice(0, 10);
  return { source, title: title.slice(0, 120), intent, probes, keywords: kw };
}

function roleTopics(type: StakeholderType): Array<Omit<Topic, "id">> {
  return ROLE_TOPICS[type].map(([title, intent, probes]) =>
    topic("role", title, `Understand ${intent}.`, probes, intent),
  );
}

/** How many topics fit the role's time: about 1.3 minutes each, less two minutes for closing. */
export function topicBudget(timeLimitMinutes: number): number {
  return Math.max(MIN_TOPICS, Math.min(MAX_TOPICS, Math.round((timeLimitMinutes - 2) / 1.3)));
}

export function makePlan(
  project: ProjectBrief,
  stakeholderType: StakeholderType,
  timeLimitMinutes: number,
  thinTopics: Array<Pick<Topic, "title"> & Partial<Topic>> = [],
): InterviewPlan {
  const bank = QUESTION_BANKS[stakeholderType];
  const title = project.title.trim() || "this project";
  const warmUp = topic("role", "Your role and context", "Learn who they are and how they meet the problem.", [
    bank[0]!,
  ]);
  const required: Array<Omit<Topic, "id">> = [];
  for (const thin of thinTopics.slice(0, 2)) {
    required.push({
      source: thin.source ?? "objective",
      title: thin.title,
      intent: thin.intent ?? `Earlier interviews left "${thin.title}" thin: get concrete detail.`,
      probes: thin.probes?.length ? thin.probes : [`What can you tell me about "${thin.title}"?`],
      keywords: thin.keywords?.length ? thin.keywords : keywords(thin.title).slice(0, 10),
    });
  }
  const already = (name: string) => required.some((r) => r.title.toLowerCase() === name.toLowerCase());
  let featureIndex = 0;
  for (const feature of listItems(project.keyFeatures)) {
    const name = feature.length > 60 ? feature.slice(0, 60).replace(/\s+\S*$/, "") : feature;
    if (already(name)) continue; // asked earlier as a thin topic
    required.push(
      topic(
        "feature",
        name,
        `Find out whether and how ${name} matters to a ${stakeholderType.replace("_", " ")}.`,
        FEATURE_PROBES[stakeholderType][featureIndex++ % 3]!(name),
        feature,
      ),
    );
  }
  let constraintIndex = 0;
  for (const constraint of listItems(project.constraints).filter((c) => canSpeakTo(stakeholderType, c))) {
    const name = constraint.length > 80 ? constraint.slice(0, 80).replace(/\s+\S*$/, "") : constraint;
    if (already(name)) continue;
    const probes = constraintProbes(name, constraintIndex++);
    required.push(topic("constraint", name, `Learn how "${name}" shapes their work.`, probes, constraint));
  }
  const optional: Array<Omit<Topic, "id">> = [];
  if (project.objective?.trim()) {
    optional.push(
      topic(
        "objective",
        `The problem behind ${title}`,
        "Check the objective against their experience.",
        [
          `The goal of ${title} is: "${unstopped(project.objective.slice(0, 160))}". How does that match what you see?`,
        ],
        project.objective,
      ),
    );
  }
  if (project.targetAudience?.trim() && stakeholderType !== "developer") {
    optional.push(
      topic(
        "audience",
        "The people it is for",
        "Learn about the audience and their context.",
        [
          `The project is for ${articleLowered(unstopped(project.targetAudience.slice(0, 100)))}. What should the team know about them?`,
        ],
        project.targetAudience,
      ),
    );
  }
  optional.push(...roleTopics(stakeholderType));
  if (project.references?.trim() && ["user", "designer", "product_manager"].includes(stakeholderType)) {
    optional.push(
      topic("reference", "Products to learn from", "What they like or dislike in similar products.", [
        `What do you like or dislike about ${unstopped(project.references.slice(0, 100))}?`,
      ]),
    );
  }
  if (project.domain?.trim() && ["business", "other"].includes(stakeholderType)) {
    optional.push(
      topic("domain", `How ${project.domain.trim().slice(0, 60)} works`, "Domain rules and habits.", [
        `What do people outside ${midSentence(unstopped(project.domain.slice(0, 60)))} often get wrong about it?`,
      ]),
    );
  }
  const budget = topicBudget(timeLimitMinutes);
  const chosen = [warmUp, ...required].slice(0, MAX_TOPICS);
  for (const extra of optional) {
    if (chosen.length >= Math.max(budget, MIN_TOPICS)) break;
    chosen.push(extra);
  }
  const ids = new Set<string>();
  const topics = chosen.map((t) => {
    let id = slug(t.title);
    for (let n = 2; ids.has(id); n += 1) id = `${slug(t.title)}-${n}`;
    ids.add(id);
    return { id, ...t, keywords: t.keywords.length ? t.keywords : keywords(t.title) };
  });
  return { topics };
}
