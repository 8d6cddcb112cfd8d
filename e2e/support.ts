import { expect, type Page } from "@playwright/test";
import { CHROMIUM_ARGS } from "./chromium";

export const ADMIN = { email: "admin@parley.test", password: "admin-password-e2e" };

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Registers through the /auth page and waits for the projects list. */
/** A project of the signed-in owner, made through the documented API; its id. */
export async function projectViaApi(page: Page, fields: Record<string, string> = {}) {
  const response = await page.request.post("/api/projects", {
    data: { title: "Field dispatch", objective: "Faster routing", targetAudience: "Dispatchers", ...fields },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** Saves a requirements tree (the documented markdown) on the project. */
export async function saveRequirements(page: Page, projectId: number, requirements: string) {
  const response = await page.request.post(`/api/projects/${projectId}/requirements`, {
    data: { requirements },
  });
  expect(response.ok()).toBe(true);
}

export async function registerThroughUi(page: Page, email = uniqueEmail(), password = "a strong passphrase") {
  await page.goto("/auth");
  // The page comes as HTML before the app runs it: a click on "Register" before then does nothing.
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await page
    .locator("label")
    .filter({ hasText: /^Register$/ })
    .click();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  return { email, password };
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Full-page screenshot under test-results/screens for looking at. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export const BASE_LAUNCH_ARGS = CHROMIUM_ARGS;

/** An owner with a project and one interview, made through the REST door; answers the share link. */
export async function interviewViaApi(
  request: import("@playwright/test").APIRequestContext,
  baseURL: string,
  stakeholderType = "user",
) {
  const email = uniqueEmail("owner");
  const register = await request.post(`${baseURL}/api/auth/register`, {
    data: { email, password: "owner passphrase 1", firstName: "Olive" },
  });
  const { token } = (await register.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const project = await (
    await request.post(`${baseURL}/api/projects`, {
      headers,
      data: { title: "Field dispatch", objective: "Faster routing", targetAudience: "Dispatchers" },
    })
  ).json();
  const interview = await (
    await request.post(`${baseURL}/api/interviews`, {
      headers,
      data: { projectId: project.id, name: "Dana", stakeholderType },
    })
  ).json();
  return {
    token,
    headers,
    projectId: project.id as number,
    interviewId: interview.id as number,
    shareLink: interview.shareLink as string,
  };
}
