import { makePlan } from "@parley/ai/interview/plan";
import { collect, interviewTurn } from "@parley/ai/interview/turn";
import type { InterviewMessage } from "@parley/ai/interview/types";
import { DEFAULT_INTERVIEW_CEILING } from "@parley/ai/metering";
import { TIME_LIMIT_MINUTES } from "@parley/ai/roles";
import { describe, expect, it } from "vitest";
import {
  CALLS_PER_ANSWER,
  DEFAULT_PARTICIPANT_AI_RATE,
  FASTEST_ANSWER_MS,
  MemoryRateLimitStore,
  type ParticipantAiKind,
  RATE_RULES,
  RateLimiter,
  TOO_FAST,
} from "./rate-limit";

/** A rate limiter on a clock the test moves: an interview's minutes played in milliseconds. */
function limiterAt() {
  const clock = { now: Date.parse("2026-11-23T10:00:00.000Z") };
  const limiter = new RateLimiter(new MemoryRateLimitStore(() => clock.now));
  return { clock, limiter };
}

/** Whether a call is let through (false: refused as too fast, or by the address's hourly limit). */
async function allowed(limiter: RateLimiter, kind: ParticipantAiKind, link = 7, ip = "203.0.113.9") {
  try {
    await limiter.consumeParticipantAi(link, kind, ip);
    return true;
  } catch {
    return false;
  }
}

/**
 * The sentences of a reply as the web asks for their speech one by one (apps/web's
 * SentenceSplitter): a sentence ends at . ! ? … and a space, or at a line break, and a piece under
 * 12 characters waits for the next.
 */
function spokenSentences(reply: string): number {
  let count = 0;
  let piece = "";
  for (const part of reply.split(/(?<=[.!?…]["'”’)\]]*\s+|\n+)/)) {
    piece += part;
    if (piece.trim().length >= 12) {
      count += 1;
      piece = "";
    }
  }
  return count + (piece.trim() ? 1 : 0);
}

const PROJECT = {
  title: "Dispatch",
  objective: "Plan delivery routes without the morning scramble.",
  keyFeatures: "Route planning\nLive driver map\nCustomer notifications\nProof of delivery",
  constraints: "Works on old Android phones\nNo new hardware in the vans",
};

/** Answers that give the interviewer something to follow up on, so the interview runs long. */
const ANSWERS = [
  "I run dispatch for 20 drivers and every morning I plan the routes by hand on a spreadsheet.",
  "It takes about two hours each morning and it is frustrating when a driver calls in sick.",
  "We phone the customers ourselves when a van runs late, which happens most days.",
  "The drivers hate typing on their old Android phones while they are parked.",
  "We just use a whiteboard in the office for the live picture of where everyone is.",
  "Customers call us twice a day on average to ask where their parcel is.",
  "Proof of delivery is a paper slip today and we lose about 5 of them every week.",
];

/**
 * Plays a product manager's interview (the longest role) with the offline interviewer, one answer
 * every `everyMs`, from the welcome to the closing message, making the calls a voice participant
 * makes (a transcription, the turn, then each sentence's speech); answers whether any was refused,
 * and how many calls the interview made.
 */
async function voiceInterview(everyMs: number) {
  const { clock, limiter } = limiterAt();
  const plan = makePlan(PROJECT, "product_manager", TIME_LIMIT_MINUTES.product_manager);
  const messages: InterviewMessage[] = [];
  let refused = 0;
  let calls = 0;
  let answers = 0;
  let final = false;
  const call = async (kind: ParticipantAiKind) => {
    calls += 1;
    if (!(await allowed(limiter, kind))) refused += 1;
  };
  for (let guard = 0; guard < 200; guard += 1) {
    const start = clock.now;
    await call("turn");
    const turn = await interviewTurn({
      plan,
      project: PROJECT,
      stakeholderType: "product_manager",
      messages,
      now: clock.now,
      timeLimitMinutes: TIME_LIMIT_MINUTES.product_manager,
    });
    const reply = await collect(turn.stream);
    messages.push({ role: "ai", content: reply, timestamp: new Date(clock.now).toISOString() });
    // The sentences are asked for as they are written, within the second after the turn.
    for (let i = 0; i < spokenSentences(reply); i += 1) {
      clock.now += 100;
      await call("speech");
    }
    if (turn.final) {
      final = true;
      break;
    }
    clock.now = start + everyMs;
    answers += 1;
    await call("transcription");
    clock.now += 300;
    const answer =
      turn.decision.action === "read_back" ? "Yes, that's right." : ANSWERS[answers % ANSWERS.length]!;
    messages.push({ role: "user", content: answer, timestamp: new Date(clock.now).toISOString() });
  }
  return { refused, calls, answers, final };
}

describe("per-link AI limits: a person's pace is never refused (issue 24)", () => {
  it("never refuses a voice participant answering every 4 s (or every 3 s) for a whole interview, which stays within the interview's ceiling and the address's hourly limit", async () => {
    for (const everyMs of [FASTEST_ANSWER_MS, 3_000]) {
      const played = await voiceInterview(everyMs);
      expect(played.final).toBe(true);
      expect(played.answers).toBeGreaterThanOrEqual(10);
      expect(played.refused, `answering every ${everyMs} ms`).toBe(0);
      expect(played.calls).toBeLessThan(DEFAULT_INTERVIEW_CEILING.calls);
      expect(played.calls).toBeLessThan(RATE_RULES.anonymousAiPerIp.limit);
    }
  });

  it("never refuses a link making each kind of call as often as an answer every 4 s needs, for the longest role's whole time", async () => {
    const minutes = Math.max(...Object.values(TIME_LIMIT_MINUTES));
    for (const kind of Object.keys(CALLS_PER_ANSWER) as ParticipantAiKind[]) {
      const { clock, limiter } = limiterAt();
      const rules = limiter.participantAiRules[kind];
      let refused = 0;
      for (let t = 0; t < minutes * 60_000; t += FASTEST_ANSWER_MS) {
        clock.now += FASTEST_ANSWER_MS;
        for (let i = 0; i < CALLS_PER_ANSWER[kind]; i += 1) {
          // The per-link rules alone (the address's hourly limit is another test's).
          try {
            await limiter.consume(`link:${kind}:burst`, rules.burst, TOO_FAST);
            await limiter.consume(`link:${kind}:minute`, rules.minute, TOO_FAST);
          } catch {
            refused += 1;
          }
        }
      }
      expect(refused, kind).toBe(0);
    }
  });

  it("sizes the limits at twice that pace: 6 in any ten seconds and 30 a minute, three times that for spoken sentences", () => {
    expect(DEFAULT_PARTICIPANT_AI_RATE).toEqual({ burst: 6, perMinute: 30 });
    const { limiter } = limiterAt();
    expect(limiter.participantAiRules.turn.burst.limit).toBe(6);
    expect(limiter.participantAiRules.speech.minute.limit).toBe(90);
  });

  it("stops a runaway link: a burst of parallel calls gets 6 through, and calls as fast as it can never more than 30 a minute", async () => {
    const { clock, limiter } = limiterAt();
    const burst = await Promise.all(Array.from({ length: 20 }, () => allowed(limiter, "turn")));
    expect(burst.filter(Boolean)).toHaveLength(6);
    let passed = 6;
    for (let i = 0; i < 599; i += 1) {
      clock.now += 100; // ten calls a second, for the rest of the minute
      if (await allowed(limiter, "turn")) passed += 1;
    }
    expect(passed).toBeLessThanOrEqual(30);
  });

  it("holds one address to its hourly AI calls across links, whatever each link's pace", async () => {
    const { clock, limiter } = limiterAt();
    let passed = 0;
    for (let link = 1; link <= 40; link += 1) {
      for (let i = 0; i < 10; i += 1) {
        clock.now += FASTEST_ANSWER_MS;
        if (await allowed(limiter, "turn", link)) passed += 1;
      }
    }
    expect(passed).toBe(RATE_RULES.anonymousAiPerIp.limit);
  });
});
