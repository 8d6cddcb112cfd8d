/**
 * Words that make a means no story of its own (plain.ts): words that point at something said before,
 * talk about the interview itself, and goals with nothing to build.
 */

/** Heads that stand for something said elsewhere: "the ones on top", "your idea", "a way". */
export const VAGUE_NOUNS = new Set([
  "one",
  "ones",
  "thing",
  "stuff",
  "something",
  "anything",
  "idea",
  "way",
  "kind",
  "sort",
  "lot",
  "bit",
]);

/**
 * Words that point at something said before ("email it", "wire us the money", "those changes"):
 * a story that carries one only makes sense beside its quote, so it is not written.
 */
export const POINTING_WORDS = new Set([
  "it",
  "us",
  "we",
  "them",
  "they",
  "he",
  "she",
  "him",
  "her",
  "his",
  "you",
  "your",
  "me",
  "this",
  "that",
  "these",
  "those",
  "someone",
  "something",
  "one",
]);

/** Verbs of talk about the interview itself: "thank you for your time", "come to an end". */
export const TALK_VERBS = new Set([
  "thank",
  "appreciate",
  "discuss",
  "talk",
  "say",
  "tell",
  "mention",
  "ask",
  "answer",
  "chat",
  "conclude",
  "wrap",
  "continue",
  "elaborate",
  "explain",
  "summarise",
  "summarize",
  "clarify",
  "hear",
  "come",
  "go",
  "hope",
  "wonder",
  "agree",
  "think",
]);

/**
 * Verbs that name no act of the person: what only a product does ("the system should reflect
 * changes", "… accommodate those changes") and weighing ("consider integration with our tools").
 */
export const PRODUCT_VERBS = new Set([
  "consider",
  "reflect",
  "allow",
  "factor",
  "support",
  "accommodate",
  "comply",
  "simplify",
  "optimize",
  "optimise",
  "streamline",
  "match",
  "help",
]);

/** Nouns of the interview itself: "I'm aligned with the scope of this interview". */
export const TALK_NOUNS = new Set([
  "interview",
  "conversation",
  "discussion",
  "question",
  "scope",
  "guidance",
]);

/** The business itself, whose improvement is a goal: "run the business", "make the work faster". */
export const BUSINESS_ITSELF = new Set([
  "business",
  "work",
  "company",
  "firm",
  "organisation",
  "organization",
  "process",
  "system",
  "operation",
  "efficiency",
  "productivity",
  "solution",
]);

/**
 * Nouns of a goal with nothing to build: "run the business more efficiently", "improve several
 * manual processes". A need that names no other thing is the participant's goal, not a story.
 */
export const GOAL_NOUNS = new Set([
  ...BUSINESS_ITSELF,
  "management",
  "growth",
  "investment",
  "future",
  "thing",
  "everything",
  "stuff",
  "way",
  "life",
  "time",
  "computer",
  "day",
  "week",
  "month",
  "year",
]);
