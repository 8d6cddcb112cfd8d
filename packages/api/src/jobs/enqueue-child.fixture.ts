// A process that queues one email job and waits to be killed (engine.integration.test.ts kills it with SIGKILL).
import { createDb } from "@parley/db/client";
import { createJobEngine } from "./engine";

const handle = await createDb({ databaseUrl: process.argv[2], migrate: false, poolSize: 2 });
const jobs = createJobEngine({ db: handle.db, logger: { info() {}, warn() {}, error() {} } });
const { id } = await jobs.enqueue("email.send", {
  to: "after-crash@example.com",
  subject: "Queued before the crash",
  text: "Sent after the restart.",
});
process.stdout.write(`${id}\n`);
setInterval(() => undefined, 60_000);
