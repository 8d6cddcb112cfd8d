import { vi } from "vitest";
import type { TestServer } from "./harness";

/** The emails sent to `email`, newest first. */
export const outboxFor = (server: TestServer, email: string) =>
  server.services.db
    .selectFrom("email_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .execute();

/** Reset emails are sent after the answer (a queued task): wait until one is in the outbox. */
export const mailedTo = (server: TestServer, email: string) =>
  vi.waitFor(
    async () => {
      const mails = await outboxFor(server, email);
      if (!mails.length) throw new Error(`no email to ${email} yet`);
      return mails;
    },
    { timeout: 5_000, interval: 20 },
  );

/** The newest email to `email`, once the queued task has sent it. */
export const mailFor = async (server: TestServer, email: string) => {
  const [newest] = await mailedTo(server, email);
  return newest!;
};

/** The token of the reset link in an email's text. */
export const resetTokenFrom = (text: string) => {
  const match = text.match(/reset-password\?token=([a-z0-9]+)/);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
};
