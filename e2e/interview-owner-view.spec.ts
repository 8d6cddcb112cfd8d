import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { interviewViaApi, screenshot } from "./support";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

// axe is injected as a script tag: the page's CSP would refuse it.
test.use({ bypassCSP: true });

async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
}

for (const [label, size] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`${label}: the owner sees the participant's words by speaker with times, their image and feedback, a saved summary`, async ({
    page,
    playwright,
    request,
    baseURL,
  }) => {
    const { token, interviewId, shareLink } = await interviewViaApi(request, baseURL as string, "developer");
    // The participant's browser (its own cookies): answers, attaches an image, ends, reviews with feedback.
    const participant = await playwright.request.newContext({ baseURL });
    await participant.get(`/api/interviews/share/${shareLink}`);
    const added = await participant.post("/trpc/participant.addImage", {
      data: { interviewId, dataUrl: `data:image/png;base64,${PNG}` },
    });
    const image = (await added.json()).result.data as { id: number; url: string };
    const at = (minute: number) => `2026-11-23T10:0${minute}:00.000Z`;
    await participant.post("/api/conversations", {
      data: {
        interviewId,
        messages: [
          { role: "ai", content: "What slows dispatch down?", timestamp: at(0) },
          { role: "user", content: "Paper job sheets.", timestamp: at(1) },
          { role: "ai", content: "What would help most?", timestamp: at(2) },
          { role: "user", content: "A live map of every van.", timestamp: at(3) },
          {
            role: "user",
            type: "image",
            content: image.url,
            description: "A whiteboard with the morning routes",
            imageId: image.id,
            timestamp: at(4),
          },
        ].map((m) => JSON.stringify(m)),
      },
    });
    await participant.patch(`/api/interviews/${interviewId}/status`, { data: { status: "completed" } });
    await participant.post("/api/transcripts", {
      data: {
        interviewId,
        content: "AI: What slows dispatch down?\n\nParticipant: Paper job sheets.",
        corrected: false,
        additionalFeedback: "Call me on Tuesdays.",
      },
    });
    await participant.dispose();

    // Signed in as a browser is: the session cookie (image addresses load with it) and the stored token.
    await page.context().addCookies([{ name: "session", value: token, url: baseURL as string }]);
    await signInWithToken(page, token);
    await page.setViewportSize(size);
    await page.goto(`/interviews/${interviewId}?turn=3`);
    await expect(page.locator("main#main-content")).toBeVisible();
    const turn3 = page.locator("#turn-3");
    await expect(turn3).toContainText("A live map of every van.");
    await expect(turn3).toHaveAttribute("data-highlighted", "true");
    await expect(turn3).toBeInViewport();
    await expect(page.locator("#turn-0")).toContainText("Interviewer");
    await expect(page.locator("#turn-1")).toContainText("Dana");
    await expect(page.locator("#turn-1 time")).toHaveAttribute("datetime", at(1));
    const thumbnail = page
      .locator("#turn-4")
      .getByRole("img", { name: "A whiteboard with the morning routes" });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    expect(await thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("additional-feedback")).toContainText("Call me on Tuesdays.");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `owner-interview-${label}`);
    await expectNoSeriousViolations(page, `owner interview with a conversation at ${size.width}px`);

    // The summary is saved: it is still there after a reload.
    await page.getByRole("button", { name: "Generate Summary" }).click();
    await expect(page.getByText("Summary generated")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Summary", selected: true })).toBeVisible();
    await expect
      .poll(async () =>
        (
          await request.get(`/api/interviews/${interviewId}/summary`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).status(),
      )
      .toBe(200);
    await page.reload();
    await page.getByRole("tab", { name: "Summary" }).click();
    await expect(page.getByRole("button", { name: "Create Document" })).toBeEnabled();
    await expect(page.getByRole("heading", { name: "Dana Summary" })).toBeVisible();
    await screenshot(page, `owner-interview-summary-${label}`);
  });
}
