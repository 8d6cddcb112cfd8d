// A process that starts a job and dies in the middle of it (engine.integration.test.ts kills it with SIGKILL).
import { createDb } from "@parley/db/client";
import { createTestServices } from "../testing";
import { createJobEngine } from "./engine";
import { slowKind } from "./slow-kind.fixture";

const handle = await createDb({ databaseUrl: process.argv[2], migrate: false, poolSize: 2 });
const jobs = createJobEngine({
  db: handle.db,
  logger: { info() {}, warn() {}, error() {} },
  pollingIntervalSeconds: 0.5,
  heartbeatSeconds: 10,
  kinds: { [slowKind.kind]: slowKind },
});
await jobs.start(createTestServices(handle.db), { workers: true });
const { id } = await jobs.enqueue("test.slow" as never, {} as never);
for (;;) {
  const row = await handle.db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirst();
  if (row?.status === "running") break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.stdout.write(`${id}\n`);
setInterval(() => undefined, 60_000);
