import { afterAll, beforeAll, it } from "vitest";
import { Client, ownerWithInterview, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it("probe", async () => {
  const { owner, interviewId, participant } = await ownerWithInterview(server);
  const show = (label: string, r: { status: number; text: string }) =>
    console.log(label, r.status, r.text.slice(0, 200));
  show(
    "mp abc",
    await fetch(`${server.url}/api/ai/transcribe`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "abc",
    }).then(async (r) => ({ status: r.status, text: await r.text() })),
  );
  show(
    "mp noboundary",
    await fetch(`${server.url}/api/ai/transcribe`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "abc",
    }).then(async (r) => ({ status: r.status, text: await r.text() })),
  );
  const cut = `--xyz\r\ncontent-disposition: form-data; name="audio"; filename="a.webm"\r\ncontent-type: audio/webm\r\n\r\nAAAA`;
  show(
    "mp cut",
    await fetch(`${server.url}/api/ai/transcribe`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: cut,
    }).then(async (r) => ({ status: r.status, text: await r.text() })),
  );
  show("conv 2^31", await participant.get(`/api/interviews/2147483648/conversation`));
  show(
    "agile garbage",
    await owner.client.post("/api/ai/generate-agile-requirements", { transcripts: "x", title: 5 }),
  );
  show(
    "agile garbage2",
    await owner.client.post("/api/ai/generate-agile-requirements", {
      transcripts: ["a"],
      title: "t",
      content: { a: 1 },
      existingRequirements: [1, 2],
      isRefresh: "yes",
    }),
  );
  show("agile garbage3", await owner.client.post("/api/ai/generate-agile-requirements", "garbage"));
  for (const content of ["%%%% ###", "zzz", "\u0001\u0002", "a".repeat(5000), "1"])
    show(
      "agile " + content.slice(0, 10),
      await owner.client.post("/api/ai/generate-agile-requirements", {
        transcripts: [content],
        title: "t",
        content,
      }),
    );
  show(
    "login nul",
    await new Client(server.url).post("/api/auth/login", { email: "a\u0000@x.test", password: "x" }),
  );
  show(
    "conv surrogate",
    await participant.post("/api/conversations", {
      interviewId,
      messages: [JSON.stringify({ role: "user", content: "\ud800" })],
    }),
  );
  show(
    "conv surrogate raw",
    await participant.request(
      "POST",
      "/api/conversations",
      `{"interviewId":${interviewId},"messages":[{"role":"user","content":"\\ud800"}]}`,
    ),
  );
});
