/**
 * Recorded-response mode for the fake OpenAI server: chat answers come from a recording, looked up
 * by the kind of call (the `json_schema` name of a structured call, or "question" for a streamed
 * one) and the participant's last answer in the request. Real SDK, real HTTP, real streaming;
 * nothing is generated. A request with no recording is noted in `misses` and answered with text
 * that is not JSON, so the caller's fallback path runs (and the test can see it did).
 */
import { escapeFenced } from "../src/prompts";
import { FakeOpenAi } from "./fake-openai";

export type RecordedKind = "interview_plan" | "answer_reading" | "question";

/**
 * Recordings by kind, then by the participant's last answer ("" before the first answer). A question
 * recording under "<read_back>" or "<close>" answers every read-back or closing request.
 */
export type Recordings = Partial<Record<RecordedKind, Record<string, string>>>;

export function kindOf(body: any): RecordedKind | "other" {
  const name = body?.response_format?.json_schema?.name;
  if (name === "interview_plan" || name === "answer_reading") return name;
  return body?.stream ? "question" : "other";
}

/** The participant's last answer in the fenced conversation of a request, as it was escaped there. */
export function lastAnswerIn(body: any): string {
  const text = (body?.messages ?? []).map((m: any) => String(m.content ?? "")).join("\n");
  const conversation = text.match(/<conversation>\n([\s\S]*?)\n<\/conversation>/)?.[1] ?? "";
  const turns = conversation.split(/\n\n(?=Interviewer: |Participant: )/);
  const last = [...turns].reverse().find((t) => t.startsWith("Participant: "));
  return last ? last.slice("Participant: ".length) : "";
}

export class RecordedOpenAi extends FakeOpenAi {
  readonly misses: Array<{ kind: string; answer: string }> = [];
  recordings: Recordings;

  constructor(recordings: Recordings = {}) {
    super({ reply: (body) => this.#lookup(body) });
    this.recordings = recordings;
  }

  #lookup(body: any): string {
    const kind = kindOf(body);
    const answer = lastAnswerIn(body);
    const table = kind === "other" ? undefined : this.recordings[kind];
    const system = String(body?.messages?.[0]?.content ?? "");
    const step = /Points: <participant_data>/.test(system)
      ? "<read_back>"
      : /Ask nothing\./.test(system)
        ? "<close>"
        : null;
    const special = kind === "question" && step ? table?.[step] : undefined;
    const hit =
      (special !== undefined ? ([step, special] as [string, string]) : undefined) ||
      (table &&
        Object.entries(table).find(
          ([key]) => escapeFenced(key) === answer || (kind === "interview_plan" && key === ""),
        ));
    if (!hit) {
      this.misses.push({ kind, answer });
      return "(no recording)";
    }
    // A read-back recording may stand for "the points given in the request, copied as told".
    const points = system.match(/Points: <participant_data>\n([\s\S]*?)\n<\/participant_data>/)?.[1] ?? "";
    return hit[1].replace("{points}", points);
  }
}
