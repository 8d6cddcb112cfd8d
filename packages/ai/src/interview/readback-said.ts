/**
 * Which of the read-back's points the rules' read-back says. Offline (issue 33): every point that
 * reads whole (needs, refusals, the measure of success, the problems beside them), less a need cut
 * off from the clause that said what it was, "It should …" said as the system's. As the model
 * path's fallback (the checks after the model write the rules' message), the stated needs and
 * measure of success as before, else whatever reads whole.
 */
import { NAMES_PROBLEM } from "./closing";
import { MOST_OFFLINE_POINTS, pointOf, readsWhole } from "./readback";
import { pointsBack, withoutRepeats } from "./readback-cover";
import { clean } from "./readback-phrase";
import { statedNeeds } from "./sayback";
import { sentences } from "./text";
import type { TurnContext } from "./types";
import { SUCCESS } from "./vocabulary";

export function sayable(ctx: TurnContext, points: string[], offline: boolean, first = false): string[] {
  // Their own words only in the first read-back: what they add after it is said back as it comes.
  const whole = points.filter((p) => (isQuote(p) ? first : readsWhole(p)));
  if (!offline) {
    const needs = whole.filter(statedBy(ctx));
    return needs.length ? needs : whole;
  }
  const cut = cutNeeds(ctx);
  // Their own words, quoted, keep their slips: the quote marks say whose they are.
  const kept = whole.filter((p) => !cut.has(p) && (isQuote(p) || clean(p)));
  // A fact about them ("You have 8 employees") is no need: left out while two other points remain.
  const told = kept.filter((p) => !FACT.test(p));
  const shown = first ? withLatest(ctx, told, cut) : told;
  return shown.map((p) => p.replace(SYSTEM_IT, "The system "));
}

/** A need read back in the participant's own words (`inTheirWords`). */
export const isQuote = (point: string) => /^“[^”]+”$/.test(point);

/** "You have a busy salon", "Right now you have 8 employees", "At present the business is running manually". */
const FACT =
  /^(?:(?:right now|at present|at the moment|currently|today|now),? )?(?:you|we|the business|your business|the company|your company) (?:have|has|own|employ|run|are|is)\b(?! to\b)/i;

/**
 * The first read-back holds a point from the answer just before it (a need first, else a problem
 * said plainly), when one reads whole and clean: what they just said is what they listen for.
 */
function withLatest(ctx: TurnContext, points: string[], cut: Set<string>): string[] {
  const last = ctx.messages.findLast((m) => m.role === "user")?.content ?? "";
  const needs = statedNeeds(last)
    .filter((n) => !n.negated && !/\byou/i.test(n.sentence.text))
    .map((n) => pointOf(n.sentence.text, true));
  // Else the hard part or the doubt they name: its clause ("…, keeping it in step is the hard
  // part"), or what the doubt is about ("We assume …, and we're least sure about that").
  const plain = sentences(last)
    .filter((x) => NAMES_PROBLEM.test(x) && !/\byou\b|\?\s*$/i.test(x))
    .flatMap((x) => {
      const clauses = x.split(/[,;]\s+/);
      const named = clauses.filter((c) => NAMES_PROBLEM.test(c));
      const own = named.filter((c) => !/\b(?:that|it|this)\W*$/i.test(c));
      return own.length ? own : [clauses.filter((c) => !named.includes(c)).join(", ")];
    })
    .map((x) => pointOf(x));
  const candidates = [...needs, ...plain].filter(
    (p): p is string =>
      p !== null && readsWhole(p) && clean(p) && !cut.has(p) && !FACT.test(p) && !pointsBack(p),
  );
  const [latest] = candidates;
  if (!latest || candidates.some((p) => points.includes(p))) return points;
  const room = points.length >= MOST_OFFLINE_POINTS ? points.slice(0, MOST_OFFLINE_POINTS - 1) : points;
  // Said once: a point that says what another says, in fewer words, goes.
  return withoutRepeats([...room, latest]);
}

/** "It should …", "It has to …": in a need, "it" is what is to be built. */
const SYSTEM_IT = /^It (?=(?:should|must|has to|needs to|would need to|will need to)\b)/;

const said = (ctx: TurnContext) => ctx.messages.filter((m) => m.role === "user").map((m) => m.content);

/** The needs whose point was cut off from the clause that said what the need was. */
function cutNeeds(ctx: TurnContext): Set<string> {
  return new Set(
    said(ctx).flatMap((answer) =>
      statedNeeds(answer).flatMap((n) => {
        const point = pointOf(n.sentence.text, true);
        return point && cutFromItsClause(point, n.sentence.text, true) ? [point] : [];
      }),
    ),
  );
}

/** Whether a point is a need the participant stated, or how they would judge success. */
function statedBy(ctx: TurnContext): (point: string) => boolean {
  const stated = new Set(
    said(ctx).flatMap((answer) => [
      ...statedNeeds(answer).flatMap((n) => {
        const point = pointOf(n.sentence.text, true);
        return point && !cutFromItsClause(point, n.sentence.text, false) ? [point] : [];
      }),
      ...sentences(answer)
        .filter((x) => SUCCESS.test(x))
        .map((x) => pointOf(x)),
    ]),
  );
  return (point) => stated.has(point);
}

/**
 * "There should be two tablets, that the trainers share, …" said back as "There should be two
 * tablets": the clause that said what the need was is cut off after the point's last word.
 * Offline, "…, that's where everything lives" is a clause of its own, not the one that said the need.
 */
function cutFromItsClause(point: string, sentence: string, offline: boolean): boolean {
  const last = point
    .replace(/[.!?]$/, "")
    .split(/\s+/)
    .at(-1)!;
  const escaped = last.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const own = offline ? "(?!['’]s\\b|\\s+is\\b)" : "";
  return new RegExp(`\\b${escaped},?\\s+(?:that|who)\\b${own}`, "i").test(sentence);
}
