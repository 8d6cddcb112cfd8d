import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The newest password-reset link mailed to `email`. Without SMTP the server writes every email to
 * DATA_DIR/outbox as a text file (and to the email_outbox table); the e2e server's DATA_DIR is
 * E2E_DATA_DIR, set by playwright.config.ts.
 */
export async function readLatestResetLink(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  // The server sends the email after answering (a queued task): give it a few seconds to arrive.
  let newest: string | undefined;
  for (let waited = 0; !newest && waited <= 5_000; waited += 100) {
    const files = await readdir(dir).catch(() => [] as string[]);
    newest = files
      .filter((f) => f.toLowerCase().endsWith(`-${email.toLowerCase()}.txt`))
      .sort()
      .at(-1);
    if (!newest) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!newest) throw new Error(`no email to ${email} in ${dir}`);
  const text = await readFile(path.join(dir, newest), "utf8");
  const match = text.match(/https?:\/\/[^\s]+\/reset-password\?token=[a-z0-9]+/);
  if (!match) throw new Error(`no reset link in the email to ${email}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
