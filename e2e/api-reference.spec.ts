import { expect, test } from "@playwright/test";

test("the API reference renders the REST door's operations with nothing fetched from outside this server", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const outside: string[] = [];
  const refused: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) outside.push(url);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Parley REST API" }).first()).toBeVisible();
  // The operations grouped by procedure namespace: spec 1's workspace, spec 2's participant and admin.
  await expect(page.getByText("auth: register").first()).toBeVisible();
  for (const group of ["projects", "requirements", "participant", "admin"]) {
    await expect(page.getByRole("link", { name: group, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "participant", exact: true }).click();
  await expect(page.getByText("participant: save conversation").first()).toBeVisible();
  // Time for anything the renderer would fetch after rendering (fonts, telemetry) to be asked for.
  await page.waitForTimeout(3000);

  expect(outside).toEqual([]);
  expect(refused).toEqual([]);
});
