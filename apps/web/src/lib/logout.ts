import { setAuthToken } from "./auth-token";

/** Log out is a browser navigation to /api/logout (spec 1 §2), after forgetting the stored token. */
export function logout() {
  setAuthToken(null);
  window.location.assign("/api/logout");
}
