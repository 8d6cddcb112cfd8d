/** Per-interview extraction by rules: the map step of synthesis, with nothing invented. */
import { analyze, type Sentence, sliceOf, type Token } from "../text/nlp";
import { asksForNeeds, clausesOf, needOfClause, needOfImperative, needOfListedThing } from "../writer/needs";
import { statedRole } from "../writer/roles";
import { type Classified, classify, constraintOf, isContext, priorityOf, roleOf } from "./classify";
import { polarityOf } from "./text";
import { correctedTurns, messageTurns, recordedTurns, type Turn, transcriptTurns } from "./turns";
import type { ExtractedItem, Extraction, InterviewSource, ReadBack } from "./types";
import { clean, contentWords } from "./words";

/**
 * The interview's turns as corrected: the server's turns with their revisions when kept; else the
 * conversation with the reviewed transcript's answers over it (the participant's review, the owner's
 * edit); else whichever of the two is stored. Words someone took back are never evidence.
 */
export function interviewTurns(source: InterviewSource): Turn[] {
  if (source.turns?.length) return recordedTurns(source.turns);
  if (source.messages?.length && source.transcript?.trim() && source.correctedBy)
    return correctedTurns(source.messages, source.transcript, source.correctedBy);
  if (source.messages?.length) return messageTurns(source.messages);
  return transcriptTurns(source.transcript ?? "");
}

/** The statement in short: what they want to do for needs, the clause for everything else. */
export function itemText(clause: string, classified: Classified): string {
  if (classified.kind === "need" && classified.polarity === "wants") {
    const want =
      /\b(?:need|needs|want|wants|wish|would like|would love|'d like|'d love|should be able to|must be able to|have to be able to|has to|have to|must|should)\s+(?:to\s+)?(?:be able to\s+)?(.+)/i.exec(
        clause,
      );
    if (want?.[1]) return clean(want[1]);
  }
  return clean(clause);
}

/**
 * What one clause is: a need when the grammar finds a desire, obligation, wish or list of wanted
 * things in it (its stance from the negation the grammar sees), else what the rules for pains,
 * goals, metrics and open questions say; a need word without a need construction is not a need.
 */
function classifyClause(
  clause: string,
  tokens: Token[],
  sentence: Sentence,
  wanted: boolean,
): (Classified & { listed?: true }) | null {
  const grammatical = needOfClause(tokens, sentence);
  const listed =
    !grammatical && wanted
      ? (needOfImperative(tokens, sentence) ?? needOfListedThing(tokens, sentence))
      : null;
  const need = grammatical ?? listed;
  const classified = classify(clause, sentence.text);
  if (need) {
    const constraint = constraintOf(clause);
    const stance = polarityOf(clause);
    return {
      kind: constraint ? "constraint" : "need",
      constraint,
      // A rule's stance is the rule's: "must comply …, so we cannot put …" forbids.
      polarity: need.negated
        ? stance === "wants"
          ? "does_not_want"
          : stance
        : constraint && classified
          ? classified.polarity
          : "wants",
      priority: priorityOf(clause),
      ...(listed ? { listed: true as const } : {}),
    };
  }
  // A need word without a need construction ("there aren't additional features") is no need, and a
  // negation the grammar did not find on a need ("I don't think that one is useful") refuses nothing.
  if (classified?.kind === "need") return null;
  if (classified?.kind === "constraint" && classified.polarity === "does_not_want") return null;
  return classified;
}

/** Items from one interview's participant turns; the interviewer's words are never evidence. */
export function extractInterview(source: InterviewSource, turns = interviewTurns(source)): Extraction {
  const items: ExtractedItem[] = [];
  const context: Extraction["context"] = [];
  const seen = new Set<string>();
  let asked = false;
  for (const turn of turns) {
    if (turn.speaker !== "participant") {
      // An answer to "Which features would you like?" may name what is wanted without a verb.
      asked = turn.text.trim().endsWith("?") && asksForNeeds(turn.text);
      continue;
    }
    // In a summary, the bullets under a "Needs" heading are wanted things.
    let heading = false;
    for (const sentence of analyze(turn.text)) {
      if (/^#{1,6}\s/.test(sentence.text)) {
        heading = asksForNeeds(sentence.text);
        continue;
      }
      const before = items.length;
      // Two requests in the imperative in one sentence: a list of what is wanted.
      const requests = clausesOf(sentence).filter((c) => needOfImperative(c, sentence)).length >= 2;
      for (const tokens of clausesOf(sentence)) {
        const clause = clean(sliceOf(turn.text, tokens));
        if (!clause) continue;
        const classified = classifyClause(clause, tokens, sentence, asked || heading || requests);
        if (!classified) continue;
        const key = contentWords(clause).join(" ");
        if (seen.has(key)) continue;
        seen.add(key);
        items.push({
          id: `${source.interviewId}-${items.length + 1}`,
          ...classified,
          text: itemText(clause, classified),
          quote: clause,
          turn: turn.index,
          interviewId: source.interviewId,
          stakeholderType: source.stakeholderType,
          readBack: null,
          correction: null,
        });
      }
      if (items.length === before && isContext(sentence.text))
        context.push({ interviewId: source.interviewId, turn: turn.index, quote: clean(sentence.text) });
    }
  }
  const participantText = turns
    .filter((t) => t.speaker === "participant")
    .map((t) => t.text)
    .join("\n");
  return {
    interviewId: source.interviewId,
    name: source.name ?? `Interview ${source.interviewId}`,
    stakeholderType: source.stakeholderType,
    role:
      statedRole(turns.filter((t) => t.speaker === "participant").map((t) => t.text)) ??
      roleOf(participantText),
    items: markReadBack(items, source.readBack),
    context,
  };
}

function overlap(a: string, b: string): number {
  const left = new Set(contentWords(a));
  const right = new Set(contentWords(b));
  if (!left.size || !right.size) return 0;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared += 1;
  return shared / Math.min(left.size, right.size);
}

/**
 * Read-back verdicts onto the items they are about (the point whose words overlap most, at least
 * half of the shorter side): confirmed, corrected with the participant's correction, or rejected.
 */
export function markReadBack(items: ExtractedItem[], readBack: ReadBack | null | undefined): ExtractedItem[] {
  if (!readBack?.points.length) return items;
  return items.map((item) => {
    let best: { score: number; point: ReadBack["points"][number] } | undefined;
    for (const point of readBack.points) {
      const score = Math.max(overlap(point.text, item.quote), overlap(point.text, item.text));
      if (score >= 0.5 && (!best || score > best.score)) best = { score, point };
    }
    if (!best) return item;
    const correction = best.point.correction?.trim() || null;
    if (best.point.confirmed) return { ...item, readBack: "confirmed" as const };
    return correction
      ? { ...item, readBack: "corrected" as const, correction }
      : { ...item, readBack: "rejected" as const };
  });
}
