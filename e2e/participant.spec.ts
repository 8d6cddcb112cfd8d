import { expect, test } from "@playwright/test";
import { interviewViaApi, screenshot } from "./support";

test("a participant is interviewed by text, takes notes, ends, reviews and saves; the owner sees it all", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink, interviewId, headers } = await interviewViaApi(request, baseURL as string, "developer");
  await page.goto(`/interview/${shareLink}`);
  await expect(page.getByRole("button", { name: "Start Voice Interview" })).toBeVisible();
  await expect(page.getByText("Voice interviews need access to your microphone")).toBeVisible();
  await screenshot(page, "participant-welcome");

  await page.getByRole("button", { name: "Start Text Interview" }).click();
  const ai = page.locator('[data-speaker="ai"]');
  await expect(ai.first()).toContainText("Could you tell me about your role and the systems you work on?");
  await expect(page.getByRole("heading", { name: "Field dispatch" })).toBeVisible();

  const input = page.getByLabel("Your answer");
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await input.fill("   ");
  await expect(send).toBeDisabled();
  // Shift+Enter adds a line; Enter sends.
  await input.fill("I maintain the routing service.");
  await input.press("Shift+Enter");
  await input.pressSequentially("It is written in Go and runs on Kubernetes.");
  await expect(send).toBeEnabled();
  await input.press("Enter");
  await expect(page.locator('[data-speaker="user"]').first()).toContainText(
    "I maintain the routing service.\nIt is written in Go",
  );
  await expect(ai).toHaveCount(2);

  await page.getByLabel("Interview notes").fill("The nightly batch job is fragile.");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: "whiteboard.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await expect(page.getByText("cannot look inside images")).toBeVisible();
  await screenshot(page, "participant-active");

  // A reload resumes where the participant was.
  await page.reload();
  await expect(page.locator('[data-speaker="user"]')).toHaveCount(1);
  await expect(page.getByLabel("Interview notes")).toHaveValue("The nightly batch job is fragile.");

  // Ending asks first, with the count of answers; "Keep going" changes nothing.
  await page.getByRole("button", { name: "End Interview" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText("You answered 1 question. End now?")).toBeVisible();
  await screenshot(page, "participant-end-confirm");
  await confirm.getByRole("button", { name: "Keep going" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel("Your answer")).toBeVisible();
  await page.getByRole("button", { name: "End Interview" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your time!" })).toBeVisible();
  // One card per answer: the question is read-only text, only the participant's words are editable.
  await expect(page.getByTestId("review-card")).toHaveCount(1);
  await expect(page.getByTestId("review-card")).toContainText(
    "Could you tell me about your role and the systems you work on?",
  );
  const review = page.getByLabel("Your answer to question 1");
  await expect(review).toHaveValue(
    "I maintain the routing service.\nIt is written in Go and runs on Kubernetes.",
  );
  await expect(page.locator("textarea").filter({ hasText: "AI:" })).toHaveCount(0);
  await expect(page.getByText("INTERVIEW NOTES")).toHaveCount(0);
  await review.fill("I maintain the routing service. Correction: it runs hourly, not nightly.");
  await page.getByLabel("Additional Feedback").fill("Happy to talk again.");
  await page.getByRole("button", { name: "Save Responses" }).click();
  await expect(page.getByText("Responses Saved")).toBeVisible();
  await screenshot(page, "participant-thank-you");

  // The owner sees the conversation, the notes and the reviewed transcript.
  const transcript = await (
    await request.get(`/api/interviews/${interviewId}/transcript`, { headers })
  ).json();
  expect(transcript.content).toContain(
    "Participant: I maintain the routing service. Correction: it runs hourly",
  );
  expect(transcript.content).toMatch(/^AI: Hello.*Could you tell me about your role/);
  expect(transcript.content).toMatch(/WRITTEN NOTES:\nThe nightly batch job is fragile\./);
  expect(transcript.corrected).toBe(true);
  expect(transcript.additionalFeedback).toBe("Happy to talk again.");
  const conversation = await (
    await request.get(`/api/interviews/${interviewId}/conversation`, { headers })
  ).json();
  const messages = conversation.messages.map((m: string) => JSON.parse(m));
  expect(messages.some((m: { type?: string }) => m.type === "image")).toBe(true);
  const interview = await (await request.get(`/api/interviews/${interviewId}`, { headers })).json();
  expect(interview).toMatchObject({ status: "completed", notes: "The nightly batch job is fragile." });

  // Opening the link again says it is done.
  await page.goto(`/interview/${shareLink}`);
  await expect(page.getByRole("heading", { name: "Interview Already Completed" })).toBeVisible();
  await expect(page.getByText("You have already been interviewed. Thank you for the input.")).toBeVisible();
  await screenshot(page, "participant-completed");
});

test("an invalid link says so", async ({ page }) => {
  await page.goto("/interview/not-a-real-link");
  await expect(page.getByRole("heading", { name: "Interview Not Found" })).toBeVisible();
  await expect(page.getByText("The interview link you've followed is invalid or has expired.")).toBeVisible();
  await screenshot(page, "participant-not-found");
});

test("the interview reads well on a phone", async ({ page, request, baseURL }) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/interview/${shareLink}`);
  await screenshot(page, "participant-welcome-phone");
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
  await screenshot(page, "participant-active-phone");
});

test("a reply refused by a limit shows the server's message on one line above the composer and loses nothing", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink, interviewId, headers } = await interviewViaApi(request, baseURL as string);
  // A phone: the notice must leave the answer box and what is typed in view.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  const ai = page.locator('[data-speaker="ai"]');
  await expect(ai).toHaveCount(1);

  // The server answers the AI call as it does when a participant goes too fast (HTTP 429). The
  // request still reaches the server, which keeps the answer before anything can refuse it.
  const refusal = "You're going a little fast. Please wait a moment and send again.";
  await page.route("**/trpc/ai.interviewResponseStream**", async (route) => {
    await (await route.fetch()).body();
    await route.fulfill({
      status: 200,
      contentType: "application/json",
      body: `${JSON.stringify({ 0: [[0], [null, 0, 0]] })}\n${JSON.stringify([
        0,
        0,
        [
          [
            {
              error: { message: refusal, code: -32029, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } },
            },
          ],
        ],
      ])}\n`,
    });
  });
  const input = page.getByLabel("Your answer");
  await input.fill("Routes are planned by hand every morning.");
  await page.getByRole("button", { name: "Send" }).click();
  const notice = page.getByRole("alert", { name: "The interviewer can't answer right now" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(refusal);
  // One line (at 375 px), right above the answer box.
  const line = (await notice.boundingBox())!;
  const box = (await input.boundingBox())!;
  expect(line.height).toBeLessThanOrEqual(36);
  expect(box.y - (line.y + line.height)).toBeLessThan(24);
  // The answer stays in the conversation, saved; what the participant types next stays in the box.
  await expect(page.locator('[data-speaker="user"]')).toHaveText("Routes are planned by hand every morning.");
  await input.fill("Also the drivers call in");
  await input.focus();
  await expect(notice).toBeVisible();
  await expect(input).toHaveValue("Also the drivers call in");
  await expect(input).toBeInViewport();
  await screenshot(page, "participant-refused-phone");
  const saved = await (await request.get(`/api/interviews/${interviewId}/conversation`, { headers })).json();
  expect(saved.messages.map((m: string) => JSON.parse(m).content)).toContain(
    "Routes are planned by hand every morning.",
  );

  // A tap on the message shows all of it.
  await notice.getByRole("button", { name: refusal }).click();
  await expect(notice.getByRole("button", { name: refusal })).toHaveAttribute("aria-expanded", "true");

  // Later the participant asks again and the interview carries on, with their typing untouched.
  await page.unroute("**/trpc/ai.interviewResponseStream**");
  await notice.getByRole("button", { name: "Ask again" }).click();
  await expect(ai).toHaveCount(2);
  await expect(notice).toBeHidden();
  await expect(page.locator('[data-speaker="user"]')).toHaveCount(1);
  await expect(input).toHaveValue("Also the drivers call in");
});

test("on a phone every field reads at 16 px, and the answer box stays in view with the keyboard open", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  // A stand-in for iOS Safari's visual viewport, which shrinks when the keyboard opens while the
  // page (and 100dvh) keeps its height.
  await page.addInitScript(() => {
    const real = window.visualViewport;
    const fake = new EventTarget() as EventTarget & { height: number; width: number; scale: number };
    Object.assign(fake, { height: window.innerHeight, width: window.innerWidth, scale: 1 });
    Object.defineProperty(window, "visualViewport", { get: () => fake, configurable: true });
    (window as unknown as { keyboard: (px: number) => void }).keyboard = (px) => {
      fake.height = (real?.height ?? window.innerHeight) - px;
      fake.dispatchEvent(new Event("resize"));
    };
  });
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  const ai = page.locator('[data-speaker="ai"]');
  await expect(ai).toHaveCount(1);
  const input = page.getByLabel("Your answer");
  // Several answers, so the conversation is longer than the screen.
  const answers = ["We plan by hand.", "It takes two hours.", "The dispatcher does it."];
  for (const [i, answer] of answers.entries()) {
    await input.fill(answer);
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await input.press("Enter");
    await expect(ai).toHaveCount(i + 2);
  }
  const fontSize = (locator: import("@playwright/test").Locator) =>
    locator.evaluate((element) => getComputedStyle(element).fontSize);
  expect(await fontSize(input)).toBe("16px");
  // The notes (in their drawer, kept mounted) too.
  expect(await fontSize(page.getByLabel("Interview notes"))).toBe("16px");

  // The keyboard opens over the lower 300 px: the answer box and the last question are above it.
  await input.focus();
  await input.fill("Mostly on paper");
  await page.evaluate(() => (window as unknown as { keyboard: (px: number) => void }).keyboard(300));
  const visible = 667 - 300;
  await expect
    .poll(async () => {
      const box = (await input.boundingBox())!;
      return box.y + box.height;
    })
    .toBeLessThanOrEqual(visible);
  const last = (await ai.last().boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(visible);
  expect(last.y + last.height).toBeGreaterThan(0);
  await expect(input).toHaveValue("Mostly on paper");
  await page.screenshot({
    path: "test-results/screens/participant-keyboard-phone.png",
    clip: { x: 0, y: 0, width: 375, height: visible },
  });

  // Android with interactive-widget=resizes-content: the page itself shrinks to what is visible.
  // (The stand-in visual viewport follows the page, as the real one does there.)
  await page.setViewportSize({ width: 375, height: visible });
  await page.evaluate(() => (window as unknown as { keyboard: (px: number) => void }).keyboard(0));
  await expect(input).toBeInViewport({ ratio: 1 });
  await expect(ai.last()).toBeInViewport();
  await screenshot(page, "participant-keyboard-android");
});
