import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { ADMIN, interviewViaApi, projectViaApi, saveRequirements, screenshot, uniqueEmail } from "./support";

/**
 * axe-core on every screen at 1440 and 390 pixels: 0 critical and 0 serious WCAG 2.1 AA violations.
 * Each screen is checked once it shows its content (not a loader), so the rules see what a user sees.
 */
const WIDTHS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const REQUIREMENTS = `# Epic: Dispatch map
Everything the dispatcher sees on one screen.

## Feature: Live technician map
Shows every technician.

### Acceptance Criteria
- A dispatcher sees every technician on one map
  > "I need to see every technician on one map"
- The map refreshes every minute _(assumption)_

### User Stories
- As a dispatcher, I want to see every technician on a map so that I can send the closest one
  > "send the closest one to an emergency"
`;

async function newContext(browser: Browser) {
  return browser.newContext({ bypassCSP: true });
}

/** Visits `path`, waits for `ready`, then runs axe at both widths (and saves a screenshot of each). */
async function checkScreen(page: Page, name: string, open: () => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await open();
    // What is on screen has loaded (a hidden tab panel may still be loading: it is not on screen).
    await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0);
    // Let opening dialogs and menus finish their transitions: axe measures colours as painted.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await expectNoSeriousViolations(page, `${name} at ${size.width}px`);
    await screenshot(page, `a11y-${name}-${size.name}`);
  }
}

/**
 * The participant's active interview with both speakers on screen: the interviewer's questions and
 * the participant's own answer (its bubble's colours are checked too).
 */
function openActiveInterview(page: Page, shareLink: string) {
  return async () => {
    await page.goto(`/interview/${shareLink}`);
    const start = page.getByRole("button", { name: "Start Text Interview" });
    const answer = page.getByLabel("Your answer");
    await expect(start.or(answer).first()).toBeVisible();
    if (await start.isVisible()) await start.click();
    await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
    if ((await page.locator('[data-speaker="user"]').count()) === 0) {
      await answer.fill("I plan the routes by hand.");
      await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
      await answer.press("Enter");
      await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2);
    }
    await expect(page.locator('[data-speaker="user"]').first()).toBeVisible();
  };
}

function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  return async () => {
    await page.goto(path);
    await ready(page);
  };
}

const heading = (name: string | RegExp) => (page: Page) =>
  expect(page.getByRole("heading", { name }).first()).toBeVisible();

async function signIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/auth/login", { data: { email, password } });
  expect(response.ok()).toBe(true);
}

test("public screens have no critical or serious accessibility violations", async ({ browser }) => {
  // Twelve screens, each checked by axe: under a minute alone, more on CI's two busy cores.
  test.setTimeout(150_000);
  const context = await newContext(browser);
  const page = await context.newPage();
  const screens: [string, string, (page: Page) => Promise<void>][] = [
    ["landing", "/", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["sign-in", "/auth", (p) => expect(p.getByRole("button", { name: "Sign In" })).toBeVisible()],
    [
      "register",
      "/auth?mode=register",
      (p) => expect(p.getByRole("button", { name: "Create Account" })).toBeVisible(),
    ],
    ["forgot-password", "/forgot-password", (p) => expect(p.getByLabel("Email")).toBeVisible()],
    [
      "reset-password",
      "/reset-password?token=abc",
      (p) => expect(p.locator("form, h1").first()).toBeVisible(),
    ],
    ["pricing", "/pricing", (p) => expect(p.getByText("Free").first()).toBeVisible()],
    ["subscribe", "/subscribe/2", (p) => expect(p.locator("h1, h2").first()).toBeVisible()],
    ["documentation", "/documentation", heading("How Parley works")],
    ["privacy", "/privacy-policy", heading(/Privacy/)],
    ["terms", "/terms-conditions", heading(/Terms/)],
    ["policies", "/policies-disclaimers", heading(/Polic/)],
    ["not-found", "/no-such-page", (p) => expect(p.locator("h1, h2").first()).toBeVisible()],
  ];
  for (const [name, path, ready] of screens) await checkScreen(page, name, visit(page, path, ready));
  await context.close();
});

test("an owner's screens have no critical or serious accessibility violations", async ({ browser }) => {
  // About twenty screens, each checked by axe: 50 s alone, over a minute on CI's two busy cores.
  test.setTimeout(150_000);
  const context = await newContext(browser);
  const page = await context.newPage();
  const email = uniqueEmail("a11y");
  const register = await page.request.post("/api/auth/register", {
    data: { email, password: "a11y passphrase 1", firstName: "Ada", lastName: "Lovelace" },
  });
  expect(register.ok()).toBe(true);

  await checkScreen(page, "projects-empty", visit(page, "/projects", heading("No projects yet")));
  await checkScreen(page, "new-project-dialog", async () => {
    await page.goto("/projects");
    await page.getByRole("button", { name: "New Project" }).first().click();
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByRole("dialog", { name: "New Project" })).toBeVisible();
  });

  const project = {
    id: await projectViaApi(page, {
      objective: "Get technicians to emergencies faster",
      keyFeatures: "Live map\nRoute updates",
      references: "https://example.com/notes",
    }),
  };
  const interview = await (
    await page.request.post("/api/interviews", { data: { projectId: project.id, name: "Dana" } })
  ).json();
  await page.request.post(`/api/projects/${project.id}/summary`, {
    data: { summary: "# Dispatch summary\n\n## Needs\n\nDispatchers need a live map of technicians." },
  });
  await saveRequirements(page, project.id, REQUIREMENTS);
  await page.request.post("/api/replit-prompts", {
    data: {
      projectId: project.id,
      title: "Build: Field dispatch",
      content: "# Build: Field dispatch\n\nA map.",
    },
  });

  await checkScreen(page, "projects", visit(page, "/projects", heading("Field dispatch")));
  for (const [tab, ready] of [
    ["interviews", (p: Page) => expect(p.getByText("Dana", { exact: true })).toBeVisible()],
    ["summary", (p: Page) => expect(p.getByText("Dispatchers need a live map").first()).toBeVisible()],
    ["requirements", (p: Page) => expect(p.getByText("Live technician map").first()).toBeVisible()],
    ["prompt", (p: Page) => expect(p.getByText("Build: Field dispatch").first()).toBeVisible()],
  ] as const) {
    await checkScreen(page, `project-${tab}`, async () => {
      await page.goto(`/projects/${project.id}`);
      await page.getByRole("tab", { name: tab === "prompt" ? "Prompt" : new RegExp(tab, "i") }).click();
      await ready(page);
    });
  }
  await checkScreen(page, "edit-project-dialog", async () => {
    await page.goto(`/projects/${project.id}`);
    await page.getByRole("button", { name: "Edit Project" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Project" })).toBeVisible();
  });
  await checkScreen(page, "new-interview-dialog", async () => {
    await page.goto(`/projects/${project.id}`);
    await page.getByRole("button", { name: "New Interview" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
  await checkScreen(page, "add-epic-dialog", async () => {
    await page.goto(`/projects/${project.id}`);
    await page.getByRole("tab", { name: "Requirements" }).click();
    await page.getByRole("button", { name: "Add Epic" }).click();
    await expect(page.getByRole("dialog", { name: "Add Epic" })).toBeVisible();
  });
  await checkScreen(
    page,
    "interview-detail",
    visit(page, `/interviews/${interview.id}`, (p) => expect(p.getByText("Dana").first()).toBeVisible()),
  );
  await checkScreen(page, "account", visit(page, "/account", heading(/Account/)));
  await checkScreen(
    page,
    "upgrade",
    visit(page, "/upgrade", (p) => expect(p.locator('[data-plan="Pro"]')).toBeVisible()),
  );
  await checkScreen(
    page,
    "access-denied",
    visit(page, "/admin", (p) => expect(p.getByText("Access Denied")).toBeVisible()),
  );
  await checkScreen(page, "user-menu", async () => {
    await page.goto("/projects");
    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Account Settings" })).toBeVisible();
    await page.waitForTimeout(300); // the menu's fade-in is a timed style change, not a CSS animation
  });
  await context.close();
});

test("the admin's screens have no critical or serious accessibility violations", async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const email = uniqueEmail("a11y-managed");
  const registered = await (
    await page.request.post("/api/auth/register", {
      data: { email, password: "managed passphrase 1", firstName: "Mona", lastName: "Managed" },
    })
  ).json();
  await page.request.post("/api/auth/logout");
  await signIn(page.request, ADMIN.email, ADMIN.password);
  await checkScreen(
    page,
    "admin",
    visit(page, "/admin", (p) => expect(p.getByText("Total users")).toBeVisible()),
  );
  await checkScreen(page, "admin-models", async () => {
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Model Configurations" }).click();
    await expect(page.locator('[data-component="interview_agent"]')).toBeVisible();
  });
  await checkScreen(page, "admin-model-dialog", async () => {
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Model Configurations" }).click();
    await page
      .locator('[data-component="interview_agent"]')
      .getByRole("button", { name: "Configure Model" })
      .click();
    await expect(page.getByRole("dialog", { name: "Edit Model Configuration" })).toBeVisible();
  });
  await checkScreen(
    page,
    "admin-user",
    visit(page, `/admin/users/${registered.user.id}`, heading("Mona Managed")),
  );
  await context.close();
});

test("in dark mode the landing page, the owner's main screens and the participant's interview have no critical or serious violations", async ({
  browser,
  request,
  baseURL,
}) => {
  // Several screens, each checked by axe (see above).
  test.setTimeout(150_000);
  const context = await browser.newContext({ bypassCSP: true, colorScheme: "dark" });
  const page = await context.newPage();
  await checkScreen(
    page,
    "dark-landing",
    visit(page, "/", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()),
  );
  await page.request.post("/api/auth/register", {
    data: { email: uniqueEmail("a11y-dark"), password: "a11y passphrase 1", firstName: "Dora" },
  });
  const projectId = await projectViaApi(page, { title: "Night shift", objective: "Calmer handovers" });
  await saveRequirements(page, projectId, REQUIREMENTS);
  await checkScreen(page, "dark-projects", visit(page, "/projects", heading("Night shift")));
  await checkScreen(
    page,
    "dark-requirements",
    visit(page, `/projects/${projectId}?tab=requirements`, heading("Dispatch map")),
  );
  await checkScreen(page, "dark-account", visit(page, "/account", heading(/Account/)));
  await checkScreen(page, "dark-documentation", visit(page, "/documentation", heading("How Parley works")));
  await checkScreen(
    page,
    "dark-pricing",
    visit(page, "/pricing", (p) => expect(p.locator('[data-plan="Pro"]')).toBeVisible()),
  );
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await checkScreen(page, "dark-participant-text", openActiveInterview(page, shareLink));
  await context.close();
});

test("the participant's interview page has no critical or serious violations", async ({
  browser,
  request,
  baseURL,
}) => {
  // Several screens, each checked by axe (see above).
  test.setTimeout(150_000);
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  const context = await newContext(browser);
  const page = await context.newPage();
  await checkScreen(page, "participant-welcome", async () => {
    await page.goto(`/interview/${shareLink}`);
    await expect(page.getByRole("button", { name: "Start Text Interview" })).toBeVisible();
  });
  await checkScreen(page, "participant-text", openActiveInterview(page, shareLink));
  /** End Interview is a button on a desktop and a menu item under "More actions" on a phone. */
  const askToEnd = async () => {
    const more = page.getByRole("button", { name: "More actions" });
    if (await more.isVisible()) {
      await more.click();
      await page.getByRole("menuitem", { name: "End Interview" }).click();
    } else await page.getByRole("button", { name: "End Interview" }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "End now" })).toBeVisible();
  };
  await checkScreen(page, "participant-end-confirm", async () => {
    await page.goto(`/interview/${shareLink}`);
    await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
    await askToEnd();
  });
  await checkScreen(page, "participant-notes-drawer", async () => {
    await page.goto(`/interview/${shareLink}`);
    await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
    const more = page.getByRole("button", { name: "More actions" });
    if (await more.isVisible()) {
      await more.click();
      await page.getByRole("menuitem", { name: "Notes and images" }).click();
    }
    await expect(page.getByLabel("Interview notes")).toBeVisible();
  });
  await checkScreen(page, "participant-review", async () => {
    // Ending is final: each width reviews its own interview.
    const fresh = await interviewViaApi(request, baseURL as string);
    await page.goto(`/interview/${fresh.shareLink}`);
    await page.getByRole("button", { name: "Start Text Interview" }).click();
    await page.getByLabel("Your answer").fill("I plan the routes by hand.");
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await page.getByLabel("Your answer").press("Enter");
    await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2);
    await askToEnd();
    await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
    await expect(page.getByLabel("Your answer to question 1")).toBeVisible();
  });
  let finished = "";
  await checkScreen(page, "participant-thank-you", async () => {
    finished = (await interviewViaApi(request, baseURL as string)).shareLink;
    await openActiveInterview(page, finished)();
    await askToEnd();
    await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
    await page.getByRole("button", { name: "Save Responses" }).click();
    await expect(page.getByText("Responses Saved")).toBeVisible();
  });
  await checkScreen(page, "participant-completed", async () => {
    await page.goto(`/interview/${finished}`);
    await expect(page.getByRole("heading", { name: "Interview Already Completed" })).toBeVisible();
  });
  await context.close();
});
