/**
 * What an answer does, beyond its grammar: the interviewer's dialogue acts. The text kit knows
 * parts of speech, lemmas and negation; it cannot know that "we just use a whiteboard" is a
 * workaround or that "next question" declines. These are the small named vocabularies for that,
 * each read by `vocabulary.test.ts` over real-sounding sentences.
 */

/** Something recurring: how often it happens. */
export const FREQUENCY =
  /\b(every (single )?(day|morning|evening|night|week|weekend|month|time|shift)|each (day|week|month|time)|daily|weekly|monthly|always|often|usually|regularly|constantly|all the time|whenever|most (days|weeks|mornings)|times? a (day|week|month)|per (day|week|month)|twice|again and again)\b/i;

/** How they manage today without the product: paper, spreadsheets, phone rounds, hacks. */
export const WORKAROUND =
  /\b(workaround|work around|spreadsheet|excel|by hand|manually|on paper|paper|whiteboard|sticky notes?|post-its?|phone (call|them|around)|call (them|around|each)|text (them|each)|email (them|each)|copy(ing)? and past|we just|i just|instead|double[- ]book\w*|hack)\b/i;

/** A feeling about the work, good or bad. */
export const FEELING =
  /\b(frustrat\w*|annoy\w*|stress\w*|hate|hated|love|loved|worr\w*|nightmare|painful|pain|scar\w*|confus\w*|anxious|angry|upset|happy|relieved|embarrass\w*|exhaust\w*|overwhelm\w*|tired of|fed up|awful|terrible|chaos|chaotic|mess)\b/i;

/** The participant cannot answer. */
export const UNSURE =
  /\b(not sure|unsure|don't know|do not know|dunno|no idea|can't say|cannot say|hard to say|no clue|not certain|couldn't say)\b/i;

/** The participant will not answer. */
export const DECLINE =
  /\b(rather not|prefer not|skip (this|that|it)|pass on (this|that)|no comment|not comfortable|can't share|cannot share|not my area|next question)\b|^\s*(skip|pass)[.!]?\s*$/i;

/** Hedges and fillers that say little. */
export const VAGUE =
  /\b(it depends|kind of|sort of|whatever|fine|ok|okay|so-so|things|stuff|various|some issues|somehow|i guess)\b/i;

/** An attempt to give the interviewer instructions. */
export const INJECTION =
  /\b(ignore (all |any |the |your )?(previous|prior|above|earlier) (instructions|prompts?|rules)|system prompt|your (instructions|prompt|rules)|reveal|you are now|act as|pretend (to be|you)|developer mode|jailbreak|disregard)\b/i;

/** Small talk that is not about the work. */
export const OFF_TOPIC =
  /\b(football|soccer|match|league|cricket|basketball|baseball|tennis|golf|weather|rain|sunny|holiday|vacation|weekend plans|movie|film|netflix|tv show|series|music|concert|lunch|dinner|recipe|favou?rite (team|colou?r|food|movie))\b/i;

/** Agreement with the read-back, in English and a few other languages it may be answered in. */
export const AFFIRM =
  /(?<!\p{L})(yes|yeah|yep|correct|right|exactly|spot on|that's it|sounds good|accurate|all good|sí|si|correcto|exacto|oui|exact|ja|genau|richtig)(?!\p{L})/iu;

/** A correction of the read-back. */
export const CORRECT =
  /\b(but|actually|except|not quite|wrong|missing|forgot|also|one more|correction|rather|instead|only)\b|^\s*no\b/i;

/** What kind of constraint a project states, by its words: who can speak to it follows from the kind. */
export const CONSTRAINT_KINDS = {
  technical:
    /\b(api|apis|integrat\w*|hosting|cloud|server|security|secure|encrypt\w*|data|database|performance|scale|latency|legacy|system|systems|stack|platform|offline|sync|backup|uptime|ios|android)\b/i,
  business:
    /\b(budget|cost|costs|price|pricing|deadline|launch|revenue|regulat\w*|legal|law|compliance|gdpr|hipaa|contract|licen[cs]\w*|staff|q[1-4]|months?|weeks?|quarter)\b/i,
  experience:
    /\b(accessib\w*|wcag|mobile|phones?|android|iphones?|devices?|screens?|language|languages|brand|font|elderly|older|children|simple|easy|clicks?|minutes?|offline|rural|signal)\b/i,
};
/** The kind of follow-up an interviewer message asks, by ladder step (the rules' or a model's wording). */
export const STEP_MARKS = {
  why: /\b(matter|mean for you|what's behind|why|add up to|come from|feel that way)\b/i,
  quantify: /\b(how much time|how often|how many|how long)\b/i,
  last_time: /\bthe last time\b/i,
  example: /\b(example|in practice)\b/i,
} as const;

export const VOCABULARIES = {
  frequency: FREQUENCY,
  workaround: WORKAROUND,
  feeling: FEELING,
  unsure: UNSURE,
  decline: DECLINE,
  vague: VAGUE,
  injection: INJECTION,
  offTopic: OFF_TOPIC,
  affirm: AFFIRM,
  correct: CORRECT,
} as const;

export type Reading = keyof typeof VOCABULARIES;

/** Every vocabulary a text matches, in the order above. */
export const readingsOf = (text: string): Reading[] =>
  (Object.keys(VOCABULARIES) as Reading[]).filter((name) => VOCABULARIES[name].test(text));
