/**
 * The built app as `pnpm start` runs it (embedded database in a throw-away DATA_DIR), and a
 * participant's share link made through the documented REST calls (register, log in, create a
 * project, create an interview). Used by bench/lighthouse.ts and scripts/lighthouse/ci.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The three pages Lighthouse measures, by name; `interview` is filled in once the link exists. */
export type PageName = "landing" | "auth" | "participant";

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

export async function startApp(port: number, env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "parley-lighthouse-"));
  const child: ChildProcess = spawn(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [path.join(repoRoot, "apps/api/src/main.ts")],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_SCALE: "100",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error("the app was not ready within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(url: string, method: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** An owner, a project and one interview; answers the participant's share link. */
export async function makeShareLink(baseUrl: string): Promise<string> {
  const email = `lighthouse-${Date.now()}@parley.test`;
  const password = "lighthouse-password-1";
  await call(`${baseUrl}/api/auth/register`, "POST", { email, password });
  const { token } = await call<{ token: string }>(`${baseUrl}/api/auth/login`, "POST", { email, password });
  const project = await call<{ id: number }>(
    `${baseUrl}/api/projects`,
    "POST",
    { title: "Front desk", objective: "Learn how the front desk books patients" },
    token,
  );
  const interview = await call<{ shareLink: string }>(
    `${baseUrl}/api/interviews`,
    "POST",
    { projectId: project.id, name: "Dana", stakeholderType: "user" },
    token,
  );
  return interview.shareLink;
}

export function pageUrls(baseUrl: string, shareLink: string): Record<PageName, string> {
  return {
    landing: `${baseUrl}/`,
    auth: `${baseUrl}/auth`,
    participant: `${baseUrl}/interview/${shareLink}`,
  };
}
