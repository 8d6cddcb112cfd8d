/**
 * A real interview through Parley's real doors and jobs: the participant's words posted over the
 * documented REST calls with the share link, the interview completed, then the requirements job
 * (pg-boss) run and polled, as an owner's browser would.
 */
import type { EvidenceTree } from "../../packages/ai/src/evidence/types";
import type { RealMessage } from "./data";

type Headers = Record<string, string>;

async function call(baseUrl: string, method: string, path: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** One project with one completed interview of `messages`; answers the requirements job's tree. */
export async function requirementsThroughJobs(
  baseUrl: string,
  owner: Headers,
  title: string,
  messages: RealMessage[],
): Promise<EvidenceTree & { quality?: unknown; notices?: unknown }> {
  const project = await call(baseUrl, "POST", "/api/projects", owner, { title });
  const interview = await call(baseUrl, "POST", "/api/interviews", owner, {
    projectId: project.id,
    name: title,
    stakeholderType: "business",
  });
  const participant = { "x-share-link": interview.shareLink as string };
  await call(baseUrl, "GET", `/api/interviews/share/${interview.shareLink}`, participant);
  await call(baseUrl, "PATCH", `/api/interviews/${interview.id}/start`, participant);
  const stored = messages.map((m) =>
    JSON.stringify({ role: m.role, content: m.content, timestamp: new Date().toISOString() }),
  );
  await call(baseUrl, "POST", "/api/conversations", participant, {
    interviewId: interview.id,
    messages: stored,
  });
  await call(baseUrl, "PATCH", `/api/interviews/${interview.id}/status`, participant, {
    status: "completed",
  });
  const started = await call(baseUrl, "POST", `/api/projects/${project.id}/requirements/generate`, owner);
  for (let waited = 0; waited < 120_000; waited += 250) {
    const job = await call(baseUrl, "GET", `/api/jobs/${started.jobId}`, owner);
    if (job.status === "succeeded") return job.result;
    if (job.status === "failed") throw new Error(`requirements job failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("requirements job did not finish in 2 minutes");
}
