import { authHeaders } from "./auth-token";

/**
 * A REST request with the conventions of spec 1 §7: credentials always, the Bearer token when one
 * is stored, a JSON body only when there is one. A non-OK answer throws `status: body` (spec 1 §8).
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { ...(data !== undefined ? { "Content-Type": "application/json" } : {}), ...authHeaders() },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return res;
}

/** The readable part of an error: the `message` of a JSON body, or the text itself. */
export function errorMessage(error: unknown, fallback = "An error occurred"): string {
  if (!(error instanceof Error)) return fallback;
  const match = error.message.match(/^\d{3}: ([\s\S]*)$/);
  const text = match?.[1] ?? error.message;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON
  }
  return text || fallback;
}
