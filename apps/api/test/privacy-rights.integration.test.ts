import { resolvePersonalDetails } from "@parley/db/queries/personal-details";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finished } from "./evidence-fixtures";
import {
  Client,
  jobsSettled,
  signUpOnPlan,
  startTestServer,
  type TestServer,
  trpcMutation,
  trpcQuery,
} from "./harness";
import { mailFor } from "./outbox";

/**
 * Issue 26 offline: the rules write documents with placeholders too; the owner keeps raw
 * conversations only as long as the project says; the participant's private link shows and deletes
 * what they said, once, and only for their own interview. (Words written for these tests.)
 */

const EMAIL = "ana.ruiz@depot.example";
const DRIVER = "John Miller";

const DEPOT = [
  ["ai", "What is your role?"],
  [
    "user",
    `I plan the routes at the depot. I need to see every van on one map so that I can send the closest driver. Our driver ${DRIVER} calls me every morning. Email me at ${EMAIL}.`,
  ],
  ["ai", "Anything else?"],
  ["user", "I want alerts when a van is late so that I can warn the customer."],
] as const;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOnPlan>>;
let projectId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOnPlan(server, "pro");
  projectId = (
    await owner.client.post("/api/projects", { title: "Depot routing", objective: "Fewer late vans" })
  ).body.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A completed interview and its participant's browser (which still holds the share-link grant). */
async function finishedInterview(name: string) {
  const interview = await owner.client.post("/api/interviews", { projectId, name, stakeholderType: "user" });
  const participant = new Client(server.url);
  await participant.get(`/api/interviews/share/${interview.body.shareLink}`);
  const id = interview.body.id as number;
  await participant.patch(`/api/interviews/${id}/start`);
  await participant.post("/api/conversations", {
    interviewId: id,
    messages: DEPOT.map(([role, content]) =>
      JSON.stringify({ role, content, timestamp: new Date().toISOString() }),
    ),
  });
  expect((await participant.patch(`/api/interviews/${id}/status`, { status: "completed" })).status).toBe(200);
  return { id, participant };
}

/** The key of a private link (it rides in the fragment). */
const keyOf = (url: string) => new URL(url).hash.slice(1);

describe("offline documents", () => {
  it("carry placeholders, and the raw conversation keeps the details, marked for the owner", async () => {
    const { id } = await finishedInterview("Planner");
    await jobsSettled(server);
    const started = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
    expect((await finished(owner.client, started.body.jobId)).status).toBe("succeeded");
    const synthesis = await owner.client.post(`/api/projects/${projectId}/synthesis`);
    expect((await finished(owner.client, synthesis.body.jobId)).status).toBe("succeeded");
    const requirements = JSON.stringify(
      (await owner.client.get(`/api/projects/${projectId}/requirements`)).body,
    );
    const summary = (await owner.client.get(`/api/projects/${projectId}/summary`)).body.summary as string;
    for (const written of [requirements, summary]) {
      expect(written).not.toContain(EMAIL);
      expect(written).not.toContain(DRIVER);
    }
    expect(requirements).toMatch(/\[(PERSON|EMAIL) \d+\]|see every van/);
    // The owner reads the raw words, with the details marked.
    const conversation = await owner.client.get(`/api/interviews/${id}/conversation`);
    expect(JSON.stringify(conversation.body)).toContain(EMAIL);
    const marked = await trpcQuery(owner.client, "interviews.personalDetails", { id });
    const details = marked.body.result.data.details as Array<{ kind: string; text: string }>;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "EMAIL", text: EMAIL }),
        expect.objectContaining({ kind: "PERSON", text: DRIVER }),
      ]),
    );
    // Another owner cannot read them.
    const stranger = await signUpOnPlan(server, "pro");
    expect((await trpcQuery(stranger.client, "interviews.personalDetails", { id })).status).toBe(404);
  });
});

describe("retention", () => {
  it("deletes a raw conversation past the project's setting and keeps the documents", async () => {
    const { id } = await finishedInterview("Old planner");
    const recent = await finishedInterview("New planner");
    await jobsSettled(server);
    const saved = await owner.client.post(`/api/projects/${projectId}/summary`, {
      summary: "Planners want a live map.",
    });
    expect(saved.status).toBe(200);
    const set = await owner.client.patch(`/api/projects/${projectId}`, { retentionDays: 30 });
    expect(set.body.retentionDays).toBe(30);
    expect((await owner.client.patch(`/api/projects/${projectId}`, { retentionDays: 45 })).status).toBe(400);
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await server.services.db
      .updateTable("interviews")
      .set({ completed_at: longAgo, created_at: longAgo })
      .where("id", "=", id)
      .execute();
    await server.services.db
      .updateTable("interview_turns")
      .set({ created_at: longAgo })
      .where("interview_id", "=", id)
      .execute();

    await server.services.jobs.enqueue("privacy.retention", {});
    await jobsSettled(server);

    expect((await owner.client.get(`/api/interviews/${id}/conversation`)).status).toBe(404);
    const interview = (await owner.client.get(`/api/interviews/${id}`)).body;
    expect(interview).toMatchObject({ rawDeletedBy: "retention" });
    expect(interview.rawDeletedAt).toBeTruthy();
    // The recent interview and the documents are kept.
    expect((await owner.client.get(`/api/interviews/${recent.id}/conversation`)).status).toBe(200);
    expect((await owner.client.get(`/api/projects/${projectId}/summary`)).body.summary).toBe(
      "Planners want a live map.",
    );
    await owner.client.patch(`/api/projects/${projectId}`, { retentionDays: null });
  });
});

describe("the participant's private link", () => {
  it("shows what they said, deletes it once, tells the owner, and is refused for another interview", async () => {
    const first = await finishedInterview("Dispatcher");
    const second = await finishedInterview("Driver lead");
    const issued = await trpcMutation(first.participant, "privacy.privateLink", { interviewId: first.id });
    expect(issued.status).toBe(200);
    const url = issued.body.result.data.url as string;
    // Made once: a second browser holding the forwarded share link cannot take the rights over.
    const forwarded = new Client(server.url);
    const shareLink = (
      await server.services.db
        .selectFrom("interviews")
        .select("share_link")
        .where("id", "=", first.id)
        .executeTakeFirstOrThrow()
    ).share_link;
    await forwarded.get(`/api/interviews/share/${shareLink}`);
    const takeover = await trpcMutation(forwarded, "privacy.privateLink", { interviewId: first.id });
    expect(takeover.status).toBe(409);
    expect(takeover.body.error.message).toBe(
      "Your private link was already given on the thank-you page. Use that link to see or delete your answers.",
    );
    expect(url).toMatch(new RegExp(`/my-answers/${first.id}#`));
    const key = keyOf(url);
    const anonymous = new Client(server.url);

    const seen = await trpcMutation(anonymous, "privacy.ownAnswers", { interviewId: first.id, key });
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body.result.data.messages)).toContain(EMAIL);

    // The same key opens nothing else, and deletes nothing else.
    expect(
      (await trpcMutation(anonymous, "privacy.ownAnswers", { interviewId: second.id, key })).status,
    ).toBe(404);
    expect(
      (await trpcMutation(anonymous, "privacy.deleteOwnAnswers", { interviewId: second.id, key })).status,
    ).toBe(404);
    expect((await owner.client.get(`/api/interviews/${second.id}/conversation`)).status).toBe(200);

    const deleted = await trpcMutation(anonymous, "privacy.deleteOwnAnswers", { interviewId: first.id, key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.result.data.deleted).toBe(true);
    // Once only.
    const again = await trpcMutation(anonymous, "privacy.deleteOwnAnswers", { interviewId: first.id, key });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe("This link is not valid, or what it opened has been deleted.");
    expect((await trpcMutation(anonymous, "privacy.ownAnswers", { interviewId: first.id, key })).status).toBe(
      404,
    );

    // The raw record is gone, its personal details with it; the owner sees why and is told.
    expect((await owner.client.get(`/api/interviews/${first.id}/conversation`)).status).toBe(404);
    expect((await owner.client.get(`/api/interviews/${first.id}`)).body.rawDeletedBy).toBe("participant");
    const mentions = await server.services.db
      .selectFrom("personal_detail_mentions")
      .select("detail_id")
      .where("interview_id", "=", first.id)
      .execute();
    expect(mentions).toHaveLength(0);
    // A job that read the record before the deletion and redacts now mentions nothing for it.
    await resolvePersonalDetails(server.services.db, projectId, first.id, [
      { kind: "EMAIL", key: EMAIL, value: EMAIL },
    ]);
    expect(
      await server.services.db
        .selectFrom("personal_detail_mentions")
        .select("detail_id")
        .where("interview_id", "=", first.id)
        .execute(),
    ).toHaveLength(0);
    const mail = await mailFor(server, owner.email);
    expect(mail.subject).toBe("A participant deleted their answers: Dispatcher");
    expect(mail.text_body).toContain("used their private link to delete what they said");
  });

  it("is only for the participant of a finished interview", async () => {
    const interview = await owner.client.post("/api/interviews", {
      projectId,
      name: "Unfinished",
      stakeholderType: "user",
    });
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.body.shareLink}`);
    const early = await trpcMutation(participant, "privacy.privateLink", { interviewId: interview.body.id });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe("Finish the interview first, then get your private link");
    // Without the interview's grant there is no interview to speak of.
    expect(
      (await trpcMutation(new Client(server.url), "privacy.privateLink", { interviewId: interview.body.id }))
        .status,
    ).toBe(404);
  });
});
