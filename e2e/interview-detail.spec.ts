import { expect, type Page, test } from "@playwright/test";
import { interviewViaApi, screenshot } from "./support";

/** Signs the browser in as the owner made through the REST door (the Bearer token of spec 1 §7). */
async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
}

/** The status badge of the header (the status selector's hidden options carry the same labels). */
const statusBadge = (page: Page, label: string) => page.locator("#root").getByText(label, { exact: true });

/** A participant answers one question of a text interview and ends it (a separate browser context). */
async function completeTextInterview(page: Page, shareLink: string, answer: string) {
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  const ai = page.locator('[data-speaker="ai"]');
  await expect(ai.first()).toBeVisible();
  await page.getByLabel("Your answer").fill(answer);
  await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
  await page.getByLabel("Your answer").press("Enter");
  await expect(ai).toHaveCount(2);
  await page.getByRole("button", { name: "End Interview" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your time!" })).toBeVisible();
}

test("an owner reviews a completed interview: transcript, notes, summary, document, status, delete", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { token, headers, projectId, interviewId, shareLink } = await interviewViaApi(
    request,
    baseURL as string,
    "developer",
  );
  await signInWithToken(page, token);

  // Before anyone has answered there is nothing to show, and nothing to summarize.
  await page.goto(`/interviews/${interviewId}`);
  await expect(page.getByRole("heading", { name: "Dana" })).toBeVisible();
  await expect(statusBadge(page, "Scheduled")).toBeVisible();
  await expect(page.getByText("No conversation content found for this interview yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate Summary" })).toBeDisabled();

  const participant = await browser.newContext();
  await completeTextInterview(
    await participant.newPage(),
    shareLink,
    "I dispatch twenty plumbers and plan every route by hand each morning.",
  );
  await participant.close();

  // Header and the Conversation tab.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dana" })).toBeVisible();
  await expect(page.getByText("Developer · Created on")).toBeVisible();
  await expect(statusBadge(page, "Completed")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Conversation", selected: true })).toBeVisible();
  await expect(page.getByText("Participant: I dispatch twenty plumbers")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to project" })).toHaveAttribute(
    "href",
    `/projects/${projectId}`,
  );
  await screenshot(page, "detail-conversation");

  // Correcting the saved transcript updates it and marks the interview as edited by its owner.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const editor = page.getByLabel("Transcript");
  await expect(editor).toHaveValue(/I dispatch twenty plumbers/);
  await editor.fill(`${await editor.inputValue()}\n\nCorrection: twenty-two plumbers.`);
  await page.getByRole("button", { name: "Save Transcript" }).click();
  await expect(page.getByText("Transcript updated")).toBeVisible();
  await expect(page.getByText("Correction: twenty-two plumbers.")).toBeVisible();
  await expect(statusBadge(page, "Updated by User")).toBeVisible();

  // Notes save themselves: 'Saving...' then 'Saved', and survive a reload.
  await page.getByRole("tab", { name: "Notes" }).click();
  await page.getByLabel("Interview notes").fill("Follow up about the winter peak.");
  await expect(page.getByText("Saving...", { exact: true })).toBeVisible();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Notes" }).click();
  await expect(page.getByLabel("Interview notes")).toHaveValue("Follow up about the winter peak.");

  // Generating a summary switches to the Summary tab; a document is then made from it.
  await page.getByRole("tab", { name: "Summary" }).click();
  await expect(page.getByRole("button", { name: "Create Document" })).toBeDisabled();
  await page.getByRole("tab", { name: "Conversation" }).click();
  await page.getByRole("button", { name: "Generate Summary" }).click();
  await expect(page.getByText("Summary generated")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Summary", selected: true })).toBeVisible();
  const summary = page.getByRole("tabpanel", { name: "Summary" });
  await expect(summary.getByRole("heading", { name: "Dana Summary" })).toBeVisible();
  await expect(summary.getByText("plan every route by hand").first()).toBeVisible();
  await screenshot(page, "detail-summary");
  await page.getByRole("button", { name: "Create Document" }).click();
  await expect(page.getByText("Document created")).toBeVisible();
  const documents = await (await request.get(`/api/projects/${projectId}/documents`, { headers })).json();
  expect(documents.map((d: { title: string }) => d.title)).toContain("Dana - Documentation");

  // The owner may set any status from the selector.
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Cancelled" }).click();
  await expect(page.getByText("Status updated")).toBeVisible();
  await expect(statusBadge(page, "Cancelled")).toBeVisible();
  const interview = await (await request.get(`/api/interviews/${interviewId}`, { headers })).json();
  expect(interview.status).toBe("cancelled");

  // Deleting asks first: Cancel keeps the interview, Delete Interview removes it and returns to the project.
  await page.getByRole("button", { name: "Delete Interview" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this interview?" });
  await expect(confirm).toContainText("This cannot be undone.");
  await expect(confirm).toHaveCSS("opacity", "1"); // the dialog has faded in
  await screenshot(page, "detail-confirm-delete");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/interviews/${interviewId}$`));
  await page.getByRole("button", { name: "Delete Interview" }).click();
  await confirm.getByRole("button", { name: "Delete Interview" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByText("Interview deleted")).toBeVisible();
  expect((await request.get(`/api/interviews/${interviewId}`, { headers })).status()).toBe(404);
});

test("a conversation without text says so; a transcript made from the conversation is saved", async ({
  page,
  request,
  baseURL,
}) => {
  const { token, headers, interviewId } = await interviewViaApi(request, baseURL as string);
  await signInWithToken(page, token);
  const saveMessages = async (messages: object[]) => {
    const res = await request.post("/api/conversations", {
      headers,
      data: { interviewId, messages: messages.map((m) => JSON.stringify(m)) },
    });
    expect(res.status()).toBe(201);
  };

  // Only an image: messages exist, but none of them reads as text.
  await saveMessages([{ role: "user", type: "image", content: "/uploads/whiteboard.png", description: "" }]);
  await page.goto(`/interviews/${interviewId}`);
  await expect(
    page.getByText("No valid conversation content could be parsed for this interview."),
  ).toBeVisible();

  // With text, the transcript is built from the conversation; saving it creates the transcript.
  await saveMessages([
    { role: "ai", content: "What slows you down?" },
    { role: "user", content: "Paper job sheets." },
  ]);
  await page.reload();
  await expect(page.getByText("Participant: Paper job sheets.")).toBeVisible();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page
    .getByLabel("Transcript")
    .fill("AI: What slows you down?\n\nParticipant: Paper job sheets, mostly.");
  await page.getByRole("button", { name: "Save Transcript" }).click();
  await expect(page.getByText("Transcript saved")).toBeVisible();
  await expect(statusBadge(page, "Updated by User")).toBeVisible();
  const transcript = await (
    await request.get(`/api/interviews/${interviewId}/transcript`, { headers })
  ).json();
  expect(transcript).toMatchObject({ content: expect.stringContaining("mostly."), corrected: true });
});

test("an unknown interview shows 'Interview not found'", async ({ page, request, baseURL }) => {
  const { token } = await interviewViaApi(request, baseURL as string);
  await signInWithToken(page, token);
  await page.goto("/interviews/999999");
  await expect(page.getByRole("heading", { name: "Interview not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Projects" })).toHaveAttribute("href", "/");
});
