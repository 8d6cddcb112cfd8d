import type { Epic, Feature, RequirementsTree, UserStory } from "../requirements/types";
import { CATEGORIES, capitalise, clean, keywords, participantStatements, titleCase } from "./text";

const THEMES: Array<[string, RegExp]> = [
  [
    "Scheduling and Planning",
    /\b(schedul\w*|calendar|plan\w*|route\w*|book\w*|appointment\w*|shift\w*|dispatch\w*)\b/i,
  ],
  [
    "Notifications and Communication",
    /\b(notif\w*|remind\w*|alert\w*|email\w*|messag\w*|text\w*|call\w*|chat\w*)\b/i,
  ],
  [
    "Reporting and Insights",
    /\b(report\w*|dashboard\w*|metric\w*|analytic\w*|export\w*|insight\w*|track\w*|history)\b/i,
  ],
  ["Data and Integrations", /\b(integrat\w*|import\w*|sync\w*|api|data|spreadsheet\w*|excel|system\w*)\b/i],
  ["Accounts and Access", /\b(log ?in|password\w*|account\w*|permission\w*|role\w*|access|admin\w*)\b/i],
  ["Payments and Billing", /\b(pay\w*|invoice\w*|bill\w*|price\w*|refund\w*|checkout|card\w*)\b/i],
  ["Search and Navigation", /\b(search\w*|find|filter\w*|navigat\w*|browse)\b/i],
  ["Mobile and Field Work", /\b(mobile|phone\w*|offline|field|tablet\w*|on the go)\b/i],
];

const NEED =
  /\b(?:i|we|they|you|people|users|customers)?\s*(?:really\s+)?(?:need|needs|want|wants|wish|would like|would love|'d love|should be able|must be able|have to be able|has to|need to be able)\s+(?:to\s+)?(?:a way to\s+|something to\s+|to be able to\s+)?(.+)/i;
const BENEFIT = /\s+(?:so that|so|in order to|which would|that way)\s+(.+)$/i;
const REASON = /,?\s+because\s+(.+)$/i;

interface Need {
  quote: string;
  action: string;
  benefit: string | null;
  /** A stated cause ("because …"): context for the team, not a benefit. */
  reason: string | null;
}

/** A statement of need, read as what the person wants to do and why. */
export function readNeed(sentence: string): Need | null {
  if (!CATEGORIES.need.test(sentence)) return null;
  const match = NEED.exec(sentence);
  if (!match?.[1]) return null;
  let rest = clean(match[1]);
  let benefit: string | null = null;
  let reason: string | null = null;
  const cause = REASON.exec(rest);
  if (cause?.[1]) {
    reason = clean(cause[1]);
    rest = clean(rest.slice(0, cause.index));
  }
  const why = BENEFIT.exec(rest);
  if (why?.[1]) {
    benefit = clean(why[1]);
    rest = clean(rest.slice(0, why.index));
  }
  let action = rest.replace(/^(be able to|able to)\s+/i, "").trim();
  if (keywords(action).length < 1 || action.length < 4) return null;
  // "the routes to update automatically" → "have the routes update automatically"
  const object = /^((?:the|a|an|my|our|their|some)\s+.+?)\s+to\s+(\w+.*)$/i.exec(action);
  if (object) action = `have ${object[1]} ${object[2]}`;
  else if (/^(a|an|the|some|more|less|fewer|better)\b/i.test(action)) action = `have ${action}`;
  return { quote: sentence.trim(), action, benefit, reason };
}

function themeOf(text: string): string {
  return THEMES.find(([, pattern]) => pattern.test(text))?.[0] ?? "Core Workflow";
}

const TRAILING_SMALL_WORDS = /\s+(and|or|to|of|in|on|at|for|with|by|the|a|an|my|our|their|when|that|so)$/i;

function featureName(action: string): string {
  let name = action
    .replace(/^have\s+/i, "")
    .split(/\s+/)
    .slice(0, 6)
    .join(" ");
  while (TRAILING_SMALL_WORDS.test(name)) name = name.replace(TRAILING_SMALL_WORDS, "");
  return titleCase(name);
}

/** First person → the role, so criteria read as checks anyone can run. */
function thirdPerson(text: string, role: string): string {
  return text
    .replace(/\bI am\b/g, `the ${role} is`)
    .replace(/\bI'm\b/g, `the ${role} is`)
    .replace(/\bI\b/g, `the ${role}`)
    .replace(/\bme\b/g, `the ${role}`)
    .replace(/\bmy\b/gi, "their")
    .replace(/\bwe\b/gi, "the team")
    .replace(/\bour\b/gi, "the team's")
    .replace(/\bus\b/g, "the team");
}

/**
 * Requirements from what participants said they need. Every story and acceptance criterion carries
 * the participant's sentence as its quote; a story without a stated reason gets a benefit marked
 * as an assumption.
 */
export function extractRequirements(
  transcripts: string[],
  options: { role?: string; summary?: string | null } = {},
): RequirementsTree {
  const role = options.role?.trim() || "user";
  const statements = transcripts.flatMap(participantStatements);
  const needs = statements.map(readNeed).filter((n): n is Need => n !== null);
  const epics = new Map<string, Epic>();
  const seen = new Set<string>();
  for (const need of needs) {
    const key = keywords(need.action).slice(0, 4).join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    const theme = themeOf(need.quote);
    let epic = epics.get(theme);
    if (!epic) {
      epic = {
        name: theme,
        description: `What stakeholders asked for in ${theme.toLowerCase()}.`,
        features: [],
      };
      epics.set(theme, epic);
    }
    const story: UserStory = {
      userType: role,
      action: need.action,
      benefit: need.benefit ?? "my work gets done with less effort",
      quote: need.quote,
      assumption: need.benefit === null,
    };
    const feature: Feature = {
      name: featureName(need.action),
      description: capitalise(
        `${need.action}${need.benefit ? `, so ${need.benefit}` : ""}.${need.reason ? ` Why: ${need.reason}.` : ""}`,
      ),
      acceptanceCriteria: [
        { text: `A ${role} can ${thirdPerson(need.action, role)}`, quote: need.quote, assumption: false },
        ...(need.benefit
          ? [{ text: `Outcome: ${thirdPerson(need.benefit, role)}`, quote: need.quote, assumption: false }]
          : []),
      ],
      stories: [story],
    };
    epic.features.push(feature);
  }
  return { epics: [...epics.values()] };
}
