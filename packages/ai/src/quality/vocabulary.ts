/**
 * Small vocabularies the language model cannot know (STYLE.md, "Language code"): each is named for
 * what it marks, and vocabulary.test.ts reads real-looking sentences with them. Everything else the
 * quality gate knows about words comes from the text kit (part of speech, lemma, negation) and
 * WordNet's lexicographer classes (lexicon.ts).
 */

/** Words that introduce examples or a list of instances: a story that carries them is not minimal. */
export const EXAMPLE_MARKERS: readonly string[] = [
  "e.g.",
  "eg.",
  "i.e.",
  "etc",
  "etc.",
  "such as",
  "including",
  "for example",
  "for instance",
  "among others",
];

/** Spoken asides that comment on a statement without adding to it ("of course", "basically"). */
export const SPOKEN_ASIDES: readonly string[] = [
  "of course",
  "basically",
  "obviously",
  "actually",
  "you know",
  "i mean",
  "i think",
  "i guess",
  "kind of",
  "sort of",
  "and so on",
  "or something",
  "and stuff",
];

/**
 * Content lemmas that say nothing about an outcome: an ends made only of them ("so that this need is
 * met", "so that the requirement is fulfilled") is a filler, not a reason.
 */
export const EMPTY_OUTCOME_LEMMAS: ReadonlySet<string> = new Set([
  "need",
  "requirement",
  "request",
  "wish",
  "meet",
  "fulfil",
  "fulfill",
  "satisfy",
  "address",
  "handle",
  "cover",
  "hold",
  "work",
  "happen",
  "do",
  "done",
]);

/**
 * Roles of the people who build or research a product rather than use it. A story told by one of
 * them about making or studying the product (see lexicon.ts) has no user role in the QUS sense.
 */
/**
 * Pronouns and determiners that point back at something said earlier ("add it", "do that",
 * "another solution"): as a story's object they leave it meaningless on its own (closed class).
 */
export const POINTING_BACK: ReadonlySet<string> = new Set([
  "it",
  "that",
  "this",
  "these",
  "those",
  "them",
  "one",
  "another",
]);

export const PRODUCT_MAKER_ROLES: ReadonlySet<string> = new Set([
  "developer",
  "programmer",
  "engineer",
  "scientist",
  "researcher",
  "architect",
  "tester",
  "designer",
  "analyst",
]);

/**
 * Verbs of making, integrating, testing and tuning a product or a model (the software life cycle)
 * and of the experiments that study it: a maker's story with one of them is about building or
 * researching the product, not using it.
 */
export const MAKING_VERBS: ReadonlySet<string> = new Set([
  "build",
  "create",
  "develop",
  "design",
  "implement",
  "train",
  "code",
  "program",
  "prototype",
  "engineer",
  "optimize",
  "optimise",
  "validate",
  "benchmark",
  "evaluate",
  "apply",
  "refine",
  "tune",
  "improve",
  "integrate",
  "incorporate",
  "deploy",
  "test",
  "debug",
  "maintain",
  "construct",
  "collect",
  "experiment",
  "replicate",
  "reproduce",
  "investigate",
  "examine",
  "compare",
  "measure",
]);

/** Verbs whose meaning carries a refusal: "avoid typing twice" keeps "I don't want to type twice". */
export const REFUSING_VERBS: ReadonlySet<string> = new Set([
  "avoid",
  "stop",
  "prevent",
  "block",
  "hide",
  "skip",
  "forbid",
  "refuse",
  "disable",
  "exclude",
  "limit",
  "restrict",
]);

/** Verbs of reporting speech: a criterion that reports what was said ("as they said it") is a quote wrapper. */
export const REPORTING_VERBS: ReadonlySet<string> = new Set(["say", "tell", "mention", "state", "put"]);

/**
 * Coordinations that name one thing, not two needs: "terms and conditions", "drag and drop". Kept
 * whole by the splitter and the atomic check; compared by lemma.
 */
export const FIXED_PAIRS: readonly string[] = [
  "terms and conditions",
  "drag and drop",
  "copy and paste",
  "pick up and drop off",
  "check in and check out",
  "search and replace",
  "find and replace",
  "log in and out",
  "sign in and out",
  "profit and loss",
  "pros and cons",
  "question and answer",
  "black and white",
  "research and development",
  "health and safety",
];
