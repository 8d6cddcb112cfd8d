/**
 * A pain told with no wish beside it ("Marking takes me about 3 hours every Sunday", "The scanner
 * dies before lunch", "Customers call the office all day") is still a need: to end it. The rules
 * cannot say what would end it, so it is shown in the participant's words, still to be written as
 * a story, unless something the project's participants asked for already speaks of the same thing.
 */
import type { Extraction, Story } from "../evidence/types";
import { clean } from "../evidence/words";
import { TO_WRITE_AS_STORY } from "../requirements/story";
import { capitalise, infinitive, isVerb } from "../text/grammar";
import { plural, thirdPersonPresent } from "../text/inflect";
import { detectLanguage, isEnglish } from "../text/language";
import { looksMisspelt } from "../text/lexicon";
import { contentStems, type Token, tokensOf } from "../text/nlp";

/** How people tell a pain by what it costs or how it fails, in the words they use for it. */
const PAIN_TOLD = [
  // "takes me about 3 hours", "takes two days": time spent on a chore.
  /\btakes? (?:me |us |them )?(?:about |around |roughly |nearly |almost |over |up to )?(?:\d[\d.,]*|an?|one|two|three|four|five|six|half an?) (?:minutes?|hours?|days?|weeks?)\b/i,
  // Something that stops working.
  /\b(?:dies|died|crash(?:es|ed)?|freezes|fails|stops working|runs out|logs (?:me|us|them) out)\b/i,
  // "I forget my password": what people cannot keep in their heads.
  /^(?:i|we) (?:always |often |keep )?(?:forget|forgot)\b/i,
  // Work done by hand, or over and over.
  /\bby hand\b/i,
  /\b(?:all day|all the time|every single time|every time)\b/i,
];

/** Words only the conversation resolves ("It logs me out", "I do them by hand") name nothing the owner can read. */
const POINTING = /\b(?:it|this|they|them|he|she|him|these|those|something|anything)\b/i;

/**
 * The pains of one interview that no need or rule of the project's interviews speaks to (compared by
 * stems), each a story still to be written, as `role` tells it.
 */
export function painStories(extraction: Extraction, project: Extraction[], role: string): Story[] {
  const askedStems = project.flatMap((e) =>
    e.items
      .filter((i) => i.kind === "need" || i.kind === "constraint")
      .map((i) => new Set(contentStems(i.quote))),
  );
  const stories: Story[] = [];
  // The rules read English: another language's words are shown by their quotes alone.
  const words = [...extraction.items, ...extraction.context].map((i) => i.quote).join(" ");
  if (!isEnglish(detectLanguage(words))) return stories;
  for (const item of extraction.items) {
    if (item.kind !== "pain" && item.kind !== "metric") continue;
    if (item.readBack === "rejected" || item.readBack === "corrected") continue;
    const said = clean(item.quote).replace(/[.!]+$/, "");
    if (!PAIN_TOLD.some((told) => told.test(said))) continue;
    // A sentence of its own with a subject, without a slip of the keyboard: "Just the basics, …" tells no pain.
    const tokens = tokensOf(said);
    const first = tokens[0];
    const subject = first && /^(?:NOUN|PROPN|ADJ|DET|VERB)$/.test(first.pos);
    if (!subject && !/^(?:i|we|when)$/.test(first?.normal ?? "")) continue;
    if (POINTING.test(said) || tokens.some((t) => t.pos !== "PROPN" && looksMisspelt(t.normal))) continue;
    // "I walk 15 km a shift with a paper list" beside "I want the list sorted by aisle": one need.
    const stems = contentStems(said);
    if (askedStems.some((other) => stems.filter((s) => other.has(s)).length >= 2)) continue;
    // "takes me about 3 hours": the time is the chore's, said without the speaker.
    const action = toldOf(said.replace(/\b(takes?) (?:me|us|them) /i, "$1 "), role);
    if (!action) continue;
    const { priority } = item;
    stories.push({
      userType: role,
      action,
      benefit: TO_WRITE_AS_STORY,
      assumption: false,
      priority,
      evidence: [{ interviewId: item.interviewId, turn: item.turn, quote: item.quote }],
    });
  }
  return stories;
}

/**
 * The pain as the owner reads it, in the third person: "I forget my password" → "The user forgets
 * their password"; null when the speaker's own words cannot be turned plainly ("I'm", "I have to").
 */
export function toldOf(said: string, role: string): string | null {
  const tokens = tokensOf(said);
  if (!FIRST_PERSON_TEXT.test(said)) return capitalise(said);
  const out: string[] = [];
  let cut = 0;
  let named = false;
  const put = (token: Token, word: string) => {
    out.push(said.slice(cut, token.start), word);
    cut = token.end;
  };
  let verb: Token | undefined;
  for (const [i, t] of tokens.entries()) {
    if (t.normal === "i") {
      verb = tokens[i + 1]?.pos === "ADV" ? tokens[i + 2] : tokens[i + 1];
      // Only "I" with a plain present verb after it: "I copy", "I always forget".
      const plain =
        verb && (verb.pos === "VERB" || isVerb(verb.normal)) && infinitive(verb.normal) === verb.normal;
      if (!plain || verb!.text !== verb!.normal) return null;
      put(t, named ? "they" : `the ${role}`);
      named = true;
    } else if (t === verb) put(t, thirdPersonPresent(t.normal));
    // "we" are the people in the role: "we type the orders in" → "the shop owners type the orders in".
    else if (t.normal === "we" && !named && tokens[i + 1]?.pos === "VERB") {
      put(t, `the ${plural(role)}`);
      named = true;
    } else if (/^(?:my|our)$/.test(t.normal)) put(t, "their");
    else if (/^(?:me|us)$/.test(t.normal)) put(t, "them");
    else if (/^(?:we|myself|ourselves|mine|i'm|i've|i'd|i'll)$/.test(t.normal)) return null;
  }
  out.push(said.slice(cut));
  const told = out.join("");
  return FIRST_PERSON_TEXT.test(told) ? null : capitalise(told);
}

const FIRST_PERSON_TEXT = /\b(?:I|me|my|mine|myself|we|us|our|ours|ourselves)\b/i;
