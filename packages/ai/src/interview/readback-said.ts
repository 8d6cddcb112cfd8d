/**
 * Which of the read-back's points the rules' read-back says. Offline (issue 33): every point that
 * reads whole (needs, refusals, the measure of success, the problems beside them), less a need cut
 * off from the clause that said what it was, "It should …" said as the system's. As the model
 * path's fallback (the checks after the model write the rules' message), the stated needs and
 * measure of success as before, else whatever reads whole.
 */
import { pointOf, readsWhole } from "./readback";
import { statedNeeds } from "./sayback";
import { sentences } from "./text";
import type { TurnContext } from "./types";
import { SUCCESS } from "./vocabulary";

export function sayable(ctx: TurnContext, points: string[], offline: boolean): string[] {
  const whole = points.filter(readsWhole);
  if (!offline) {
    const needs = whole.filter(statedBy(ctx));
    return needs.length ? needs : whole;
  }
  const cut = cutNeeds(ctx);
  return whole.filter((p) => !cut.has(p)).map((p) => p.replace(SYSTEM_IT, "The system "));
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
