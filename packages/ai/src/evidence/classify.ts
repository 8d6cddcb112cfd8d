/** Rules that read one participant clause: what kind of statement it is, its priority, its parts. */

import { type Polarity, polarityOf } from "./text";
import type { ConstraintKind } from "./types";
import { clean, contentWords } from "./words";

export type ItemKind = "need" | "pain" | "goal" | "constraint" | "metric" | "open_question";

const NEED =
  /\b(?:need|needs|needed|want|wants|wish|would like|'d like|would love|'d love|should|must|mustn't|have to|has to|got to|expect|it would be great|would help|looking for|require|requires|required|important|matters? (?:a lot|most)|comes? first|is key|can't have|cannot have|don't want|do not want|doesn't want|never want)\b/i;
const PAIN =
  /\b(?:problem|hard|slow|frustrat\w*|annoy\w*|difficult|manual\w*|by hand|waste\w*|error\w*|mistake\w*|can't|cannot|struggle\w*|pain|painful|broken|confus\w*|late|forget|forgot|lost|delay\w*|tedious|hate|worst|nightmare|complain\w*|costs? us|miss(?:ed|es)?|quit\w*|dies|died|crash\w*|fails?|failed|breaks?|stops? working|runs? out|drop(?:s|ped)? off|give up|gave up|abandon\w*|churn\w*|hurts?|out of stock|overs\w+|all day|every time)\b/i;
const GOAL =
  /\b(?:goal|success|succeed|aim|target|objective|reduce|increase|improve|grow|cut down|bring down|get (?:it|that) (?:down|up))\b/i;
const METRIC =
  /\b(?:\d[\d,.]*|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|a hundred)\s*(?:%|(?:percent|per ?cent|minutes?|hours?|seconds?|days?|weeks?|months?|dollars?|euros?|pounds?|times|calls|orders|customers|patients|no-shows|tickets|people|users|km|miles)\b)|[$€£]\s?\d/i;
const OPEN =
  /\b(?:not sure (?:whether|if|how|who|what|when|yet)|(?:haven't|have not|hasn't|has not) (?:decided|figured|worked out|agreed)|(?:don't|do not) know (?:yet|whether|if|how|who|what)|nobody knows|no one knows|still (?:unclear|open|undecided|figuring|debating|deciding)|(?:is|it's|remains) unclear|an open question|to be decided|tbd|(?:need|have) to (?:decide|figure out|work out)|undecided|depends on whether)\b/i;
// "I have to call each technician" describes today's chore, not a wish.
const CHORE =
  /\b(?:i|we)\s+(?:always\s+|still\s+|usually\s+|then\s+)?(?:have to|has to|had to|need to go|must go)\b/i;
const OFF_TOPIC =
  /\b(?:football|soccer|basketball|baseball|cricket|the match|the game last|weather|weekend|holiday|vacation|(?<!(?:before|after|until|by|till) )lunch|coffee|my kids|birthday|tv show|netflix)\b/i;
const SMALL_TALK =
  /^(?:yes|yeah|no|nope|ok|okay|sure|thanks|thank you|right|hmm|um|uh|well|great|good)\b[\s,.!]*$/i;

const CONSTRAINTS: Array<[ConstraintKind, RegExp]> = [
  [
    "privacy",
    /\b(?:privacy|private|personal data|personal details|medical (?:details|data|records|history)|health data|confidential|consent|location data|track(?:ing)? (?:me|us|them|my|our|their)|anonymi[sz]\w*|gdpr|password|passwords|log ?in|sign ?in|identity|share (?:my|our|their) data)\b/i,
  ],
  [
    "compliance",
    /\b(?:comply|complian\w*|regulat\w*|hipaa|pci|sox|audit\w*|legal\w*|law|laws|certif\w*|retention|accessib\w*|wcag)\b/i,
  ],
  [
    "integration",
    /\b(?:integrat\w*|api|apis|webhooks?|sync\w*|erp|crm|salesforce|quickbooks|sap|export\w*|import\w*|csv|existing (?:system|tools?|setup|software|database)|connect(?:s|ed)? (?:to|with)|postgres|kubernetes|calendar|outlook|google)\b/i,
  ],
  [
    "performance",
    /\b(?:real[ -]time|latency|load(?:s|ing)? (?:in|under|within)|under \d+\s*(?:ms|milliseconds|seconds?)|within \d+\s*(?:ms|milliseconds|seconds?)|uptime|offline|slow connection|peak|thousands of|scale|fast enough|instant\w*|responsive)\b/i,
  ],
];

const HIGH =
  /\b(?:must|mustn't|critical|crucial|essential|absolutely|non-negotiable|have to|has to|top priority|most important|biggest|never|required|requirement|can't live without)\b/i;
const LOW =
  /\b(?:nice to have|would be nice|maybe|someday|eventually|not a priority|low priority|not urgent|if possible)\b/i;

export interface Classified {
  kind: ItemKind;
  constraint: ConstraintKind | null;
  polarity: Polarity;
  priority: "high" | "medium" | "low";
}

export function constraintOf(text: string): ConstraintKind | null {
  return CONSTRAINTS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

export function priorityOf(text: string): "high" | "medium" | "low" {
  if (LOW.test(text)) return "low";
  return HIGH.test(text) ? "high" : "medium";
}

/**
 * The kind of a participant's clause, or null when it is not evidence: a question asked in passing,
 * small talk, an off-topic remark, or a statement without a need, pain, goal, metric or open point.
 */
/** A statement about how things are, worth keeping as context for the summary though not an item. */
export function isContext(sentence: string): boolean {
  const text = sentence.trim();
  return !text.endsWith("?") && !OFF_TOPIC.test(text) && contentWords(text).length >= 5;
}

export function classify(clause: string, sentence: string): Classified | null {
  const text = clause.trim();
  if (!text || sentence.trim().endsWith("?") || SMALL_TALK.test(text)) return null;
  if (OFF_TOPIC.test(text) || contentWords(text).length < 1 || text.split(/\s+/).length < 4) return null;
  // The stance is the statement's own, not its reason's: "… so they stop calling" is still a want.
  let polarity = polarityOf(text.split(/\s*,?\s+(?:so that|so|in order to|because)\s+/i)[0]!);
  const priority = priorityOf(text);
  const constraint = constraintOf(text);
  let kind: ItemKind | null = null;
  if (OPEN.test(text)) kind = "open_question";
  else if (CHORE.test(text) && !constraint) kind = "pain";
  else if (NEED.test(text) || polarity === "must_never") kind = constraint ? "constraint" : "need";
  else if (METRIC.test(text)) kind = "metric";
  else if (GOAL.test(text)) kind = "goal";
  else if (PAIN.test(text)) kind = "pain";
  if (!kind) return null;
  if (kind === "constraint" && polarity === "wants" && /\b(?:cannot|can't|may not)\b/i.test(text))
    polarity = "must_never";
  if (kind === "open_question") polarity = "wants";
  return { kind, constraint: kind === "constraint" ? constraint : null, polarity, priority };
}

/**
 * Clauses of a sentence, each a verbatim slice of it: "I need X, but I don't want Y" is two
 * statements with opposite stances.
 */
export function clauses(sentence: string): string[] {
  const parts = sentence.split(/;\s+|,?\s+but\s+(?=(?:i|we|they|he|she|it|the|our|my|their|you)\b)/i);
  return parts.map((p) => clean(p)).filter((p) => p.length > 0);
}

const ROLE =
  /\b(?:I'm|I am|I work as|my (?:job|role) is|I've been)\s+(?:an?|the|one of the)\s+((?:[a-z-]+\s+){0,2}?(?:manager|dispatcher|developer|engineer|designer|nurse|doctor|receptionist|owner|founder|director|lead|coordinator|administrator|admin|analyst|technician|driver|rider|teacher|student|accountant|clerk|agent|officer|planner|buyer|scientist|architect|consultant|pharmacist|assistant|supervisor|operator|specialist|head|ceo|cto|cfo|pm|mechanic|cashier|chef|courier|commuter|parent|patient|customer|user|member|volunteer|trainer|coach|researcher|editor|writer|marketer|seller|vendor|landlord|tenant|farmer|pilot|guard))\b/i;

/** Role words a participant used about themself ("I'm a dispatcher for …"), else null. */
export function roleOf(participantText: string): string | null {
  const match = ROLE.exec(participantText);
  return match?.[1] ? match[1].toLowerCase().trim() : null;
}
