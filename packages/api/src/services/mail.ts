import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@parley/db/client";
import { insertOutboxEmail, markEmailSent } from "@parley/db/queries/email-outbox";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Sends after the current request has answered: as an "email.send" job (retried on transient
   * failures, kept across restarts) once apps/api wires the job queue, else on the next tick.
   */
  enqueue(email: OutgoingEmail): Promise<void>;
}

interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/**
 * With an SMTP transport, mail is sent; without one it goes to the email_outbox table and the log,
 * so a developer can follow a reset link on a machine with no mail server.
 */
export function createMailer(options: {
  db: Db;
  transport?: Transport | undefined;
  from: string;
  log: (line: string) => void;
  /** Without SMTP, each message is also written here as a text file (for developers and e2e tests). */
  outboxDir?: string | undefined;
}): Mailer {
  const mailer: Mailer = {
    async enqueue(email) {
      setImmediate(() => {
        mailer.send(email).catch((error) => options.log(`Email to ${email.to} failed: ${String(error)}`));
      });
    },
    async send(email) {
      const id = await insertOutboxEmail(options.db, email);
      if (options.transport) {
        await options.transport.sendMail({ from: options.from, ...email });
        await markEmailSent(options.db, id);
      } else {
        options.log(`Email to ${email.to} kept in the outbox (no SMTP_URL): ${email.subject}\n${email.text}`);
        if (options.outboxDir) {
          await mkdir(options.outboxDir, { recursive: true });
          const file = `${String(id).padStart(6, "0")}-${email.to.replace(/[^a-z0-9@.-]/gi, "_")}.txt`;
          await writeFile(
            path.join(options.outboxDir, file),
            `To: ${email.to}\nSubject: ${email.subject}\n\n${email.text}\n`,
          );
        }
      }
    },
  };
  return mailer;
}
