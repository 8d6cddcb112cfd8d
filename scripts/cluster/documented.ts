/**
 * The documented REST calls of spec 1 and spec 2 played through nginx (requests alternate replicas,
 * no sticky sessions), each expected to answer its documented success status. Used by the cluster
 * test (issue 13's acceptance: "the documented REST calls pass on the cluster as on one process").
 */
import { routingTreeJson } from "../../packages/ai/test/fixtures/requirements-tree";
import { type Answer, Client, line, randomAddress } from "./client";

export interface Played {
  call: string;
  expected: number;
  status: number;
  upstream: string | undefined;
  detail: string;
}

const TRANSCRIPT =
  "Interviewer: How do you plan routes?\nDana: I plan every route by hand in a spreadsheet, and it breaks when a technician is ill.";
const REQUIREMENTS = `# Epic: Routing
## Feature: Plan routes
### Story: See technicians
As a dispatcher, I want to see every technician on one map so that I can send the closest one.
> "I plan every route by hand in a spreadsheet"
`;

/** What the requirements creator answers (JSON mode): one epic, feature and story with a quote. */
const REQUIREMENTS_TREE = routingTreeJson("I plan every route by hand", [
  {
    userType: "dispatcher",
    action: "see every technician on one map",
    benefit: "I can send the closest one",
    quote: "I plan every route by hand",
    assumption: false,
  },
]);

/** Switches the fake OpenAI server's reply (undefined: its default question). */
async function fakeReply(openaiUrl: string, reply: string | undefined): Promise<void> {
  await fetch(`${openaiUrl}/__configure`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(reply === undefined ? {} : { reply }),
  });
}

/**
 * Plays the sweep and returns every call with its answer. `promote` makes a user pro (psql), `admin`
 * is the administrator's sign-in when the cluster set ADMIN_EMAIL/ADMIN_PASSWORD (admin calls skipped
 * otherwise).
 */
export async function playDocumentedCalls(
  baseUrl: string,
  openaiUrl: string,
  promote: (email: string) => void,
  admin: { email: string; password: string } | undefined,
): Promise<Played[]> {
  const played: Played[] = [];
  const suffix = `${process.pid}-${Date.now()}`;
  const email = `sweep-${suffix}@example.com`;
  const password = "sweep test passphrase 1";
  const owner = new Client(baseUrl, randomAddress());
  const participant = new Client(baseUrl, randomAddress());

  async function call(
    client: Client,
    method: string,
    path: string,
    expected: number,
    body?: unknown,
  ): Promise<Answer> {
    let answer: Answer;
    try {
      answer = await client.request(method, path, body ?? (method === "GET" ? undefined : {}), 60_000);
    } catch (error) {
      answer = { status: 0, body: String(error), upstream: undefined };
    }
    const label = path.replace(/\/\d+(?=\/|$)/g, "/{id}").replace(/share\/[^/]+$/, "share/{shareLink}");
    played.push({
      call: `${method} ${label}`,
      expected,
      status: answer.status,
      upstream: answer.upstream,
      detail: answer.status === expected ? "" : JSON.stringify(answer.body).slice(0, 160),
    });
    return answer;
  }

  await call(new Client(baseUrl, randomAddress()), "GET", "/api/subscription-plans", 200);
  await call(owner, "POST", "/api/auth/register", 201, { email, password });
  const login = await call(owner, "POST", "/api/auth/login", 200, { email, password });
  owner.bearer = login.body?.token;
  promote(email);
  await call(owner, "GET", "/api/auth/user", 200);

  const project = await call(owner, "POST", "/api/projects", 201, {
    title: "Sweep",
    objective: "Every documented call through the cluster",
  });
  const projectId = project.body?.id ?? 0;
  await call(owner, "GET", "/api/projects", 200);
  await call(owner, "GET", `/api/projects/${projectId}`, 200);
  await call(owner, "PATCH", `/api/projects/${projectId}`, 200, { title: "Sweep (renamed)" });
  const created = await call(owner, "POST", "/api/interviews", 201, {
    projectId,
    name: "Dana",
    stakeholderType: "developer",
  });
  const interviewId = created.body?.id ?? 0;
  const shareLink = created.body?.shareLink ?? "none";
  await call(owner, "GET", `/api/projects/${projectId}/interviews`, 200);
  await call(owner, "GET", `/api/interviews/${interviewId}`, 200);
  await call(owner, "PATCH", `/api/interviews/${interviewId}/selection`, 200, { selected: true });

  // The participant's side, on the share-link grant.
  await call(participant, "GET", `/api/interviews/share/${shareLink}`, 200);
  await call(participant, "PATCH", `/api/interviews/${interviewId}/status`, 200, { status: "in_progress" });
  await call(participant, "PATCH", `/api/interviews/${interviewId}/start`, 200);
  const answer = "I plan every route by hand in a spreadsheet.";
  const reply = await call(participant, "POST", "/api/ai/response", 200, {
    interviewId,
    messages: [{ role: "user", content: answer }],
  });
  const first = [line("user", answer), line("ai", String(reply.body?.response ?? ""))];
  const conversation = await call(participant, "POST", "/api/conversations", 201, {
    interviewId,
    messages: first,
  });
  await call(participant, "PATCH", `/api/conversations/${conversation.body?.id ?? 0}`, 200, {
    messages: [...first, line("user", "It breaks when a technician is ill.")],
  });
  await call(participant, "PATCH", `/api/interviews/${interviewId}/notes`, 200, { notes: "ill technicians" });
  const transcript = await call(participant, "POST", "/api/transcripts", 201, {
    interviewId,
    content: TRANSCRIPT,
    corrected: true,
  });
  await call(participant, "PATCH", `/api/transcripts/${transcript.body?.id ?? 0}`, 200, {
    content: `${TRANSCRIPT}\nDana: That is all.`,
    corrected: true,
  });
  await call(participant, "PATCH", `/api/interviews/${interviewId}/status`, 200, { status: "completed" });

  // The owner's workspace: results, summary, documents, requirements, prompts, chat, budget.
  await call(owner, "GET", `/api/interviews/${interviewId}/conversation`, 200);
  await call(owner, "GET", `/api/interviews/${interviewId}/transcript`, 200);
  const doc = await call(owner, "POST", "/api/ai/generate-documentation", 200, {
    transcripts: [TRANSCRIPT],
    title: "Sweep",
    projectId,
  });
  const documentation = String(doc.body?.documentation ?? "Routes are planned by hand.");
  await call(owner, "POST", `/api/projects/${projectId}/summary`, 200, { summary: documentation });
  await call(owner, "GET", `/api/projects/${projectId}/summary`, 200);
  const saved = await call(owner, "POST", "/api/documents", 201, {
    title: "Summary v1",
    content: documentation,
    projectId,
    interviewIds: [interviewId],
    status: "completed",
    kind: "summary",
  });
  await call(owner, "GET", `/api/projects/${projectId}/documents`, 200);
  await call(owner, "DELETE", `/api/documents/${saved.body?.id ?? 0}`, 200);
  await fakeReply(openaiUrl, REQUIREMENTS_TREE);
  try {
    await call(owner, "POST", "/api/ai/generate-agile-requirements", 200, {
      transcripts: [TRANSCRIPT],
      title: "Sweep",
      content: documentation,
      existingRequirements: "",
      isRefresh: false,
    });
  } finally {
    await fakeReply(openaiUrl, undefined);
  }
  await call(owner, "POST", `/api/projects/${projectId}/requirements`, 200, { requirements: REQUIREMENTS });
  await call(owner, "GET", `/api/projects/${projectId}/requirements`, 200);
  await call(owner, "POST", "/api/ai/generate-replit-prompt", 200, { documentation, title: "Sweep" });
  await call(owner, "POST", "/api/ai/generate-optimized-replit-prompt", 200, {
    requirements: REQUIREMENTS,
    title: "Sweep",
    projectObjective: "Faster routing",
    targetAudience: "Dispatchers",
  });
  await call(owner, "POST", "/api/replit-prompts", 201, {
    title: "v1",
    content: "Build a router",
    projectId,
  });
  await call(owner, "GET", `/api/projects/${projectId}/replit-prompts`, 200);
  await call(owner, "POST", `/api/projects/${projectId}/chat`, 200, {
    message: "What about the spreadsheet?",
    summary: "",
  });
  await call(owner, "GET", `/api/projects/${projectId}/chat`, 200);
  await call(owner, "GET", "/api/user/budget", 200);
  await call(owner, "POST", "/api/user/budget", 200, { monthlyBudget: 10_000 });
  await call(owner, "POST", "/api/auth/forgot-password", 200, { email });

  // Deleting: a second interview, then a second project.
  const spare = await call(owner, "POST", "/api/projects", 201, { title: "Spare", objective: "To delete" });
  const spareId = spare.body?.id ?? 0;
  const spareInterview = await call(owner, "POST", "/api/interviews", 201, {
    projectId: spareId,
    name: "Eve",
    stakeholderType: "user",
  });
  await call(owner, "DELETE", `/api/interviews/${spareInterview.body?.id ?? 0}`, 200);
  await call(owner, "DELETE", `/api/projects/${spareId}`, 200);

  if (admin) {
    const operator = new Client(baseUrl, randomAddress());
    const signedIn = await call(operator, "POST", "/api/auth/login", 200, admin);
    operator.bearer = signedIn.body?.token;
    const me = await call(owner, "GET", "/api/auth/user", 200);
    const userId = me.body?.id ?? 0;
    await call(operator, "GET", "/api/admin/stats", 200);
    await call(operator, "GET", "/api/admin/users", 200);
    await call(operator, "GET", `/api/admin/users/${userId}`, 200);
    await call(operator, "GET", `/api/admin/users/${userId}/projects`, 200);
    await call(operator, "GET", `/api/admin/users/${userId}/interviews`, 200);
    await call(operator, "PATCH", `/api/admin/users/${userId}`, 200, { subscriptionTier: "pro" });
    await call(operator, "POST", `/api/admin/users/${userId}/reset-usage`, 200);
    await call(operator, "GET", "/api/admin/model-configurations", 200);
    const config = await call(operator, "POST", "/api/admin/model-configurations", 201, {
      componentName: "summary_agent",
      modelName: "gpt-4o",
    });
    await call(operator, "DELETE", `/api/admin/model-configurations/${config.body?.id ?? 0}`, 200);
    await call(operator, "POST", "/api/admin/create-test-account", 201, {
      email: `tester-${suffix}@example.com`,
    });
  }

  await call(owner, "POST", "/api/auth/logout", 200);
  // A second account, deleted by its owner.
  const leaver = new Client(baseUrl, randomAddress());
  const leaverEmail = `leaver-${suffix}@example.com`;
  await call(leaver, "POST", "/api/auth/register", 201, { email: leaverEmail, password });
  const leaverLogin = await call(leaver, "POST", "/api/auth/login", 200, { email: leaverEmail, password });
  leaver.bearer = leaverLogin.body?.token;
  await call(leaver, "DELETE", "/api/auth/delete-account", 200, { confirmDelete: true });
  return played;
}
