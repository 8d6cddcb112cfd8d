import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

it("describes the REST door in an OpenAPI document with no error under Redocly's recommended rules", () => {
  const lint = spawnSync("bash", ["scripts/lint-openapi.sh"], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  const output = `${lint.stdout}${lint.stderr}`;
  expect(output).toContain("Your API description is valid");
  expect(lint.status, output).toBe(0);
  // Redocly takes about 5 s alone on 2 cores, more beside other tests: the test waits as the spawn does.
}, 60_000);
