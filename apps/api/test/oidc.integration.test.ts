import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

/** A free port for the provider, so the app can be configured with its issuer first. */
async function listen() {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { http, issuer: `http://127.0.0.1:${(http.address() as { port: number }).port}` };
}

/** A real OpenID provider (oidc-provider), with its developer login screens. */
function startProvider(http: Server, issuer: string, redirectUri: string) {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "parley",
        client_secret: "parley-secret",
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@example.com`,
        email_verified: true,
        given_name: "Olivia",
      }),
    }),
  });
  http.on("request", provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}

/** Follows the sign-in through the provider's login and consent screens, like a browser would. */
async function signInWithProvider(app: Client, providerIssuer: string, login: string) {
  const providerCookies = new Map<string, string>();
  let res = await app.get("/api/login");
  expect(res.status).toBe(302);
  let location = res.headers.get("location") as string;
  for (let hop = 0; hop < 12; hop += 1) {
    if (location.startsWith(app.baseUrl) || location.startsWith("/api/")) break;
    const url = new URL(location, providerIssuer);
    const cookie = [...providerCookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let providerRes = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    const remember = (r: Response) => {
      for (const line of r.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...value] = (pair ?? "").split("=");
        if (name) providerCookies.set(name.trim(), value.join("="));
      }
    };
    remember(providerRes);
    if (providerRes.status === 200 && url.pathname.startsWith("/interaction/")) {
      const html = await providerRes.text();
      const prompt = html.includes('name="prompt" value="login"') ? "login" : "consent";
      const body = new URLSearchParams({ prompt, ...(prompt === "login" ? { login, password: "any" } : {}) });
      const cookies = [...providerCookies].map(([k, v]) => `${k}=${v}`).join("; ");
      providerRes = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
        body,
      });
      remember(providerRes);
    }
    location = new URL(providerRes.headers.get("location") as string, url).href;
  }
  const callback = new URL(location, app.baseUrl);
  res = await app.get(`${callback.pathname}${callback.search}`);
  return res;
}

describe("Sign in with Replit (OpenID Connect)", () => {
  let app: TestServer;
  let provider: ReturnType<typeof startProvider>;
  beforeAll(async () => {
    const { http, issuer } = await listen();
    app = await startTestServer({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: "parley",
      OIDC_CLIENT_SECRET: "parley-secret",
    });
    provider = startProvider(http, issuer, `${app.url}/api/callback`);
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  it("offers the button only when configured", async () => {
    expect((await new Client(app.url).get("/api/auth/providers")).body).toEqual({ replit: true });
  });

  it("creates an account on first sign-in and signs the browser in", async () => {
    const browser = new Client(app.url);
    const res = await signInWithProvider(browser, provider.issuer, "olivia");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const me = await browser.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "olivia@example.com", firstName: "Olivia" });
  });

  it("links an existing account by verified email", async () => {
    const { user } = await signUp(app.url, { email: "petra@example.com" });
    const browser = new Client(app.url);
    await signInWithProvider(browser, provider.issuer, "petra");
    expect((await browser.get("/api/auth/user")).body.id).toBe(user.id);
  });

  it("refuses a callback without the flow cookie", async () => {
    const res = await new Client(app.url).get("/api/callback?code=x&state=y");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?error=sign-in-expired");
  });
});
