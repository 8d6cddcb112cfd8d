/**
 * What the offline read-back says beyond the needs' own sentences (issue 33): no point that names
 * nothing to build (a goal, the business itself), no point another already says, and the brief's
 * key features the participant talked about, named in the brief's words, grouped with the points
 * about them.
 */

import { classify } from "../evidence/classify";
import { longEnoughToTell, mayBeEnglish, tokensOf, wordsOf } from "../text";
import { GOAL_NOUNS } from "../writer/refusals";
import { withDeterminer } from "./phrasing";
import { clean, readsWhole } from "./readback-phrase";
import { namesNothing, putRight, statedNeeds } from "./sayback";
import { senseOf, senses, sentences } from "./text";
import type { TurnContext } from "./types";
import { FEELING, PRIORITY, PROBLEM, TROUBLE } from "./vocabulary";

/** Words of wanting and of the read-back's own frame, which say no need. */
const FRAME = new Set(
  [
    ...["like", "want", "need", "able", "would", "should", "wish", "hope", "system"],
    ...["important", "high", "highest", "top", "main", "priority", "priorities", "key", "feature", "include"],
  ].map(senseOf),
);

/** A point's own senses: its content words less the frame's. */
const ownSenses = (point: string) => new Set([...senses(point)].filter((s) => !FRAME.has(s)));

/**
 * Without the points whose own words another point already says (the fuller one is kept). What
 * they put first is said even so: "The booking system is the most important" says more than
 * "You'd like clients to book online".
 */
export function withoutRepeats(points: string[]): string[] {
  const own = points.map(ownSenses);
  return points.filter((point, i) => {
    if (PRIORITY.test(point)) return true;
    const mine = own[i]!;
    return !own.some((theirs, j) => {
      if (j === i || ![...mine].every((s) => theirs.has(s))) return false;
      // Two points saying the same: the first is kept.
      return theirs.size > mine.size || j < i;
    });
  });
}

/**
 * A point that only points at something said before: "include that functionality", "see that as
 * well", "this feature" (a demonstrative before a noun, or standing alone at the end of a clause).
 */
export function pointsBack(point: string): boolean {
  const tokens = tokensOf(point);
  return tokens.some((t, i) => {
    if (!/^(?:this|that|these|those)$/i.test(t.text)) return false;
    const next = tokens[i + 1];
    return !next || ["NOUN", "ADV", "PUNCT"].includes(next.pos);
  });
}

/** Whether most of a quote's own words (60%) are said by the points already: it would say them twice. */
export function mostlySaid(quote: string, points: string[]): boolean {
  // A slip put right in the point ("costumers" → "customers") is the same word.
  const mine = ownSenses(putRight(quote) ?? quote);
  const theirs = new Set(points.flatMap((p) => [...ownSenses(p)]));
  return [...mine].filter((s) => theirs.has(s)).length >= 0.6 * mine.size;
}

/** English's commonest words, at least one word in twelve of any English answer. */
const COMMON = /^(?:the|a|an|and|or|to|of|in|on|for|is|are|it|we|i|my|our|that|this|with|be)$/;
const readsEnglish = (text: string) => {
  const words = wordsOf(text);
  return words.filter((w) => COMMON.test(w)).length * 12 >= words.length;
};

/** The brief's key features short enough to be said as a need ("Low-stock alerts"). */
function shortFeatures(ctx: TurnContext): string[] {
  return ctx.plan.topics
    .filter((t) => t.source === "feature" && t.title.split(/\s+/).length <= 4)
    .map((t) => t.title);
}

/**
 * The senses that show a feature was talked about: its last word's ("alerts" of "Low-stock
 * alerts"), or any other word of it that is not the business, a goal or the project's own name.
 */
function marksOf(feature: string, title: Set<string>): { head: string; marks: string[] } {
  const words = feature.split(/[\s-]+/).filter(Boolean);
  const head = senseOf(words.at(-1) ?? feature);
  const others = words
    .slice(0, -1)
    .map(senseOf)
    .filter((w) => w.length > 2 && !GOAL_NOUNS.has(w) && !title.has(w));
  return { head, marks: [head, ...others] };
}

/** The senses of the three words after each "not", "no" or "never" of a text. */
function negatedWords(text: string): Set<string> {
  const words = wordsOf(text.replace(/n['’]t\b/gi, " not"));
  const out = new Set<string>();
  words.forEach((w, i) => {
    if (!/^(?:not|no|never|without)$/.test(w)) return;
    for (const next of words.slice(i + 1, i + 4)) out.add(senseOf(next));
  });
  return out;
}

/** "It would be nice if …", "that would be handy": a wish however it is put. */
const WOULD_BE_GOOD = /\bwould be (?:nice|good|great|helpful|useful|handy)\b/i;
/** "The map itself is easy": a part said to need nothing. */
const NO_TROUBLE =
  /\b(?:is|are|'s|'re)\s+(?:(?:really|quite|pretty|very)\s+)?(?:easy|simple|fine|straightforward|no problem|not a problem)\b/i;

/**
 * What an answer asks for: its sentences that ask for something, wish for it or leave it open,
 * less their clauses that say a part is easy or fine.
 */
function asking(answer: string): string[] {
  return sentences(answer)
    .filter((sentence) => {
      const kind = classify(sentence, sentence)?.kind;
      // A pain is no ask: "I send reminder emails by hand" does not ask for "Automatic payment reminders".
      return kind === "need" || kind === "open_question" || WOULD_BE_GOOD.test(sentence);
    })
    .map((sentence) =>
      sentence
        .split(/[,;]\s+/)
        .filter((clause) => !NO_TROUBLE.test(clause))
        .join(", "),
    );
}

/**
 * A thing put off or turned down: "gift cards can wait for a later release", "not needed yet",
 * "I'll do the rotation manually".
 */
const PUT_OFF =
  /\b(?:can wait|later|(?:second|next|future) (?:release|phase|version)|not (?:now|yet|needed|necessary|a priority)|(?:i'll|i will|we'll|we will|i can|we can) (?:just |still )?(?:do|keep doing|handle|manage) (?:\w+ ){0,3}(?:manually|by hand|myself|ourselves))\b/i;

/**
 * The read-back's points, covered and grouped: goals and repeats left out, each key feature the
 * participant talked about (its head word in their answers, never refused) said in the brief's
 * words when no point names it, and the points about a feature put together, in the brief's order.
 */
export function coveredPoints(ctx: TurnContext, points: string[], answers: string[]): string[] {
  // A slip of the keyboard put right where one word was meant; a point still with a slip is left out.
  const listed = points
    .map((p) => (putRight(p) ?? p).replace(LIST_HEADING, "You'd like "))
    .filter((p) => clean(p) && readsWhole(p) && !pointsBack(p));
  // (a trouble names nothing to build and is still what the needs are for: "You are often short-staffed")
  const troubled = (p: string) => TROUBLE.test(p) || PROBLEM.test(p) || FEELING.test(p);
  const kept = withoutRepeats(listed.filter((p) => troubled(p) || !namesNothing(p, ctx.project.title ?? "")));
  const all = answers.join("\n");
  // In a language the rules do not read, a word shared with a feature's name says nothing.
  if (!longEnoughToTell(all) || !mayBeEnglish(all) || !readsEnglish(all)) return kept;
  // A feature counts as asked for only where a sentence naming it asks for something or tells a
  // pain: "The map itself is easy" and "we'll use the hospital's SMS provider" mention, not ask.
  const heard = senses(answers.flatMap(asking).join("\n"));
  const putOff = answers.flatMap((a) => [
    ...statedNeeds(a)
      .filter((n) => n.negated)
      .map((n) => n.sentence.text),
    ...sentences(a).filter((x) => PUT_OFF.test(x)),
  ]);
  const refused = new Set(putOff.flatMap((x) => [...senses(x)]));
  // "We don't take deposits": a feature's word within three words after a "not" is not wanted.
  const denied = (marks: string[]) => answers.some((a) => marks.some((m) => negatedWords(a).has(m)));
  const title = senses(ctx.project.title ?? "") as Set<string>;
  const groups: string[][] = [];
  const placed = new Set<string>();
  for (const feature of shortFeatures(ctx)) {
    const { head, marks } = marksOf(feature, title);
    if (refused.has(head) || denied(marks)) continue;
    const about = kept.filter((p) => !placed.has(p) && marks.some((m) => senses(p).has(m)));
    for (const p of about) placed.add(p);
    // Named in the brief's words only when its head word was asked for: "staff" alone is not
    // "Staff scheduling".
    if (about.length) groups.push(about);
    else if (heard.has(head)) groups.push([`You'd like ${named(feature)}.`]);
  }
  return [...groups.flat(), ...kept.filter((p) => !placed.has(p))];
}

/** "The key features include …", "Our main needs are …": a list of what they want, said as wanted. */
const LIST_HEADING =
  /^(?:the |our |your |my )?(?:key |main |most important )?(?:features|needs|requirements)(?: would)? (?:include|are|would be)\s+/i;

/**
 * A feature said as a thing wanted: "Low-stock alerts" → "low-stock alerts", "SMS reminders" as it
 * is, "Waitlist" → "a waitlist", "Live map of vans" → "a live map of vans".
 */
function named(feature: string): string {
  const text = /^[A-Z][a-z]/.test(feature) ? feature[0]!.toLowerCase() + feature.slice(1) : feature;
  const head =
    text
      .split(/\s+of\s+/)[0]!
      .split(/[\s-]+/)
      .at(-1) ?? "";
  const counted = !/(?:s|ing)$/i.test(head);
  if (!counted) return withDeterminer(text);
  return `${/^[aeiou]/i.test(text) ? "an" : "a"} ${text}`;
}
