import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bikeProject, finished, parseCsv } from "./evidence-fixtures";
import {
  Client as Browser,
  signUp,
  startTestServer,
  type TestServer,
  trpcMutation,
  trpcQuery,
} from "./harness";

describe("evidence jobs, offline", () => {
  let server: TestServer;
  let bikes: Awaited<ReturnType<typeof bikeProject>>;
  beforeAll(async () => {
    server = await startTestServer();
    bikes = await bikeProject(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("reads an interview for evidence as soon as its participant completes it", async () => {
    const { rider, operator } = bikes;
    const stored = async () =>
      (
        await server.services.db
          .selectFrom("interview_extractions")
          .select("interview_id")
          .where("interview_id", "in", [rider, operator])
          .execute()
      )
        .map((row) => row.interview_id)
        .sort((a, b) => a - b);
    await expect
      .poll(stored, { timeout: 20_000, interval: 250 })
      .toEqual([rider, operator].sort((a, b) => a - b));
  });

  it("summarizes as a job: 202 with a job id (the same one while it runs), then themes, conflicts and the saved summary", async () => {
    const { owner, projectId, rider, operator } = bikes;
    const [first, second] = await Promise.all([
      owner.client.post(`/api/projects/${projectId}/synthesis`),
      owner.client.post(`/api/projects/${projectId}/synthesis`),
    ]);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ jobId: expect.any(String) });
    expect(second.body.jobId).toBe(first.body.jobId);

    const job = await finished(owner.client, first.body.jobId);
    expect(job.status).toBe("succeeded");
    expect(job.progress.done).toBe(job.progress.total);
    expect(job.progress.total).toBe(3);
    const result = job.result;
    expect(Object.keys(result).sort()).toEqual(["conflicts", "documentId", "notices", "summary", "themes"]);
    // Both interviews are in English: the offline rules read them all, and nothing needs saying.
    expect(result.notices).toEqual([]);
    expect(result.summary).toMatch(/Rider[\s\S]*Operator/);
    expect(result.summary).toMatch(/## Themes[\s\S]*## Conflicts[\s\S]*## Open questions/);
    const reminders = result.themes.find((t: any) => t.title === "Reminders");
    expect(reminders).toMatchObject({
      interviewIds: [rider, operator],
      stakeholderTypes: ["user", "business"],
      count: 2,
    });
    expect(reminders.evidence).toContainEqual({
      interviewId: operator,
      turn: 1,
      quote: "I don't want reminders by text because they cost us money",
    });
    expect(result.conflicts).toEqual([
      {
        topic: "Reminders",
        positions: [
          expect.objectContaining({ interviewId: rider, stance: "wants" }),
          expect.objectContaining({
            interviewId: operator,
            stance: "does_not_want",
            quote: "I don't want reminders by text because they cost us money",
          }),
        ],
      },
    ]);

    // Saved: the active summary and the project's summary text; the Conflicts panel reads it back.
    expect((await owner.client.get(`/api/projects/${projectId}/summary`)).body.summary).toBe(result.summary);
    const documents = (await owner.client.get(`/api/projects/${projectId}/documents`)).body;
    expect(documents.find((d: any) => d.id === result.documentId)).toMatchObject({
      kind: "summary",
      isActive: true,
    });
    const panel = await owner.client.get(`/api/projects/${projectId}/synthesis`);
    expect(panel.body).toMatchObject({ documentId: result.documentId, conflicts: result.conflicts });
    const viaTrpc = await trpcQuery(owner.client, "evidence.synthesis", { projectId });
    expect(viaTrpc.body.result.data.themes).toEqual(result.themes);
  });

  it("generates requirements as a job: evidence on every story, a 'must never' as a criterion that forbids it, saved as rows and a version", async () => {
    const { owner, projectId, operator } = bikes;
    const started = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
    expect(started.status).toBe(202);
    const job = await finished(owner.client, started.body.jobId);
    expect(job.status).toBe("succeeded");
    const features = job.result.epics.flatMap((e: any) => e.features);
    const stories = features.flatMap((f: any) => f.stories);
    const criteria = features.flatMap((f: any) => f.acceptanceCriteria);
    expect(stories.length).toBeGreaterThan(0);
    for (const story of stories) {
      expect(story.evidence.length).toBeGreaterThan(0);
      expect(["high", "medium", "low"]).toContain(story.priority);
      // The refusal never becomes a wish: shown as a need still to write, it still forbids.
      if (/store card numbers/i.test(story.action)) expect(story.action).toMatch(/must never store/i);
    }
    expect(stories).toContainEqual(
      expect.objectContaining({ userType: "commuter", assumption: false, benefit: "I can ride in seconds" }),
    );
    expect(stories).toContainEqual(expect.objectContaining({ userType: "rider", assumption: true }));
    const forbidding = criteria.find((c: any) => /must never store card numbers/.test(c.text));
    expect(forbidding.evidence).toEqual([
      { interviewId: operator, turn: 1, quote: "The app must never store card numbers" },
    ]);

    const stored = (await owner.client.get(`/api/projects/${projectId}/requirements`)).body;
    const storedStories = stored.epics.flatMap((e: any) => e.features.flatMap((f: any) => f.stories));
    expect(storedStories).toHaveLength(stories.length);
    expect(storedStories[0].evidence.length).toBeGreaterThan(0);
    expect(stored.documents[0]).toMatchObject({ kind: "requirements", isActive: true });

    // The owner edits a story; a refresh keeps the edit and adds nothing twice.
    const edited = storedStories.find((s: any) => s.userType === "commuter");
    const update = await trpcMutation(owner.client, "requirements.updateStory", {
      id: edited.id,
      userType: "daily commuter",
      action: "unlock a bike with my phone in one tap",
      benefit: "I can ride in seconds",
    });
    expect(update.status).toBe(200);
    const again = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
    expect((await finished(owner.client, again.body.jobId)).status).toBe("succeeded");
    const refreshed = (await owner.client.get(`/api/projects/${projectId}/requirements`)).body;
    const after = refreshed.epics.flatMap((e: any) => e.features.flatMap((f: any) => f.stories));
    expect(after).toHaveLength(stories.length);
    expect(after).toContainEqual(
      expect.objectContaining({
        userType: "daily commuter",
        action: "unlock a bike with my phone in one tap",
      }),
    );
    expect(refreshed.documents.filter((d: any) => d.kind === "requirements")).toHaveLength(2);
  });

  it("keeps what the owner deleted deleted: a refresh does not bring back a story, a criterion or a feature; an emptied tree starts over", async () => {
    const { owner, projectId } = await bikeProject(server);
    const generate = async () => {
      const started = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
      expect((await finished(owner.client, started.body.jobId)).status).toBe("succeeded");
      return (await owner.client.get(`/api/projects/${projectId}/requirements`)).body;
    };
    const featuresOf = (tree: any) => tree.epics.flatMap((e: any) => e.features);
    const storiesOf = (tree: any) => featuresOf(tree).flatMap((f: any) => f.stories);
    const criteriaOf = (tree: any) => featuresOf(tree).flatMap((f: any) => f.acceptanceCriteria);
    const first = await generate();
    expect(featuresOf(first).length).toBeGreaterThan(1);

    // Delete one story, one criterion (through the feature's edit) and one whole feature.
    const story = storiesOf(first).find((s: any) => s.userType === "commuter");
    expect((await trpcMutation(owner.client, "requirements.deleteStory", { id: story.id })).status).toBe(200);
    const withCriteria = featuresOf(first).find(
      (f: any) => f.acceptanceCriteria.length && !f.stories.some((s: any) => s.id === story.id),
    );
    const [dropped, ...keptCriteria] = withCriteria.acceptanceCriteria;
    const edit = await trpcMutation(owner.client, "requirements.updateFeature", {
      id: withCriteria.id,
      acceptanceCriteria: keptCriteria,
    });
    expect(edit.status).toBe(200);
    const gone = featuresOf(first).find(
      (f: any) => f.id !== withCriteria.id && !f.stories.some((s: any) => s.id === story.id),
    );
    expect(gone).toBeDefined();
    expect((await trpcMutation(owner.client, "requirements.deleteFeature", { id: gone.id })).status).toBe(
      200,
    );

    const refreshed = await generate();
    expect(storiesOf(refreshed)).not.toContainEqual(
      expect.objectContaining({ userType: story.userType, action: story.action }),
    );
    // (written by rules, "To be written: …" is the same words on every feature: it stays gone from this one)
    const sameFeature = featuresOf(refreshed).find((f: any) => f.name === withCriteria.name);
    expect((sameFeature?.acceptanceCriteria ?? []).map((c: any) => c.text)).not.toContain(dropped.text);
    expect(featuresOf(refreshed).map((f: any) => f.name)).not.toContain(gone.name);
    // Everything else is still there, once.
    expect(storiesOf(refreshed)).toHaveLength(storiesOf(first).length - 1 - gone.stories.length);
    expect(criteriaOf(refreshed)).toHaveLength(criteriaOf(first).length - 1 - gone.acceptanceCriteria.length);

    // The owner clears the whole tree and asks again: it starts over, deleted items included.
    for (const epic of refreshed.epics) {
      const removed = await trpcMutation(owner.client, "requirements.deleteEpic", { id: epic.id });
      expect(removed.status).toBe(200);
    }
    const fresh = await generate();
    expect(storiesOf(fresh)).toHaveLength(storiesOf(first).length);
    expect(featuresOf(fresh).map((f: any) => f.name)).toContain(gone.name);
  });

  it("exports the tree as Jira CSV, Linear CSV, JSON and Markdown, with file names and safe cells", async () => {
    const { owner, projectId } = bikes;
    const epicId = (await owner.client.get(`/api/projects/${projectId}/requirements`)).body.epics[0].id;
    const feature = await trpcMutation(owner.client, "requirements.addFeature", {
      epicId,
      name: '=HYPERLINK("http://evil")',
      description: 'Quotes "here", commas, and\na line break',
    });
    expect(feature.status).toBe(200);

    const jira = await owner.client.get(`/api/projects/${projectId}/requirements/export?format=jira-csv`);
    expect(jira.status).toBe(200);
    expect(jira.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(jira.headers.get("content-disposition")).toBe(
      'attachment; filename="bike-share-requirements-jira.csv"',
    );
    const rows = parseCsv(jira.text);
    expect(rows[0]).toEqual([
      "Issue ID",
      "Parent",
      "Summary",
      "Issue Type",
      "Epic Name",
      "Epic Link",
      "Description",
      "Priority",
    ]);
    expect(new Set(rows.slice(1).map((r) => r.length))).toEqual(new Set([8]));
    const epicRows = rows.filter((r) => r[3] === "Epic");
    const storyRows = rows.filter((r) => r[3] === "Story");
    expect(epicRows.length).toBeGreaterThan(0);
    for (const story of storyRows) expect(epicRows.map((e) => e[0])).toContain(story[1]);
    const unlock = storyRows.find((r) => r[2] === "Bike unlocking")!;
    expect(unlock[6]).toContain(
      "“I need to unlock the bike with my phone so that I can ride in seconds” (Rider, turn 2)",
    );
    expect(unlock[6]).toContain("Acceptance criteria:");
    const evil = storyRows.find((r) => r[2]?.includes("HYPERLINK"))!;
    expect(evil[2]).toBe('\'=HYPERLINK("http://evil")');
    expect(evil[6]).toBe('Quotes "here", commas, and\na line break');

    const linear = await owner.client.get(`/api/projects/${projectId}/requirements/export?format=linear-csv`);
    expect(linear.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(linear.headers.get("content-disposition")).toContain("bike-share-requirements-linear.csv");
    const linearRows = parseCsv(linear.text);
    expect(linearRows[0]).toEqual(["Title", "Description", "Priority", "Labels"]);
    expect(linearRows.find((r) => r[0] === "Bike unlocking")).toEqual([
      "Bike unlocking",
      expect.stringContaining("As a daily commuter, I want to unlock a bike with my phone in one tap"),
      "Medium",
      "Bike unlocking,Assumption",
    ]);

    const json = await owner.client.get(`/api/projects/${projectId}/requirements/export?format=json`);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("content-disposition")).toContain("bike-share-requirements.json");
    expect(json.body.project).toEqual({ id: projectId, title: "Bike share" });
    const jsonStories = json.body.epics.flatMap((e: any) => e.features.flatMap((f: any) => f.stories));
    expect(jsonStories.every((s: any) => Array.isArray(s.evidence))).toBe(true);

    const md = await owner.client.get(`/api/projects/${projectId}/requirements/export?format=markdown`);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.text).toMatch(/^# Bike share - Requirements/);
    expect(md.text).toContain("> “The app must never store card numbers” (Operator, turn 2)");

    for (const format of ["", "xlsx"]) {
      const bad = await owner.client.get(`/api/projects/${projectId}/requirements/export?format=${format}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("format must be one of jira-csv, linear-csv, json, markdown");
    }
  });

  it("writes the build prompt on the server in one call, and the partner cites interviews, both from the evidence", async () => {
    const { owner, projectId } = bikes;
    const prompt = await owner.client.post(`/api/projects/${projectId}/replit-prompts/generate`);
    expect(prompt.status).toBe(201);
    expect(prompt.body.isActive).toBe(true);
    expect(prompt.body.content).toContain("### Conflicts");
    expect(prompt.body.content).toContain(
      "Operator does not want: “I don't want reminders by text because they cost us money” (Operator, turn 2)",
    );
    const prompts = (await owner.client.get(`/api/projects/${projectId}/replit-prompts`)).body;
    expect(prompts.filter((p: any) => p.isActive).map((p: any) => p.id)).toEqual([prompt.body.id]);

    const reply = await owner.client.post(`/api/projects/${projectId}/chat`, {
      message: "Who disagrees about reminders by text?",
    });
    expect(reply.status).toBe(200);
    expect(JSON.stringify(reply.body)).toMatch(/\(Operator, turn 2\)/);
  });

  it("reads one completed interview again on demand, and refuses an unfinished or another owner's interview", async () => {
    const { owner, projectId, rider } = bikes;
    const started = await owner.client.post(`/api/interviews/${rider}/extraction`);
    expect(started.status).toBe(202);
    const job = await finished(owner.client, started.body.jobId);
    expect(job).toMatchObject({ status: "succeeded", result: { interviewId: rider } });
    expect(job.result.items).toBeGreaterThan(2);

    const open = await owner.client.post("/api/interviews", {
      projectId,
      name: "Later",
      stakeholderType: "user",
    });
    const unfinished = await owner.client.post(`/api/interviews/${open.body.id}/extraction`);
    expect(unfinished.status).toBe(400);
    expect(unfinished.body).toEqual({ message: "Only a completed interview can be read for evidence" });
    const stranger = await signUp(server.url);
    const theirs = await stranger.client.post(`/api/interviews/${rider}/extraction`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: "Interview not found" });
  });

  it("answers another owner 404 for the project and its jobs, and bad input 4xx with a message", async () => {
    const { owner, projectId } = bikes;
    const stranger = await signUp(server.url);
    const started = await owner.client.post(`/api/projects/${projectId}/synthesis`);
    for (const path of [
      `/api/projects/${projectId}/synthesis`,
      `/api/projects/${projectId}/requirements/generate`,
    ]) {
      const res = await stranger.client.post(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Project not found" });
    }
    expect((await stranger.client.get(`/api/projects/${projectId}/synthesis`)).status).toBe(404);
    expect(
      (await stranger.client.get(`/api/projects/${projectId}/requirements/export?format=json`)).status,
    ).toBe(404);
    expect((await stranger.client.get(`/api/jobs/${started.body.jobId}`)).status).toBe(404);
    await finished(owner.client, started.body.jobId);

    const bad = await owner.client.post("/api/projects/abc/synthesis");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Invalid id" });
    expect((await new Browser(server.url).post(`/api/projects/${projectId}/synthesis`)).status).toBe(401);
    const empty = await owner.client.post("/api/projects", { title: "Nothing yet" });
    const none = await owner.client.post(`/api/projects/${empty.body.id}/synthesis`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: "There are no completed interviews to work from yet" });
    const noneReq = await owner.client.post(`/api/projects/${empty.body.id}/requirements/generate`);
    expect(noneReq.status).toBe(400);
  });
});
