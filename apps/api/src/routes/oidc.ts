import { createContext, type Services, startSession } from "@parley/api";
import { getUserById, getUserIdByOidcSubject, insertUser, linkOidcSubject } from "@parley/db/queries/users";
import type { FastifyInstance } from "fastify";
import * as client from "openid-client";
import type { Env } from "../env";
import { requestInfo } from "../request";

const FLOW_COOKIE = "oidc_flow";
const FLOW_SECONDS = 600;

/**
 * "Continue with Replit": OpenID Connect against OIDC_ISSUER_URL (Replit's issuer, or any other).
 * GET /api/login starts the flow (PKCE + state, kept in a short-lived HttpOnly cookie);
 * GET /api/callback signs the user in, linking an existing account by verified email, and goes home.
 */
export function oidcRoutes(services: Services, env: Env) {
  return async (app: FastifyInstance) => {
    if (!env.OIDC_ISSUER_URL || !env.OIDC_CLIENT_ID) return;
    const issuer = new URL(env.OIDC_ISSUER_URL);
    let config: client.Configuration | undefined;
    const configuration = async () => {
      config ??= await client.discovery(
        issuer,
        env.OIDC_CLIENT_ID as string,
        env.OIDC_CLIENT_SECRET,
        undefined,
        issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      return config;
    };
    const redirectUri = (origin: string) => `${env.APP_ORIGIN ?? origin}/api/callback`;

    app.get("/api/login", async (req, reply) => {
      try {
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const url = client.buildAuthorizationUrl(await configuration(), {
          redirect_uri: redirectUri(`${req.protocol}://${req.host}`),
          scope: "openid email profile",
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
          state,
        });
        reply.setCookie(FLOW_COOKIE, `${state}.${verifier}`, {
          path: "/api",
          httpOnly: true,
          sameSite: "lax",
          secure: req.protocol === "https",
          maxAge: FLOW_SECONDS,
        });
        return reply.redirect(url.href);
      } catch (error) {
        req.log.warn({ err: error }, "OpenID Connect sign-in could not start");
        return reply.redirect("/auth?error=sign-in-unavailable");
      }
    });

    app.get("/api/callback", async (req, reply) => {
      const [state, verifier] = (req.cookies[FLOW_COOKIE] ?? "").split(".");
      reply.clearCookie(FLOW_COOKIE, { path: "/api" });
      if (!state || !verifier) return reply.redirect("/auth?error=sign-in-expired");
      try {
        const current = new URL(`${env.APP_ORIGIN ?? `${req.protocol}://${req.host}`}${req.url}`);
        const tokens = await client.authorizationCodeGrant(await configuration(), current, {
          pkceCodeVerifier: verifier,
          expectedState: state,
        });
        const idClaims = tokens.claims();
        if (!idClaims?.sub) throw new Error("no subject");
        // Providers may keep profile claims out of the ID token: ask the userinfo endpoint then.
        const claims =
          typeof idClaims.email === "string"
            ? idClaims
            : {
                ...(await client.fetchUserInfo(await configuration(), tokens.access_token, idClaims.sub)),
                ...idClaims,
                sub: idClaims.sub,
              };
        const email = typeof claims.email === "string" ? claims.email : null;
        const { db } = services;
        let user = await getUserIdByOidcSubject(db, claims.sub);
        if (!user && email && claims.email_verified === true) {
          user = await linkOidcSubject(db, { email, subject: claims.sub });
        }
        if (!user) {
          if (!email) throw new Error("the provider did not share an email address");
          const created = await insertUser(db, {
            email,
            passwordHash: null,
            oidcSubject: claims.sub,
            firstName: typeof claims.given_name === "string" ? claims.given_name : null,
            lastName: typeof claims.family_name === "string" ? claims.family_name : null,
            profileImageUrl: typeof claims.picture === "string" ? claims.picture : null,
          });
          if (!created) return reply.redirect("/auth?error=email-in-use");
          user = { id: created.id };
        }
        if (!(await getUserById(db, user.id))) throw new Error("user vanished");
        const ctx = await createContext(services, requestInfo(req, reply));
        await startSession(ctx, user.id);
        return reply.redirect("/");
      } catch (error) {
        req.log.warn({ err: error }, "OpenID Connect callback failed");
        return reply.redirect("/auth?error=sign-in-failed");
      }
    });
  };
}
