/** Shared by the evidence tests: a bike-share project with two completed interviews, job polling, CSV parsing. */
import { expect, vi } from "vitest";
import { Client as Browser, type Client, signUpOnPlan, type TestServer } from "./harness";

const RIDER = [
  ["ai", "How do you unlock bikes today?"],
  [
    "user",
    "I'm a commuter. I need to unlock the bike with my phone so that I can ride in seconds. I want to get receipts by email.",
  ],
  ["ai", "Anything else?"],
  ["user", "I would like reminders by text when my ride is too long."],
] as const;

const OPERATOR = [
  ["ai", "What matters to you?"],
  [
    "user",
    "I don't want reminders by text because they cost us money. The app must never store card numbers.",
  ],
  ["ai", "And riders?"],
  ["user", "Riders need to unlock the bike with their phone."],
] as const;

const message = (role: string, content: string) =>
  JSON.stringify({ role, content, timestamp: new Date().toISOString() });

/** An interview run to completion by its participant, over the documented paths. */
export async function completedInterview(
  server: TestServer,
  owner: Client,
  projectId: number,
  name: string,
  stakeholderType: string,
  turns: ReadonlyArray<readonly [string, string]>,
) {
  const interview = await owner.post("/api/interviews", { projectId, name, stakeholderType });
  expect(interview.status).toBe(201);
  const participant = new Browser(server.url);
  await participant.get(`/api/interviews/share/${interview.body.shareLink}`);
  const id = interview.body.id as number;
  await participant.patch(`/api/interviews/${id}/start`);
  const conversation = await participant.post("/api/conversations", {
    interviewId: id,
    messages: turns.map(([role, content]) => message(role, content)),
  });
  expect(conversation.status).toBe(201);
  expect((await participant.patch(`/api/interviews/${id}/status`, { status: "completed" })).status).toBe(200);
  return id;
}

export async function bikeProject(server: TestServer) {
  const owner = await signUpOnPlan(server);
  const project = await owner.client.post("/api/projects", {
    title: "Bike share",
    objective: "Unlock faster",
  });
  const projectId = project.body.id as number;
  const rider = await completedInterview(server, owner.client, projectId, "Rider", "user", RIDER);
  const operator = await completedInterview(
    server,
    owner.client,
    projectId,
    "Operator",
    "business",
    OPERATOR,
  );
  return { owner, projectId, rider, operator };
}

export async function finished(client: Client, jobId: string) {
  let job: any;
  await vi.waitFor(
    async () => {
      job = (await client.get(`/api/jobs/${jobId}`)).body;
      expect(["succeeded", "failed"]).toContain(job.status);
    },
    { timeout: 20_000, interval: 200 },
  );
  return job;
}

/** RFC 4180 CSV as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/**
 * An interview held in German (written for these tests): a bakery owner on ordering cakes. The
 * glossary is what the scripted model "understands" of it: each of her sentences and its English.
 */
export const BAKERY_DE = [
  ["ai", "Wie bestellen Ihre Kunden heute?"],
  [
    "user",
    "Ich führe eine kleine Bäckerei mit drei Angestellten. Unsere Kunden bestellen Torten bisher nur am Telefon, und das kostet uns jeden Morgen eine Stunde. Ich möchte, dass Kunden ihre Torten online bestellen können.",
  ],
  ["ai", "Was ist Ihnen sonst noch wichtig?"],
  [
    "user",
    "Wir brauchen eine Erinnerung per E-Mail am Tag vor der Abholung. Die App darf niemals Kreditkartennummern speichern.",
  ],
] as const;

export const BAKERY_GLOSSARY: Record<string, string> = {
  "Ich führe eine kleine Bäckerei mit drei Angestellten.": "I run a small bakery with three employees.",
  "Unsere Kunden bestellen Torten bisher nur am Telefon, und das kostet uns jeden Morgen eine Stunde.":
    "Our customers can only order cakes by phone today, and that costs us an hour every morning.",
  "Ich möchte, dass Kunden ihre Torten online bestellen können.":
    "I want customers to be able to order their cakes online.",
  "Wir brauchen eine Erinnerung per E-Mail am Tag vor der Abholung.":
    "We need a reminder by email the day before pickup.",
  "Die App darf niemals Kreditkartennummern speichern.": "The app must never store card numbers.",
};

/** A project whose one completed interview is BAKERY_DE. */
export async function bakeryProject(server: TestServer, project: Record<string, string> = {}) {
  const owner = await signUpOnPlan(server);
  const created = await owner.client.post("/api/projects", {
    title: "Bakery orders",
    objective: "Fewer phone orders",
    ...project,
  });
  const projectId = created.body.id as number;
  const interview = await completedInterview(server, owner.client, projectId, "Baker", "business", BAKERY_DE);
  return { owner, projectId, interview };
}
