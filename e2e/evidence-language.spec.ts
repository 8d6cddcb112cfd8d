import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { interviewViaApi, screenshot } from "./support";

type Request = import("@playwright/test").APIRequestContext;

/** A completed interview through the REST door: the participant's answers as a saved conversation. */
async function completed(
  request: Request,
  baseURL: string,
  headers: Record<string, string>,
  interviewId: number,
  turns: Array<[string, string]>,
) {
  const messages = turns.flatMap(([question, answer]) => [
    JSON.stringify({ role: "ai", content: question, timestamp: new Date().toISOString() }),
    JSON.stringify({ role: "user", content: answer, timestamp: new Date().toISOString() }),
  ]);
  expect(
    (
      await request.post(`${baseURL}/api/conversations`, { headers, data: { interviewId, messages } })
    ).status(),
  ).toBe(201);
  const done = await request.patch(`${baseURL}/api/interviews/${interviewId}/status`, {
    headers,
    data: { status: "completed" },
  });
  expect(done.ok()).toBe(true);
}

/** An English interview (Dana) and one held in German (Greta), both completed. */
async function projectWithGermanInterview(request: Request, baseURL: string) {
  const owner = await interviewViaApi(request, baseURL, "user");
  await completed(request, baseURL, owner.headers, owner.interviewId, [
    ["What slows you down?", "I need to see free parking near the customer so that I can plan my day."],
    ["Anything else?", "I need a receipt by email after each job."],
  ]);
  const greta = await (
    await request.post(`${baseURL}/api/interviews`, {
      headers: owner.headers,
      data: { projectId: owner.projectId, name: "Greta", stakeholderType: "business" },
    })
  ).json();
  await completed(request, baseURL, owner.headers, greta.id as number, [
    [
      "Wie planen Sie die Einsätze heute?",
      "Wir planen alle Einsätze noch auf Papier, und am Montag dauert das fast den ganzen Vormittag. Ich möchte, dass die Disponenten die Aufträge auf einer Karte sehen und per Ziehen verteilen können.",
    ],
    [
      "Was darf auf keinen Fall passieren?",
      "Die Adressen unserer Kunden dürfen niemals an andere Firmen weitergegeben werden.",
    ],
  ]);
  return owner;
}

for (const size of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`interviews in another language, offline, at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, bypassCSP: true });

    test("the summary and requirements cards say which interview offline writing left out, and what to configure", async ({
      page,
      request,
      baseURL,
    }) => {
      const { token, projectId } = await projectWithGermanInterview(request, baseURL as string);
      await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
      await page.goto(`/projects/${projectId}`);

      await page.getByRole("button", { name: "Summarize Interviews" }).click();
      await expect(page.getByText("Summary generated")).toBeVisible();
      const summaryNotice = page.locator("[data-language-notice]");
      await expect(summaryNotice).toContainText("One interview was left out of the summary");
      await expect(summaryNotice).toContainText("Greta (German)");
      await expect(summaryNotice).toContainText("OPENAI_API_KEY");
      await expect(summaryNotice).toContainText("OPENAI_BASE_URL");
      await page.mouse.move(0, 0);
      await screenshot(page, `language-notice-summary-${size.name}`);
      await expectNoSeriousViolations(page, `summary language notice at ${size.width}px`);

      await page.getByRole("tab", { name: "Requirements" }).click();
      const requirementsNotice = page.locator("[data-language-notice]");
      await expect(requirementsNotice).toContainText("left out of the requirements");
      await page.getByRole("button", { name: "Create Requirements" }).click();
      await expect(page.getByText("Requirements generated")).toBeVisible();
      // Dana's English interview still gives stories; Greta's is named, not silently missing.
      await expect(page.locator("[data-story]").first()).toBeVisible();
      await expect(requirementsNotice).toContainText("Greta (German)");
      await page.mouse.move(0, 0);
      await screenshot(page, `language-notice-requirements-${size.name}`);
      await expectNoSeriousViolations(page, `requirements language notice at ${size.width}px`);

      // With a model, a story quoting Greta shows her words and their translation beneath them. No
      // model answers here, so the card's data is given as a model-written tree would carry it.
      await page.route("**/trpc/requirements.get**", async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const evidence = body.result.data.epics[0].features[0].stories[0].evidence[0];
        Object.assign(evidence, {
          quote: "Ich möchte, dass die Disponenten die Aufträge auf einer Karte sehen",
          translation: "I want the dispatchers to see the jobs on a map",
        });
        await route.fulfill({ response, json: body });
      });
      await page.reload();
      await page.getByRole("tab", { name: "Requirements" }).click();
      const translated = page.locator("[data-story] [data-translation]").first();
      await expect(translated).toHaveText("Translated: “I want the dispatchers to see the jobs on a map”");
      await expect(page.locator("[data-story] [data-evidence]").first()).toContainText(
        "“Ich möchte, dass die Disponenten die Aufträge auf einer Karte sehen”",
      );
      await page.mouse.move(0, 0);
      await screenshot(page, `language-translation-${size.name}`);
      await expectNoSeriousViolations(page, `a quote with its translation at ${size.width}px`);
    });
  });
}

test("the owner chooses the language requirements and summaries are written in", async ({
  page,
  request,
  baseURL,
}) => {
  const { token, projectId } = await interviewViaApi(request, baseURL as string);
  await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
  await page.goto(`/projects/${projectId}`);
  await page.getByRole("button", { name: "Edit Project" }).click();
  const language = page.getByRole("combobox", { name: "Language of requirements and summary" });
  await expect(language).toHaveValue("English");
  await language.click();
  await page.getByRole("option", { name: "German" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Project updated")).toBeVisible();
  const brief = page.locator("#project-brief");
  await expect(brief.getByText("Written in")).toBeVisible();
  await expect(brief.getByText("German", { exact: true })).toBeVisible();
  const saved = await request.get(`${baseURL}/api/projects/${projectId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await saved.json()).outputLanguage).toBe("de");
});
