import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "./client";
import {
  countApiCall,
  lockPayer,
  recordUsageEvent,
  releaseApiCall,
  releaseInterviewCall,
  takeInterviewCall,
  type UsageEvent,
} from "./queries/metering";
import { insertProject } from "./queries/projects";
import { createTestDb, seedInterview, seedUser } from "./testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

async function payerWithInterview(db: Db) {
  const user = await seedUser(db);
  const project = await insertProject(db, user.id, { title: "Clinic booking" });
  const interview = await seedInterview(db, project.id, { status: "in_progress" });
  return { user, project, interview };
}

/** The payer's month and the interview's ceiling counts, in one row. */
function counters(db: Db, userId: string, interviewId: number) {
  return db
    .selectFrom("users")
    .innerJoin("interviews", (join) => join.onTrue())
    .select(["monthly_api_usage", "monthly_api_cost", "ai_calls", "ai_tokens"])
    .where("users.id", "=", userId)
    .where("interviews.id", "=", interviewId)
    .executeTakeFirstOrThrow();
}

const turn = (userId: string, projectId: number, interviewId: number): UsageEvent => ({
  userId,
  projectId,
  interviewId,
  component: "interview_agent",
  model: "gpt-4o",
  operation: "interview_turn",
  inputTokens: 100.4,
  outputTokens: 20.4,
  audioSeconds: 0,
  costCents: 0.5,
  addsCall: false,
});

describe("metering queries", () => {
  it("stop an interview's calls at its ceiling of calls or of tokens", async () => {
    const { db } = handle;
    const { user, interview } = await payerWithInterview(db);
    expect(await takeInterviewCall(db, interview.id, { calls: 2, tokens: 1000 })).toBe(true);
    expect(await takeInterviewCall(db, interview.id, { calls: 2, tokens: 1000 })).toBe(true);
    expect(await takeInterviewCall(db, interview.id, { calls: 2, tokens: 1000 })).toBe(false);
    await db.updateTable("interviews").set({ ai_tokens: 1000 }).where("id", "=", interview.id).execute();
    expect(await takeInterviewCall(db, interview.id, { calls: 10, tokens: 1000 })).toBe(false);
    expect((await counters(db, user.id, interview.id)).ai_calls).toBe(2);
  });

  it("give back reserved calls without taking the counters below zero", async () => {
    const { db } = handle;
    const { user, interview } = await payerWithInterview(db);
    await countApiCall(db, user.id);
    await takeInterviewCall(db, interview.id, { calls: 5, tokens: 1000 });
    for (let i = 0; i < 2; i += 1) {
      await releaseApiCall(db, user.id);
      await releaseInterviewCall(db, interview.id);
    }
    const after = await counters(db, user.id, interview.id);
    expect(after.monthly_api_usage).toBe(0);
    expect(after.ai_calls).toBe(0);
  });

  it("record a usage event with its cost, its call unless reserved, and whole tokens on the interview", async () => {
    const { db } = handle;
    const { user, project, interview } = await payerWithInterview(db);
    await recordUsageEvent(db, turn(user.id, project.id, interview.id));
    await recordUsageEvent(db, { ...turn(user.id, project.id, interview.id), addsCall: true });
    const after = await counters(db, user.id, interview.id);
    expect(after.monthly_api_usage).toBe(1);
    expect(after.monthly_api_cost).toBeCloseTo(1, 6);
    expect(after.ai_tokens).toBe(2 * 121);
    const events = await db
      .selectFrom("usage_events")
      .select(["input_tokens", "output_tokens", "interview_id"])
      .where("user_id", "=", user.id)
      .execute();
    expect(events).toEqual([
      { input_tokens: 100, output_tokens: 20, interview_id: interview.id },
      { input_tokens: 100, output_tokens: 20, interview_id: interview.id },
    ]);
  });

  it("record usage only once a reservation holding the payer's lock has taken its interview call", async () => {
    const { db } = handle;
    const { user, project, interview } = await payerWithInterview(db);
    let recorded = false;
    let recording: Promise<void> | undefined;
    // A reservation holds the payer's lock; usage of the same interview recorded meanwhile queues
    // on that lock before it touches the interview, and both land once the reservation commits.
    await db.transaction().execute(async (trx) => {
      await lockPayer(trx, user.id);
      recording = recordUsageEvent(db, turn(user.id, project.id, interview.id)).then(() => {
        recorded = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await takeInterviewCall(trx, interview.id, { calls: 5, tokens: 10_000 })).toBe(true);
      await countApiCall(trx, user.id);
      expect(recorded).toBe(false);
    });
    await recording;
    expect(await counters(db, user.id, interview.id)).toMatchObject({
      monthly_api_usage: 1,
      ai_calls: 1,
      ai_tokens: 121,
    });
  });
});
