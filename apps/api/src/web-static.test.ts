import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRERENDERED_PAGE_CSP } from "./security-headers";
import { firstCallOf, IMMUTABLE, pageSender, registerWebStatic } from "./web-static";

/** A web build as apps/web's Vite config writes it: every text file with its .br and .gz twins. */
function fakeBuild(dir: string) {
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  };
  write("index.html", "<html>every page</html>");
  write("routes/participant.html", "<html>the share link's page</html>");
  write("assets/app-Ab12.js", `console.log(${JSON.stringify("x".repeat(2000))});`);
}

/**
 * The app server over a fake build for one describe block: the build written (plus `more`, brotli
 * only) before the block's tests, served as main.ts serves it, and removed after them.
 */
function servedBuild(more: Record<string, string> = {}) {
  const served = { dir: "", app: undefined as unknown as FastifyInstance };
  beforeAll(async () => {
    served.dir = mkdtempSync(path.join(tmpdir(), "parley-web-"));
    fakeBuild(served.dir);
    for (const [file, body] of Object.entries(more)) {
      writeFileSync(path.join(served.dir, file), body);
      writeFileSync(path.join(served.dir, `${file}.br`), brotliCompressSync(body));
    }
    served.app = Fastify();
    const sendPage = pageSender(served.dir);
    await registerWebStatic(served.app, served.dir);
    served.app.setNotFoundHandler((req, reply) => sendPage(reply, req.url.split("?")[0] ?? ""));
  });
  afterAll(async () => {
    await served.app.close();
    rmSync(served.dir, { recursive: true, force: true });
  });
  return served;
}

describe("the web build as the app server sends it", () => {
  const served = servedBuild();

  it("sends a hashed script as brotli to a browser that takes it, gzip to one that takes only gzip, and as it is otherwise; cached a year as immutable", async () => {
    const br = await served.app.inject({
      url: "/assets/app-Ab12.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("console.log");
    expect(br.headers["cache-control"]).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe("Accept-Encoding");
    const gz = await served.app.inject({
      url: "/assets/app-Ab12.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await served.app.inject({ url: "/assets/app-Ab12.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log");
  });

  it("answers a share link with its own page and any other path with index.html, compressed and never cached without asking", async () => {
    const share = await served.app.inject({ url: "/interview/abc123", headers: { "accept-encoding": "br" } });
    expect(share.statusCode).toBe(200);
    expect(share.headers["content-encoding"]).toBe("br");
    expect(share.headers["content-type"]).toMatch(/text\/html/);
    expect(share.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(share.rawPayload).toString()).toContain("the share link's page");
    // No routes/landing.html in this build: `/` falls back to index.html.
    for (const url of ["/", "/projects/7"]) {
      const page = await served.app.inject({ url });
      expect(page.body).toBe("<html>every page</html>");
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("asks for a newcomer's page's first API call with the page: the current user, or the share link's interview", async () => {
    const share = await served.app.inject({ url: "/interview/a%20b_C-9" });
    expect(share.headers.link).toBe(
      `</trpc/participant.open?input=${encodeURIComponent(JSON.stringify({ shareLink: "a b_C-9" }))}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    for (const url of ["/", "/auth"]) {
      expect((await served.app.inject({ url })).headers.link).toBe(
        "</trpc/auth.me>; rel=preload; as=fetch; crossorigin=use-credentials",
      );
    }
    expect((await served.app.inject({ url: "/projects/7" })).headers.link).toBeUndefined();
    // Safari (and any iPhone browser) would make the call twice: it is not asked to preload it.
    const safari =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    const android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const linkFor = async (ua: string) =>
      (await served.app.inject({ url: "/interview/abc123", headers: { "user-agent": ua } })).headers.link;
    expect(await linkFor(safari)).toBeUndefined();
    expect(await linkFor(android)).toMatch(/participant\.open/);
    expect(firstCallOf("/interview/%E0%A4%A")).toBeUndefined();
    expect(firstCallOf("/auth/")).toBe("/trpc/auth.me");
  });
});

describe("the public pages rendered at build time", () => {
  const served = servedBuild({
    "routes/landing.html": '<div id="root"></div>',
    "routes/auth.html": '<div id="root"></div>',
    "routes/landing.prerendered.html": "<h1>Discover what your stakeholders really need</h1>",
    "routes/auth.prerendered.html": "<h2>Welcome back</h2>",
    "routes/register.prerendered.html": "<h2>Create your account</h2>",
  });

  it("sends a visitor without a session the landing page, the sign-in form or the register form with their text in the HTML, compressed", async () => {
    const cases = [
      ["/", "Discover what your stakeholders really need"],
      ["/?utm_source=mail", "Discover what your stakeholders really need"],
      ["/auth", "Welcome back"],
      ["/auth/", "Welcome back"],
      ["/auth?mode=login", "Welcome back"],
      ["/auth?mode=register", "Create your account"],
      ["/auth?from=x&mode=register", "Create your account"],
    ];
    for (const [url, text] of cases) {
      const page = await served.app.inject({
        url,
        headers: { "accept-encoding": "br", cookie: "theme=dark" },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"], url).toMatch(/text\/html/);
      expect(page.headers["content-encoding"], url).toBe("br");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain(text);
      // Its colour-scheme script may run: it draws the page in the visitor's scheme from the start.
      expect(page.headers["content-security-policy"], url).toBe(PRERENDERED_PAGE_CSP);
    }
  });

  it("sends a visitor with a session the page that waits for the current user, not a signed-out page to flash before the app sends them on", async () => {
    for (const url of ["/", "/auth", "/auth?mode=register"]) {
      const page = await served.app.inject({ url, headers: { cookie: "theme=dark; session=abc123" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe('<div id="root"></div>');
      expect(page.headers["content-security-policy"], url).toBeUndefined();
    }
    // The answer differs by cookie: a shared cache must not give one visitor's to the other.
    expect((await served.app.inject({ url: "/" })).headers.vary).toMatch(/Cookie/);
    expect((await served.app.inject({ url: "/auth" })).headers.vary).toMatch(/Cookie/);
    // Every other page is the same for everyone.
    expect((await served.app.inject({ url: "/pricing" })).body).toBe("<html>every page</html>");
  });

  it("asks for the landing page's plans with it, beside the current user, when the page is the rendered one", async () => {
    const preload = (call: string) => `<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    expect((await served.app.inject({ url: "/" })).headers.link).toBe(
      `${preload("/trpc/auth.me")}, ${preload("/trpc/billing.plans")}`,
    );
    expect((await served.app.inject({ url: "/", headers: { cookie: "session=abc" } })).headers.link).toBe(
      preload("/trpc/auth.me"),
    );
    expect((await served.app.inject({ url: "/auth" })).headers.link).toBe(preload("/trpc/auth.me"));
  });
});

it("renders the sign-in page in the browser where the deployment offers sign-in with Replit (its button is not in the build's HTML)", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-web-"));
  try {
    fakeBuild(dir);
    writeFileSync(path.join(dir, "routes/auth.html"), '<div id="root"></div>');
    writeFileSync(path.join(dir, "routes/auth.prerendered.html"), "<h2>Welcome back</h2>");
    writeFileSync(path.join(dir, "routes/landing.prerendered.html"), "<h1>Discover</h1>");
    const app = Fastify();
    const sendPage = pageSender(dir, { oidcEnabled: true });
    app.setNotFoundHandler((req, reply) => sendPage(reply, req.url.split("?")[0] ?? ""));
    await registerWebStatic(app, dir);
    expect((await app.inject({ url: "/auth" })).body).toBe('<div id="root"></div>');
    expect((await app.inject({ url: "/" })).body).toBe("<h1>Discover</h1>");
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
