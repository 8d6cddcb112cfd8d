import { expect, test } from "@playwright/test";
import { projectViaApi, registerThroughUi, screenshot } from "./support";

const toolsList = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const mcpHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  accept: "application/json, text/event-stream",
});

test("an owner makes a token on the account page, an agent uses it at /mcp, the owner revokes it", async ({
  page,
}) => {
  await registerThroughUi(page);
  const projectId = await projectViaApi(page);

  // The Prompt tab says how to use the project in a coding agent and links to the tokens.
  await page.goto(`/projects/${projectId}`);
  await page.getByRole("tab", { name: "Prompt" }).click();
  await expect(page.getByRole("heading", { name: "Use in your coding agent" })).toBeVisible();
  await expect(page.getByText("claude mcp add --transport http parley")).toBeVisible();
  await page.getByRole("link", { name: "personal access token" }).click();
  await expect(page).toHaveURL(/\/account#access-tokens$/);

  const card = page.locator("#access-tokens");
  await expect(card.getByText("No access tokens yet.")).toBeVisible();
  await card.getByRole("button", { name: "Create token" }).click();
  await expect(card.getByText("Name is required")).toBeVisible();
  await card.getByLabel("Name").fill("Claude Code");
  await card.getByRole("button", { name: "Create token" }).click();

  // Shown once, with a copy button.
  const dialog = page.getByRole("dialog", { name: "Your new access token" });
  await expect(dialog).toBeVisible();
  const token = ((await dialog.getByLabel("New access token").textContent()) ?? "").trim();
  expect(token).toMatch(/^prl_/);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  await screenshot(page, "access-token-created");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(card.getByRole("cell", { name: "Claude Code" })).toBeVisible();
  await expect(card.getByText(`${token.slice(0, 8)}…`)).toBeVisible();
  await expect(card.getByText("Read only")).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  // An agent lists the MCP tools with it.
  const listed = await page.request.post("/mcp", { headers: mcpHeaders(token), data: toolsList });
  expect(listed.status()).toBe(200);
  expect(JSON.stringify(await listed.json())).toContain("get_requirements");

  // Revoking asks first; Cancel keeps the token.
  await card.getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this token?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByRole("cell", { name: "Claude Code" })).toBeVisible();
  await card.getByRole("button", { name: "Revoke" }).click();
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Token revoked")).toBeVisible();
  await expect(card.getByText("No access tokens yet.")).toBeVisible();

  const refused = await page.request.post("/mcp", { headers: mcpHeaders(token), data: toolsList });
  expect(refused.status()).toBe(401);
});
