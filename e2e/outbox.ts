import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The newest password-reset link mailed to `email`. Without SMTP the server writes every email to
 * DATA_DIR/outbox as a text file (and to the email_outbox table); the e2e server's DATA_DIR is
 * E2E_DATA_DIR, set by playwright.config.ts.
 */
export async function readLatestResetLink(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const files = (await readdir(dir)).filter((f) => f.toLowerCase().endsWith(`-${email.toLowerCase()}.txt`));
  const newest = files.sort().at(-1);
  if (!newest) throw new Error(`no email to ${email} in ${dir}`);
  const text = await readFile(path.join(dir, newest), "utf8");
  const match = text.match(/https?:\/\/[^\s]+\/reset-password\?token=[a-z0-9]+/);
  if (!match) throw new Error(`no reset link in the email to ${email}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
