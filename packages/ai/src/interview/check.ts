/**
 * The checks after the model (issue 27), as the quality gate does for stories: the model writes the
 * message for the rules' decision, and each sentence is held to the same behaviours as the rules'
 * own wording before the participant sees it. A sentence is released once it is whole (speech reads
 * whole sentences anyway), so the first words wait for the first sentence, not for the message.
 *  - an opening that only echoes a fragment of the answer is dropped;
 *  - a participant's question the model skipped gets the rules' answer in front;
 *  - a question in a frame already asked twice, or asked before word for word, is replaced by the
 *    rules' question (never by one asked before either);
 *  - a closing line where the rules did not close, or a closing line said before, is replaced by the
 *    rules' message, and a closing that leaves out a need added after the read-back says it back.
 */
import { endsSentence } from "../sentenceEnd";
import { analyze, isContent, tokensOf } from "../text";
import { answerTo, participantAsk } from "./asks";
import { acknowledgement } from "./sayback";
import { readState } from "./state";
import { normalise, rulesRead } from "./text";
import type { TurnContext, TurnDecision } from "./types";
import { writeTurn } from "./writer";

export { endsSentence };

const QUOTED = /["“«]([^"”»]{2,80})["”»]/g;
const ECHO_LEAD = /^(?:so,?\s+)?(?:you (?:mentioned|said|noted|told me)|noted:?|you're saying|i heard)\b/i;
/** Words that close an interview: said only when the rules close. */
const CLOSING = /\bEnd Interview\b|\bthat'?s (?:all|everything) (?:I|we) need(?:ed)?\b|\bgoodbye\b/i;

/** A statement that only echoes the answer: a quoted span of it, or an echo lead and a fragment of it. */
export function echoesFragment(sentence: string, answer: string): boolean {
  if (sentence.trim().endsWith("?")) return false;
  const said = answer.toLowerCase();
  for (const m of sentence.matchAll(QUOTED)) if (said.includes(m[1]!.toLowerCase().trim())) return true;
  if (!ECHO_LEAD.test(sentence)) return false;
  const rest = sentence.replace(ECHO_LEAD, "").replace(/^[\s:,]+|[.!\s]+$/g, "");
  if (!rest || !said.includes(rest.toLowerCase())) return false;
  const last = tokensOf(rest)
    .filter((t) => t.pos !== "PUNCT")
    .at(-1);
  return !last || !["NOUN", "PROPN", "NUM"].includes(last.pos);
}

const lemmas = (text: string) =>
  new Set(
    tokensOf(text)
      .filter((t) => isContent(t) || t.pos === "NUM")
      .map((t) => t.lemma),
  );

/**
 * A question's frame: its words, with the participant's words (of the answer it follows) and the
 * words it shares with that answer taken out ("What would X change for you?").
 */
export function frameKey(question: string, answer: string): string {
  const about = lemmas(answer);
  const words: string[] = [];
  for (const t of tokensOf(question.replace(QUOTED, " SLOT "))) {
    if (t.pos === "PUNCT") continue;
    const slot = t.text === "SLOT" || ((isContent(t) || t.pos === "NUM") && about.has(t.lemma));
    const word = slot ? "X" : t.normal;
    if (word === "X" && words.at(-1) === "X") continue;
    words.push(word);
  }
  return words.join(" ");
}

/** How many earlier interviewer questions were asked in this frame. */
function timesFramed(question: string, ctx: TurnContext): number {
  const key = frameKey(question, ctx.messages.findLast((m) => m.role === "user")?.content ?? "");
  let count = 0;
  ctx.messages.forEach((m, i) => {
    if (m.role !== "ai" || i === 0) return;
    const asked = analyze(m.content)
      .map((s) => s.text)
      .filter((s) => s.endsWith("?"))
      .at(-1);
    const before = ctx.messages[i - 1];
    if (asked && before?.role === "user" && frameKey(asked, before.content) === key) count += 1;
  });
  return count;
}

/** A request that asks for an answer without a question mark: "Tell me about a time …", "Walk me through …". */
const PROMPT =
  /(?:^|[:;]\s*)(?:(?:so|now|then|first|to start),?\s+)?(?:please\s+)?(?:tell me|walk me through|talk me through|take me through|describe)\b/i;

/** The same question, word for word, in an earlier interviewer message. */
const askedBefore = (question: string, ctx: TurnContext) =>
  ctx.messages.some((m) => m.role === "ai" && normalise(m.content).includes(normalise(question)));

const sharesWords = (text: string, reference: string, at: number) => {
  const own = lemmas(text);
  const wanted = [...lemmas(reference)];
  return wanted.filter((l) => own.has(l)).length >= Math.min(at, wanted.length);
};

async function* wordsOf(text: string): AsyncGenerator<string> {
  for (const part of text.match(/\S+\s*/g) ?? []) yield part;
}

/** The model's message, held sentence by sentence to the rules' behaviours (see above). */
export async function* checkedStream(
  stream: AsyncIterable<string>,
  ctx: TurnContext,
  decision: TurnDecision,
): AsyncGenerator<string> {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const answer = state.lastAnswer ?? "";
  const rules = () => writeTurn(ctx, decision).text;
  const said = new Set(ctx.messages.filter((m) => m.role === "ai").map((m) => normalise(m.content)));
  const ask =
    decision.asked && decision.asked !== "repeat" && decision.asked !== "summary"
      ? participantAsk(answer)
      : null;
  // In a language the rules do not read, the model was given the answer and says it in that
  // language: the rules' English words are not put in front of it.
  const ruleAnswer =
    ask && rulesRead(ctx.messages)
      ? answerTo(ask, {
          project: ctx.project,
          topic: ctx.plan.topics.find((t) => t.id === decision.topicId) ?? null,
          lastQuestion: state.lastAsked,
        })
      : "";
  if (decision.action === "read_back") {
    // The points are copied as given; a question asked with the last answer is answered first,
    // unless the model's first sentence already answers it (its prompt carries the same answer).
    if (!ruleAnswer) {
      yield* stream;
      return;
    }
    const rest = stream[Symbol.asyncIterator]();
    let head = "";
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      head += next.value;
      if (endsSentence(head)) break;
    }
    if (!sharesWords(analyze(head)[0]?.text ?? head, ruleAnswer, 2)) yield* wordsOf(`${ruleAnswer}\n`);
    yield head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
    return;
  }
  const heard = decision.action === "close" ? acknowledgement(answer) : "";
  const closing = decision.action === "close";
  if (closing) {
    // A closing line is short and the last word: held whole, then said back, answered, never repeated.
    let text = "";
    for await (const chunk of stream) text += chunk;
    text = text.trim();
    const statements = analyze(text).filter((x) => !x.text.endsWith("?"));
    if (ruleAnswer && !statements.some((x) => sharesWords(x.text, ruleAnswer, 2)))
      text = `${ruleAnswer} ${text}`;
    if (heard && !sharesWords(text, heard, 2)) text = `${heard} ${text}`;
    yield* wordsOf(!text || said.has(normalise(text)) ? rules() : text);
    return;
  }
  // A need added after the read-back is not said back in front of the model's follow-up: readers
  // of a capable model's turns disagreed with each such say-back (the model's question had heard it,
  // or the need was read back already); the closing still says back what the model left out.
  let answered = !ruleAnswer;
  let emitted = "";
  let asked = false;
  /**
   * A space is owed after a sentence that ends in a number's full stop: "3." may go on as "5 hours"
   * (then it reads "3.5 hours"). It is paid as soon as the next text shows otherwise.
   */
  let owed = false;
  const pay = function* (next: string): Generator<string> {
    if (!owed || !next) return;
    owed = false;
    if (/^\d/.test(next)) return;
    emitted += " ";
    yield " ";
  };
  const release = function* (sentence: string): Generator<string> {
    yield* pay(sentence);
    emitted += sentence;
    // One chunk: the sentence reaches the participant's page as one piece (one render, at once).
    if (/\d\.$/.test(sentence)) {
      yield sentence;
      owed = true;
      return;
    }
    // The space after a sentence tells the participant's browser it has ended (it speaks it then):
    // in the same chunk, so the browser asks for its speech at once (a space sent as a chunk of its
    // own reached it only after the page had drawn the sentence, 10-25 ms later in the voice bench).
    emitted += " ";
    yield `${sentence} `;
  };
  /** What the participant sees for one whole sentence of the model's. */
  const judge = function* (sentence: string): Generator<string> {
    const question = sentence.endsWith("?");
    // "Tell me about a time …." asks as plainly as a question: no question is added after it.
    if (!question && PROMPT.test(sentence) && !CLOSING.test(sentence)) asked = true;
    // The rules did not close: a closing sentence is dropped (the rules' question follows if none comes).
    if (CLOSING.test(sentence)) return;
    if (!question && echoesFragment(sentence, answer)) return;
    if (!answered) {
      answered = true;
      // Answered when a statement comes before the question; else the rules' answer goes first.
      if (question || !sentence.trim()) yield* release(ruleAnswer);
    }
    if (question) {
      asked = true;
      if (timesFramed(sentence, ctx) >= 2 || said.has(normalise(sentence)) || askedBefore(sentence, ctx)) {
        const own = analyze(rules())
          .map((s) => s.text)
          .filter((s) => s.endsWith("?"))
          .at(-1);
        // Never a question asked before, whoever wrote it.
        if (own && !askedBefore(own, ctx)) yield* release(own);
        return;
      }
    }
    yield* release(sentence);
  };
  let buffer = "";
  for await (const chunk of stream) {
    buffer += chunk;
    yield* pay(buffer);
    // A sentence is judged as soon as it ends, not when the next one starts: the participant's
    // browser speaks it meanwhile (issue 24, the first word). Where the end is unclear ("Dr."),
    // the next sentence's start says so.
    if (endsSentence(buffer)) {
      for (const s of analyze(buffer)) yield* judge(s.text.trim());
      // "7. " with its space: the number has ended, and the browser may speak the sentence now.
      if (/\s$/.test(buffer)) yield* pay(" ");
      buffer = "";
      continue;
    }
    if (!buffer.trim()) {
      buffer = "";
      continue;
    }
    const sentences = analyze(buffer);
    if (sentences.length < 2) continue;
    const last = sentences.at(-1)!;
    for (const s of sentences.slice(0, -1)) yield* judge(s.text.trim());
    buffer = buffer.slice(last.start);
  }
  for (const s of analyze(buffer)) yield* judge(s.text.trim());
  if (!answered && ruleAnswer) yield* release(ruleAnswer);
  // Nothing left of the model's message, or no question where the rules ask one: the rules' words.
  if (!normalise(emitted)) yield* wordsOf(rules());
  else if (!asked) {
    const question = analyze(rules())
      .map((s) => s.text)
      .filter((s) => s.endsWith("?"))
      .at(-1);
    if (question) yield* release(question);
  }
}

/** Lower-case words in any script: how sentences are compared where the rules cannot read them. */
const wordSet = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The share of two sentences' words they have in common (Dice), in any language. */
export function overlap(a: string, b: string): number {
  const x = wordSet(a);
  const y = wordSet(b);
  if (!x.size || !y.size) return 0;
  const shared = [...x].filter((w) => y.has(w)).length;
  return (2 * shared) / (x.size + y.size);
}

/** Two questions this alike are one frame asked again ("Was bedeutet X für Sie?" and "… Y …"). */
const SAME_FRAME = 0.7;

export interface UnreadChecks {
  /** The participant's last answer. */
  answer: string;
  /** The interviewer's earlier messages. */
  earlier: string[];
  /** The question to ask when the model's own is dropped: the plan's next one, in the plan's words. */
  instead: string | null;
}

/**
 * In a language the rules do not read, only what needs no reading is checked, sentence by sentence:
 *  - a statement quoting a span of the answer back is dropped (unless nothing else is left);
 *  - a sentence said before word for word (lower-cased, any script) is dropped;
 *  - a question sharing most of its words with two earlier questions (a frame a third time) is dropped.
 * With no question left, the plan's next question is asked in the plan's words: no second model
 * call waits on the way to the first word, and the participant keeps what the model wrote in
 * their language around it.
 */
export async function* withoutEchoes(
  stream: AsyncIterable<string>,
  checks: UnreadChecks,
): AsyncGenerator<string> {
  const { answer, earlier, instead } = checks;
  const earlierSentences = earlier.flatMap((m) => analyze(m).map((s) => s.text.trim()));
  const said = new Set(earlierSentences.map((s) => [...wordSet(s)].join(" ")));
  const questions = earlierSentences.filter((s) => s.endsWith("?"));
  let buffer = "";
  let kept = 0;
  let asked = false;
  let dropped = "";
  /** A statement quoting the answer: said only if it turns out to be all there is. */
  let quoting = "";
  const judge = function* (sentence: string): Generator<string> {
    quoting = "";
    const question = sentence.endsWith("?");
    const quoted = !question && [...sentence.matchAll(QUOTED)].some((m) => answer.includes(m[1]!.trim()));
    const repeated = said.has([...wordSet(sentence)].join(" "));
    const framedTwice = question && questions.filter((q) => overlap(q, sentence) >= SAME_FRAME).length >= 2;
    if (repeated || framedTwice) {
      if (question) dropped ||= sentence;
      return;
    }
    if (quoted) {
      if (kept === 0 && !dropped) quoting = sentence;
      return;
    }
    kept += 1;
    if (question) asked = true;
    for (const part of `${sentence} `.match(/\S+\s*/g) ?? []) yield part;
  };
  for await (const chunk of stream) {
    buffer += chunk;
    // A sentence is judged as soon as it ends (as in checkedStream): the participant's browser
    // speaks it meanwhile, and one that is dropped does not hold up the next. "3." may go on as "3.5".
    if (endsSentence(buffer) && !/\d\.$/.test(buffer)) {
      for (const s of analyze(buffer)) yield* judge(s.text.trim());
      buffer = "";
      continue;
    }
    const sentences = analyze(buffer);
    if (sentences.length < 2) continue;
    for (const s of sentences.slice(0, -1)) yield* judge(s.text.trim());
    buffer = buffer.slice(sentences.at(-1)!.start);
  }
  for (const s of analyze(buffer)) yield* judge(s.text.trim());
  // Nothing but the quote: it is said rather than nothing.
  if (quoting) {
    for (const part of `${quoting} `.match(/\S+\s*/g) ?? []) yield part;
  }
  if (asked || !dropped) return;
  // The model's question was a repeat: the plan's next question instead, else (nothing left) the model's.
  const fresh = instead && !said.has([...wordSet(instead)].join(" ")) ? instead : dropped;
  for (const part of `${fresh} `.match(/\S+\s*/g) ?? []) yield part;
}
