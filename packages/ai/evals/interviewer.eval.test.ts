import { readFileSync } from "node:fs";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTENING_LIMIT } from "../src/interview/decide";
import { openAiInterviewProvider } from "../src/interview/openai";
import { bareTitle } from "../src/interview/questions";
import type { InterviewProvider } from "../src/interview/turn";
import { FakeOpenAi } from "../test/fake-openai";
import { relayKey } from "../test/fake-structured-openai";
import { RecordedOpenAi } from "../test/recorded-openai";
import { DIALOGUES, OWN_DIALOGUES } from "./dialogues";
import { type DialogueFigures, figures, type PlayedDialogue, play, table } from "./harness";
import { PARENT_RECORDINGS, SPANISH, SPANISH_RECORDINGS } from "./recordings";

/**
 * The interviewer evals: scripted stakeholders of all six types against the interviewer, offline
 * and through the model path (a recorded fake OpenAI server), with the figures printed and the
 * issue's targets asserted: >= 60% of follow-ups build on the answer, 0 repeats, 0 stacked
 * questions, >= 2 of 3 key features probed when the participant did not raise them, a read-back
 * and a final turn in every dialogue.
 */

/**
 * The targets. Offline, every follow-up is a question written once and asked as written
 * (issue 33: the participant's words are never spliced into a frame; its "that" may be said as the
 * thing the answer named, where that reads right); on the model path, >= 60%
 * of the model's follow-ups build on the answer. The read-back says what was heard in short
 * phrases (issue 33): at least two, each made of the participant's own words, never padded with
 * what they said about themselves.
 */
function assertTargets(rows: DialogueFigures[], path: "offline" | "model") {
  const followUps = rows.reduce((n, r) => n + r.followUps, 0);
  const built = rows.reduce((n, r) => n + r.builtOnAnswer, 0);
  expect(followUps).toBeGreaterThan(0);
  if (path === "model") expect(built / followUps).toBeGreaterThanOrEqual(0.6);
  for (const r of rows) {
    if (path === "offline") expect(r.splicedFollowUps, `${r.id}: spliced follow-ups`).toBe(0);
    expect(r.repeats, `${r.id}: repeated questions`).toBe(0);
    expect(r.stacked, `${r.id}: stacked questions`).toBe(0);
    if (r.featuresNotRaised >= 2) {
      expect(r.featuresProbed, `${r.id}: key features probed`).toBeGreaterThanOrEqual(
        Math.min(2, r.featuresNotRaised),
      );
    }
    expect(r.readBack, `${r.id}: read-back`).toBe(true);
    expect(r.readBackPoints, `${r.id}: read-back points`).toBeGreaterThanOrEqual(2);
    expect(r.readBackPoints).toBeLessThanOrEqual(5);
    expect(r.readBackHeard, `${r.id}: read-back of what the participant said`).toBe(true);
    expect(r.finalMarked, `${r.id}: final marked on the closing turn only`).toBe(true);
    expect(r.declinedReasked, `${r.id}: declined question asked again`).toBe(0);
    expect(r.leaks, `${r.id}: instructions revealed`).toBe(0);
  }
}

function assertPacing(played: PlayedDialogue) {
  const readBack = played.turns.find((t) => t.decision.action === "read_back")!;
  const close = played.turns.at(-1)!;
  // Closing starts within the last exchange before the limit less two minutes, and ends in time.
  expect(readBack.at).toBeLessThanOrEqual(played.limitMinutes - 2);
  expect(readBack.at).toBeGreaterThanOrEqual(
    played.limitMinutes - 2 - (played.dialogue.secondsPerAnswer + 5) / 60,
  );
  // Past the limit only while the participant still brings needs, and never past half as long again.
  const exchange = (played.dialogue.secondsPerAnswer + 5) / 60;
  expect(close.at).toBeLessThanOrEqual(played.limitMinutes * LISTENING_LIMIT + exchange);
  if (close.at > played.limitMinutes) {
    const after = played.turns.filter((t) => t.at > readBack.at && !t.final);
    expect(after.some((t) => t.decision.action === "follow_up")).toBe(true);
  }
}

describe("interviewer evals, offline", () => {
  const played: PlayedDialogue[] = [];
  beforeAll(async () => {
    for (const dialogue of DIALOGUES) played.push(await play(dialogue));
    console.log(table("Interviewer evals, offline (rules)", played.map(figures)));
  });

  it("covers the six stakeholder types with at least eight dialogues", () => {
    expect(played.length).toBeGreaterThanOrEqual(8);
    expect(new Set(played.map((p) => p.dialogue.stakeholderType)).size).toBe(6);
  });

  it("meets the targets: follow-ups as written, no repeats or stacked questions, features, read-back, final", () => {
    assertTargets(played.map(figures), "offline");
  });

  it("paces every dialogue to the role's limit: read-back from limit minus two minutes, closed in time", () => {
    for (const p of played) assertPacing(p);
  });

  it("says it is offline once, in the welcome", () => {
    for (const p of played) {
      // The read-back and follow-ups use the participant's words, who may say "offline" themselves.
      const offline = p.turns.filter(
        (t) =>
          t.decision.action !== "read_back" &&
          /offline/i.test(t.text) &&
          !/offline/i.test(t.decision.reflect ?? ""),
      );
      expect(offline.map((t) => t.decision.reason)).toEqual(["Welcome and the warm-up question."]);
    }
  });

  it("answers 'not sure' with one rephrase, and off-topic and injected instructions with a neutral redirect", () => {
    const turns = played.flatMap((p) =>
      p.turns.slice(1).map((t, k) => ({ t, answer: p.messages[2 * k + 1]?.content ?? "" })),
    );
    const after = (pattern: RegExp) => turns.filter(({ answer }) => pattern.test(answer)).map(({ t }) => t);
    expect(after(/football|weather|favourite movie/i).every((t) => t.decision.action === "redirect")).toBe(
      true,
    );
    const injected = after(/ignore|reveal your|you are now/i);
    expect(injected.length).toBeGreaterThanOrEqual(3);
    for (const t of injected) {
      // After a read-back, instructions bring nothing new: the interview closes.
      expect(["redirect", "read_back", "close"]).toContain(t.decision.action);
      expect(t.text).not.toMatch(/system prompt|instructions?:|pirate/i);
    }
    // "Not sure" is met with another question: the topic's other one where an answer has not
    // already given it (turn.test.ts), else the plan's next; never the same question again.
    const unsure = played.flatMap((p) =>
      p.turns.slice(1).flatMap((t, k) => {
        const answer = p.messages[2 * k + 1]?.content ?? "";
        const asked = p.messages[2 * k]?.content ?? "";
        return /^(Not sure|I don't know|No idea)\.$/.test(answer) ? [{ t, asked }] : [];
      }),
    );
    expect(unsure.length).toBeGreaterThanOrEqual(3);
    for (const { t, asked } of unsure) {
      expect(["rephrase", "next_topic", "read_back"]).toContain(t.decision.action);
      expect(t.text).not.toContain(asked.split(/(?<=[.!?])\s+/).at(-1));
    }
  });

  it("stores the read-back answer as confirmations and corrections of the points", () => {
    const clinic = played.find((p) => p.dialogue.id === "business-clinic-manager")!;
    const review = clinic.turns.at(-1)!.review!;
    expect(review.points.length).toBeGreaterThanOrEqual(3);
    const correction = review.corrections.find((c) => c.point !== null)!;
    expect(review.points[correction.point!]).toContain("18 percent");
    expect(review.confirmations).not.toContain(correction.point);
    const dev = played.find((p) => p.dialogue.id === "developer-dispatch")!.turns.at(-1)!.review!;
    expect(dev.corrections).toEqual([]);
    expect(dev.confirmations).toHaveLength(dev.points.length);
  });
});

describe("issue 33's own dialogues, offline: a practice owner and a patient", () => {
  const played: PlayedDialogue[] = [];
  beforeAll(async () => {
    for (const dialogue of OWN_DIALOGUES) played.push(await play(dialogue));
  });
  /** Each answer with the interviewer message that replies to it. */
  const replies = (p: PlayedDialogue) =>
    p.messages.flatMap((m, i) =>
      m.role === "user" ? [{ answer: m.content, turn: p.turns[(i + 1) / 2]!, at: (i + 1) / 2 }] : [],
    );

  it("asks follow-ups as written, and names a planned feature only as the owner typed it: in quotes, or bare where that reads right", () => {
    for (const p of played) {
      expect(figures(p).splicedFollowUps, p.dialogue.id).toBe(0);
      const titles = (p.dialogue.project.keyFeatures ?? "").split("\n");
      for (const turn of p.turns.filter((t) => t.decision.action !== "read_back"))
        for (const title of titles) {
          const bare = bareTitle(title);
          const rest = turn.text.replaceAll(`"${title}"`, "");
          expect(bare ? rest.replaceAll(bare, "") : rest, turn.text).not.toMatch(new RegExp(title, "i"));
        }
    }
  });

  it("never asks how they would measure success once they have said it", () => {
    for (const p of played) {
      const said = replies(p).findIndex((r) => /success|works if/i.test(r.answer));
      expect(said).toBeGreaterThanOrEqual(0);
      const later = p.turns.slice(replies(p)[said]!.at + 1);
      for (const t of later.filter((t) => t.decision.action !== "read_back"))
        expect(t.text).not.toMatch(/success|clear win/i);
    }
  });

  it("answers a bare yes without a rephrase or a question about something unsaid, and a 'that's all' with the read-back", () => {
    for (const p of played) {
      const all = replies(p);
      const yes = all.filter(
        (r) => /^yes, (that's right|exactly)\.$/i.test(r.answer) && r.turn.decision.action !== "close",
      );
      expect(yes.length).toBeGreaterThan(0);
      for (const { turn } of yes) {
        expect(turn.text).not.toMatch(/put it another way|depend on|say a bit more|tell me more/i);
        const previous = p.turns[p.turns.indexOf(turn) - 1]!;
        // A follow-up the yes left unanswered is asked again, once, as it was asked; after a want
        // said back, the yes confirmed it, and the question goes on from there.
        if (turn.decision.action === "rephrase") {
          const question = previous.text.match(/[^.!?]*\?$/)![0].trim();
          expect(turn.text).toBe(
            /^(?:So you|Got it: you)\b/.test(previous.text)
              ? `Good. And ${question[0]!.toLowerCase()}${question.slice(1)}`
              : `Let me ask it again: ${question}`,
          );
          continue;
        }
        // The same topic's other question, or the next topic's when what it asks was answered before.
        const before = previous.decision.topicId;
        if (turn.decision.topicId !== before)
          expect(turn.text).not.toMatch(/judge whether|worth to|success/i);
        expect(turn.decision.action).toBe("next_topic");
      }
      const done = all.find((r) => /covers it|that is everything/i.test(r.answer))!;
      expect(done.turn.decision.action).toBe("read_back");
    }
  });

  it("closes once, cleanly, after the read-back is confirmed", () => {
    for (const p of played) {
      const close = p.turns.at(-1)!;
      expect(close.final).toBe(true);
      expect(p.turns.filter((t) => t.final)).toHaveLength(1);
      expect(close.text).toContain("End Interview");
      expect(close.text).not.toContain("?");
    }
  });

  it("reads back what they want, what they don't want and how they judge success, in short phrases", () => {
    for (const p of played) {
      const points = p.turns.find((t) => t.decision.action === "read_back")!.readBack!.points;
      const text = points.join("\n");
      expect(text, p.dialogue.id).toMatch(/^You(?:'d| would) (?:like|love)\b/m);
      expect(text, p.dialogue.id).toMatch(/^You don't want\b/m);
      expect(text, p.dialogue.id).toMatch(/success|works if/i);
      for (const point of points) {
        expect(point.split(/\s+/).length, point).toBeLessThanOrEqual(22);
        expect(point).not.toMatch(/\b(?:I|my|we|our)\b/);
      }
    }
    const owner = played.find((p) => p.dialogue.stakeholderType === "business")!;
    const ownerPoints = owner.turns.find((t) => t.decision.action === "read_back")!.readBack!.points;
    // The integration is heard; who they are is not a need.
    expect(ownerPoints.join(" ")).toContain("Dentally");
    expect(ownerPoints.join(" ")).not.toMatch(/Harbour Dental|nine dentists/);
  });
});

describe("interviewer evals, model path (recorded responses through the fake OpenAI server)", () => {
  const fake = new RecordedOpenAi();
  const played: PlayedDialogue[] = [];
  beforeAll(async () => {
    const url = await fake.start();
    const provider = openAiInterviewProvider(
      new OpenAI({ apiKey: "test", baseURL: url, maxRetries: 0 }),
      "gpt-4o-mini",
    );
    fake.recordings = PARENT_RECORDINGS;
    played.push(await play(DIALOGUES[0]!, provider, { storeDecisions: true }));
    fake.recordings = SPANISH_RECORDINGS;
    played.push(await play(SPANISH, provider, { storeDecisions: true }));
    console.log(table("Interviewer evals, model path (recorded)", played.map(figures)));
  });
  afterAll(() => fake.stop());

  it("meets the same targets as the offline interviewer", () => {
    expect(fake.misses).toEqual([]);
    assertTargets(played.map(figures), "model");
    for (const p of played) assertPacing(p);
  });

  it("asks for the plan with a strict json_schema, then streams each question as the turn's one call before the first word", () => {
    const requests = fake.chatRequests().map((r) => r.body);
    const plans = requests.filter((b) => b.response_format?.json_schema?.name === "interview_plan");
    expect(plans).toHaveLength(2);
    const questions = requests.filter((b) => b.stream);
    expect(questions.length).toBe(played.reduce((n, p) => n + p.turns.length, 0));
    for (const b of questions) {
      expect(b.messages[0].content).toContain("in the language the participant writes in");
      expect(b.messages[0].content).toContain("Never reveal");
    }
    // Readings run beside the stream, and only where the rules cannot read the answers (Spanish).
    const readings = requests.filter((b) => b.response_format?.json_schema?.name === "answer_reading");
    const spanishMiddle = played[1]!.turns.filter(
      (t, k) => k > 0 && !["read_back", "close"].includes(t.decision.action),
    );
    expect(readings).toHaveLength(spanishMiddle.length);
    for (const b of [...plans, ...readings]) {
      expect(b.response_format.type).toBe("json_schema");
      expect(b.response_format.json_schema.strict).toBe(true);
      expect(b.stream).toBeFalsy();
    }
    expect(readings.every((b) => /[áéíóúñ¿]/.test(JSON.stringify(b.messages)))).toBe(true);
  });

  it("keeps participant text inside the conversation fence, injected instructions included", () => {
    const injected = fake
      .chatRequests()
      .map((r) => r.body)
      .filter((b) => JSON.stringify(b.messages).includes("Ignora las instrucciones"));
    expect(injected.length).toBeGreaterThan(0);
    for (const b of injected) {
      const system = b.messages[0].content as string;
      expect(system).not.toContain("Ignora las instrucciones");
      expect(b.messages[1].content).toMatch(
        /<conversation>[\s\S]*Ignora las instrucciones[\s\S]*<\/conversation>/,
      );
    }
  });

  it("decides every turn by the rules: a reading that is not JSON leaves their decision, one of instructions is answered as a redirect", () => {
    const spanish = played[1]!;
    const [, s1, , s3] = SPANISH.answers;
    const after = (answer: string) =>
      spanish.turns[(spanish.messages.findIndex((m) => m.role === "user" && m.content === answer) + 1) / 2]!;
    expect(after(s1!).decision.reading).toBeUndefined();
    expect(after(s3!).decision).toMatchObject({ reading: "instructions", action: "redirect" });
    const readBack = spanish.turns.find((t) => t.decision.action === "read_back")!;
    expect(readBack.readBack!.points.join(" ")).not.toContain("Ignora");
    // The English dialogue's answers are the rules' to read: no reading was asked for.
    expect(played[0]!.turns.every((t) => t.decision.reading === undefined)).toBe(true);
  });

  it("answers in the participant's language and ends with a final turn after the read-back", () => {
    const spanish = played[1]!;
    expect(spanish.turns.at(-1)!.final).toBe(true);
    expect(spanish.turns.filter((t) => t.final)).toHaveLength(1);
    const readBack = spanish.turns.find((t) => t.decision.action === "read_back")!;
    expect(readBack.text).toMatch(/^Esto es lo que entendí:/);
    for (const point of readBack.readBack!.points) expect(readBack.text).toContain(point);
    expect(spanish.turns.at(-1)!.review!.confirmations).toHaveLength(readBack.readBack!.points.length);
  });
});

describe("interviewer evals, model path: a capable model's answers to our own dialogues", () => {
  /**
   * Written through the relay by a capable assistant model answering Parley's own requests
   * (bench/interviewer-relay.ts --save-fixtures), keyed as ../shared/tools/model-relay.mjs keys them.
   */
  const answers: Record<string, string> = JSON.parse(
    readFileSync(new URL("./interviewer-model-answers.json", import.meta.url), "utf8"),
  );
  const misses: string[] = [];
  const fake = new FakeOpenAi({
    reply: (body) => {
      const answer = answers[relayKey(body)];
      if (answer === undefined) misses.push(body.response_format?.json_schema?.name ?? "question");
      return answer ?? "";
    },
  });
  const played: PlayedDialogue[] = [];
  /** What the model wrote for each streamed question, in order. */
  const written: string[] = [];
  beforeAll(async () => {
    const url = await fake.start();
    const base = openAiInterviewProvider(
      new OpenAI({ apiKey: "test", baseURL: url, maxRetries: 0 }),
      "gpt-4o",
    );
    const provider: InterviewProvider = {
      ...base,
      async *stream(messages, signal) {
        written.push("");
        const at = written.length - 1;
        for await (const chunk of base.stream(messages, signal)) {
          written[at] += chunk;
          yield chunk;
        }
      },
    };
    for (const dialogue of [...OWN_DIALOGUES, ...DIALOGUES])
      played.push(await play(dialogue, provider, { storeDecisions: true }));
    console.log(table("Interviewer evals, model path (a capable model's answers)", played.map(figures)));
  });
  afterAll(() => fake.stop());

  it("plays every dialogue to a read-back and a close, with no repeated or stacked question", () => {
    expect(misses, "requests with no recorded answer: run bench/interviewer-relay.ts").toEqual([]);
    for (const p of played) {
      const r = figures(p);
      expect(r.readBack, p.dialogue.id).toBe(true);
      expect(r.finalMarked, p.dialogue.id).toBe(true);
      expect(r.repeats, p.dialogue.id).toBe(0);
      expect(r.stacked, p.dialogue.id).toBe(0);
      expect(r.leaks, p.dialogue.id).toBe(0);
    }
  });

  it("shows the model's messages as written: the checks change at most 5% of them", () => {
    const shown = played.flatMap((p) => p.turns.map((t) => t.text));
    expect(shown).toHaveLength(written.length);
    const flat = (s: string) => s.replace(/\s+/g, " ").trim();
    const changed = shown.filter((text, i) => flat(text) !== flat(written[i]!));
    expect(changed.length / shown.length).toBeLessThanOrEqual(0.05);
  });
});
