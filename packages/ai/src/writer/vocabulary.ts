/**
 * The few words the writer must know by name: constructions the grammar cannot tell from meaning
 * alone (which verbs express a wish, which nouns introduce a list of needs). Each list is tested
 * on whole sentences in vocabulary.test.ts; everything else is read from parts of speech.
 */

/** Verbs that state a desire when a person is their subject: "we want …", "I'd like …". */
export const DESIRE_VERBS = new Set([
  "want",
  "need",
  "like",
  "love",
  "wish",
  "hope",
  "prefer",
  "require",
  "expect",
]);

/** Of those, the ones that state a desire only after "would" ("I would like", not "I like"). */
export const CONDITIONAL_DESIRE = new Set(["like", "love", "prefer"]);

/** Modal verbs of obligation: "it should …", "clients must …". */
export const OBLIGATION_MODALS = new Set(["should", "must", "shall", "ought"]);

/** Verbs that, followed by "to", state an obligation or need: "we have to", "it needs to". */
export const OBLIGATION_VERBS = new Set(["have", "need", "got"]);

/** "It would be great if …": adjectives that turn a conditional clause into a wish. */
export const WISH_ADJECTIVES = new Set([
  "great",
  "nice",
  "good",
  "helpful",
  "useful",
  "ideal",
  "perfect",
  "cool",
  "awesome",
  "handy",
  "important",
  "essential",
  "necessary",
]);

/** Frames that only carry ability, skipped before the action: "be able to", "a way to". */
export const ABILITY_NOUNS = new Set([
  "way",
  "ability",
  "option",
  "possibility",
  "chance",
  "means",
  "feature",
  "tool",
  "something",
  "anything",
]);

/** Nouns that take an infinitive of their own ("access to view …"), so "to" after them is no purpose. */
export const COMPLEMENT_NOUNS = new Set([
  "access",
  "permission",
  "right",
  "time",
  "login",
  "account",
  "way",
  "ability",
  "option",
  "possibility",
  "chance",
  "place",
  "need",
  "reason",
  "plan",
]);

/** Verbs whose object is the person who then acts: "enable clients to book …". */
export const ENABLING_VERBS = new Set(["enable", "allow", "let", "help", "permit", "empower"]);

/**
 * Verbs a system does for a person, and what the person does in turn: "provide low-stock alerts" is
 * the owner's "get low-stock alerts".
 */
export const RECEIVING_VERB: Record<string, string> = {
  provide: "get",
  send: "get",
  give: "get",
  offer: "get",
  deliver: "get",
  show: "see",
  display: "see",
  present: "see",
  notify: "get notified",
  remind: "get reminded",
  alert: "get alerted",
};

/** What a feature is called when the system notifies, reminds or alerts a person: "Notifications". */
export const RECEIVED_NAME: Record<string, string> = {
  notify: "notifications",
  remind: "reminders",
  alert: "alerts",
};

/** Nouns that introduce a list of needs: "key features include …", "the priorities are …". */
export const NEED_NOUNS = new Set([
  "feature",
  "function",
  "functionality",
  "requirement",
  "priority",
  "need",
  "capability",
  "module",
  "wish",
  "option",
]);

/** Verbs that join a need noun to its list: "features include …", "priorities are …". */
export const LISTING_VERBS = new Set(["include", "be", "involve", "cover", "comprise", "contain"]);

/** Verbs too general to name a feature by: "have a booking system" is named "Booking system". */
export const LIGHT_VERBS = new Set([
  "have",
  "get",
  "use",
  "receive",
  "see",
  "view",
  "access",
  "keep",
  "make",
  "do",
  "be",
  "add",
  "need",
]);

/** Words that soften a statement without changing it, dropped from the end of an action. */
export const HEDGES = new Set([
  "too",
  "also",
  "etc",
  "though",
  "anyway",
  "maybe",
  "perhaps",
  "probably",
  "really",
  "basically",
  "course",
  "well",
]);

/** Heads that say nothing about what an epic is about: "booking system" is about booking. */
export const GENERIC_HEADS = new Set([
  "system",
  "app",
  "application",
  "tool",
  "solution",
  "platform",
  "software",
  "feature",
  "function",
  "functionality",
  "thing",
  "way",
  "process",
  "option",
]);

/** Verbs of several words whose object follows the last word: "keep track of supplies" → "Supply tracking". */
export const MULTIWORD_VERBS: Array<{ words: string[]; name: string }> = [
  { words: ["keep", "track", "of"], name: "tracking" },
  { words: ["keep", "an", "eye", "on"], name: "monitoring" },
  { words: ["keep", "up", "with"], name: "tracking" },
  { words: ["take", "care", "of"], name: "handling" },
  { words: ["get", "rid", "of"], name: "removal" },
  { words: ["make", "sure"], name: "checks" },
];

/** Nouns and adjectives that make a statement about today a complaint: "… has become a real problem". */
export const PROBLEM_NOUNS = new Set([
  "issue",
  "problem",
  "challenge",
  "pain",
  "bottleneck",
  "struggle",
  "hassle",
  "nightmare",
  "headache",
  "mess",
]);
export const PROBLEM_ADJECTIVES = new Set([
  "difficult",
  "hard",
  "complicated",
  "tedious",
  "slow",
  "painful",
  "annoying",
  "frustrating",
  "confusing",
  "unreliable",
  "error-prone",
  "chaotic",
]);

/** Light verbs whose feature is named by a noun of their own: "see the schedule" → "Schedule view". */
export const LIGHT_VERB_NOUN: Record<string, string> = { see: "view", view: "view", access: "access" };

/** Verbs in the imperative that are turns of speech, not requests: "Let's see", "Tell me", "Thank you". */
/** Verbs that report an opinion before what it is about: "I would say the percentage is …". */
export const OPINION_VERBS = new Set([
  "say",
  "think",
  "believe",
  "guess",
  "feel",
  "mean",
  "suppose",
  "reckon",
]);

export const DISCOURSE_VERBS = new Set([
  "let",
  "see",
  "look",
  "tell",
  "say",
  "thank",
  "mind",
  "guess",
  "wait",
  "hold",
  "hang",
  "take",
  "go",
  "come",
  "imagine",
  "think",
  "remember",
]);

/** Verbs too broad to tell two needs apart: "handle breaks" and "consider breaks" are one need. */
export const BROAD_VERBS = new Set([
  "have",
  "get",
  "receive",
  "handle",
  "manage",
  "keep",
  "track",
  "monitor",
  "do",
  "need",
  "see",
  "view",
  "check",
  "choose",
  "select",
  "pick",
  "make",
]);
