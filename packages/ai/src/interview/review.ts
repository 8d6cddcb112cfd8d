import { pointOf, readBackPoints } from "./readback";
import { statedNeeds } from "./sayback";
import { readState } from "./state";
import { isNegative, keywords, senses, sentences } from "./text";
import type { ReadBackReview, TurnContext } from "./types";
import { AFFIRM, CORRECT } from "./vocabulary";

/**
 * The read-back as it stands after the closing: its points and the participant's review of them,
 * plus each need (or refusal) said after the read-back, in the participant's own sentence, as a
 * point they confirmed (they said it themselves). Stored with the interview, so the evidence reads them.
 */
export function reviewAfterClose(ctx: TurnContext): ReadBackReview {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const points = readBackPoints(ctx);
  // The replies to every read-back: a correction of the first stays one when it was read again.
  const replies = ctx.messages.filter((m, i) => m.role === "user" && state.info[i - 1]?.readBack);
  const review = reviewReadBack(points, replies.map((m) => m.content).join("\n"));
  // Needs said since the first read-back: a later read-back may have said them in fewer words, or not at all.
  const first = state.info.findIndex((x) => x.readBack);
  const late = ctx.messages
    .slice(first + 1)
    .filter((m) => m.role === "user")
    .flatMap((m) => statedNeeds(m.content).map((n) => n.sentence.text.trim()));
  for (const sentence of new Set(late)) {
    const point = pointOf(sentence, true);
    if (review.points.includes(sentence) || (point && review.points.includes(point))) continue;
    review.points.push(sentence);
    review.confirmations.push(review.points.length - 1);
  }
  return review;
}

/** The participant's answer to the read-back, as confirmations and corrections of its points. */
export function reviewReadBack(points: string[], answer: string): ReadBackReview {
  const corrections: ReadBackReview["corrections"] = [];
  const said = sentences(answer);
  const touched = new Set<number>();
  for (const sentence of said) {
    if (!CORRECT.test(sentence) && !(isNegative(sentence) && keywords(sentence).length > 2)) continue;
    const own = senses(sentence);
    const numbers = new Set(sentence.match(/\d+/g) ?? []);
    let best = -1;
    let bestScore = 0;
    points.forEach((p, i) => {
      // A shared figure ("18 percent") says more about which point is meant than a shared word.
      const figures = (p.match(/\d+/g) ?? []).filter((n) => numbers.has(n)).length;
      const score = [...senses(p)].filter((s) => own.has(s)).length + 2 * figures;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    const point = bestScore >= 2 ? best : null;
    if (point !== null) touched.add(point);
    corrections.push({ point, text: sentence });
  }
  const affirmed = AFFIRM.test(answer);
  const confirmations = affirmed ? points.map((_, i) => i).filter((i) => !touched.has(i)) : [];
  return { points, confirmations, corrections };
}
