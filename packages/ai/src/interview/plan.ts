import type { StakeholderType } from "@parley/db/schema";
import { QUESTION_BANKS } from "../offline/interviewer";
import { attributeTopics, type StoredDecisions, topicStems } from "./state";
import { keywords, listItems, slug, stem, words } from "./text";
import {
  type InterviewMessage,
  type InterviewPlan,
  MAX_TOPICS,
  MIN_TOPICS,
  type ProjectBrief,
  type Topic,
  type TopicSource,
} from "./types";

/**
 * The offline planner: a topic guide from the project, by rules. Order is the order of asking: the
 * role warm-up, then topics earlier interviews left thin, then one topic per key feature and per
 * constraint this stakeholder can speak to, then the objective and role topics up to the budget.
 */

/** What kind of constraint a text is, by its words. */
const CONSTRAINT_KINDS = {
  technical:
    /\b(api|apis|integrat\w*|hosting|cloud|server|security|secure|encrypt\w*|data|database|performance|scale|latency|legacy|system|systems|stack|platform|offline|sync|backup|uptime|ios|android)\b/i,
  business:
    /\b(budget|cost|costs|price|pricing|deadline|launch|revenue|regulat\w*|legal|law|compliance|gdpr|hipaa|contract|licen[cs]\w*|staff|q[1-4]|months?|weeks?|quarter)\b/i,
  experience:
    /\b(accessib\w*|wcag|mobile|phones?|android|iphones?|devices?|screens?|language|languages|brand|font|elderly|older|children|simple|easy|clicks?|minutes?|offline|rural|signal)\b/i,
};
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

const FEATURE_PROBES: Record<StakeholderType, (f: string) => string[]> = {
  user: (f) => [
    `One planned feature is ${f}. When would that matter to you, if at all?`,
    `How do you manage without ${f} today?`,
  ],
  business: (f) => [
    `What would ${f} change for the business, if anything?`,
    `How would you know that ${f} is working?`,
  ],
  developer: (f) => [
    `What would it take to build ${f} with the systems you have?`,
    `Which part of ${f} worries you technically?`,
  ],
  designer: (f) => [
    `Where would ${f} fit in what people are trying to do?`,
    `What could confuse people about ${f}?`,
  ],
  product_manager: (f) => [
    `How does ${f} rank against the rest of the first release, and why?`,
    `What evidence do you have that people need ${f}?`,
  ],
  other: (f) => [`How would ${f} affect you, if at all?`, `What should the team know about ${f}?`],
};

const constraintProbes = (c: string) => [
  `The project has this constraint: "${c}". How does it affect your work?`,
  `What would happen if "${c}" were not met?`,
];

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

/** Topics per role beyond the warm-up: the role's question bank, by theme. */
function roleTopics(type: StakeholderType): Array<Omit<Topic, "id">> {
  const bank = QUESTION_BANKS[type];
  const themes: Record<StakeholderType, Array<[string, string, number[]]>> = {
    user: [
      ["How you do it today", "the current process and its steps", [1, 3]],
      ["Obstacles and their cost", "pain points and their cost", [2, 4]],
      ["What would make you stop", "deal-breakers and risks of switching", [6, 10]],
      ["Products you like", "tools they enjoy and why", [7, 11]],
    ],
    business: [
      ["Measures of success", "which numbers should move", [2, 5]],
      ["Cost of the problem today", "what the problem costs", [3, 10]],
      ["Risks and approvals", "risks and who must agree", [7, 9]],
      ["Priorities for day one", "what must be true first", [11, 8]],
    ],
    developer: [
      ["Current architecture", "systems and integrations", [1, 2]],
      ["Where things break", "failure points, performance and scale", [4, 6]],
      ["Security and data", "data ownership, security and privacy", [5, 8]],
      ["Testing and release", "how changes are tested and shipped", [7, 10]],
    ],
    designer: [
      ["Where people get stuck", "confusion in the current experience", [2, 8]],
      ["Accessibility and devices", "accessibility needs and devices", [3, 5]],
      ["Design system and tone", "guidelines and how it should feel", [4, 9]],
      ["Research to build on", "research and feedback that should shape it", [7, 10]],
    ],
    product_manager: [
      ["Evidence for the problem", "why this matters now and the evidence", [2, 3]],
      ["Scope of the first release", "what is in and out", [5, 7]],
      ["Measures of success", "how the release will be judged", [4, 10]],
      ["Dependencies and risks", "other teams, assumptions and risks", [7, 8]],
    ],
    other: [
      ["How you deal with it today", "the current way and its troubles", [2, 3]],
      ["Who else is affected", "other people and their stakes", [4, 6]],
      ["Rules and constraints", "policies and what must not break", [7, 6]],
      ["A good outcome", "what would make it worth it", [5, 8]],
    ],
  };
  return themes[type].map(([title, intent, idx]) =>
    topic("role", title, `Understand ${intent}.`, idx.map((i) => bank[i]!).filter(Boolean), intent),
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
      probes: thin.probes?.length ? thin.probes : [`What can you tell me about ${thin.title.toLowerCase()}?`],
      keywords: thin.keywords?.length ? thin.keywords : keywords(thin.title).slice(0, 10),
    });
  }
  for (const feature of listItems(project.keyFeatures)) {
    const name = feature.length > 60 ? feature.slice(0, 60).replace(/\s+\S*$/, "") : feature;
    required.push(
      topic(
        "feature",
        name,
        `Find out whether and how ${name} matters to a ${stakeholderType.replace("_", " ")}.`,
        FEATURE_PROBES[stakeholderType](`"${name}"`),
        feature,
      ),
    );
  }
  for (const constraint of listItems(project.constraints).filter((c) => canSpeakTo(stakeholderType, c))) {
    const name = constraint.length > 80 ? constraint.slice(0, 80).replace(/\s+\S*$/, "") : constraint;
    required.push(
      topic("constraint", name, `Learn how "${name}" shapes their work.`, constraintProbes(name), constraint),
    );
  }
  const optional: Array<Omit<Topic, "id">> = [];
  if (project.objective?.trim()) {
    optional.push(
      topic(
        "objective",
        `The problem behind ${title}`,
        "Check the objective against their experience.",
        [
          `The goal of ${title} is: "${project.objective.trim().slice(0, 160)}". How does that match what you see?`,
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
          `The project is for ${project.targetAudience.trim().slice(0, 100)}. What should the team know about them?`,
        ],
        project.targetAudience,
      ),
    );
  }
  optional.push(...roleTopics(stakeholderType));
  if (project.references?.trim() && ["user", "designer", "product_manager"].includes(stakeholderType)) {
    optional.push(
      topic("reference", "Products to learn from", "What they like or dislike in similar products.", [
        `The owner pointed to ${project.references.trim().slice(0, 100)}. What do you think of them?`,
      ]),
    );
  }
  if (project.domain?.trim() && ["business", "other"].includes(stakeholderType)) {
    optional.push(
      topic("domain", `How ${project.domain.trim().slice(0, 60)} works`, "Domain rules and habits.", [
        `What do people outside ${project.domain.trim().slice(0, 60)} often get wrong about it?`,
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

export type CoverageStatus = "covered" | "thin" | "not_reached";

export interface TopicCoverage {
  topicId: string;
  title: string;
  status: CoverageStatus;
  asked: boolean;
  declined: boolean;
  /** How many of the participant's words went to this topic. */
  words: number;
}

/** Enough words on a topic, or a raised key word plus a concrete answer, count as covered. */
const COVERED_WORDS = 15;

/** Per topic: covered, thin (asked or raised but little said) or not reached. */
export function coverage(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  decisions?: StoredDecisions,
): TopicCoverage[] {
  const turns = attributeTopics(plan, messages, decisions);
  return plan.topics.map((t) => {
    const own = turns.filter((x) => x.topicId === t.id);
    const asked = own.some((x) => x.question);
    const declined = own.some((x) => x.declined);
    const marks = topicStems(t);
    let count = 0;
    for (const [index, m] of messages.entries()) {
      if (m.role !== "user") continue;
      const onTopic = turns[index]?.topicId === t.id;
      const raised = words(m.content).some((w) => marks.has(stem(w)));
      if (onTopic || raised) count += keywords(m.content).length;
    }
    const status: CoverageStatus =
      count >= COVERED_WORDS ? "covered" : asked || count > 0 ? "thin" : "not_reached";
    return { topicId: t.id, title: t.title, status, asked, declined, words: count };
  });
}
