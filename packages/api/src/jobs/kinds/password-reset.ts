import { sendPasswordReset } from "../../services/auth";
import { defineJob } from "../define";

/**
 * A password-reset request, worked after the request has answered: the request only enqueues, so a
 * known and an unknown email answer alike and in the same time (issue 12); the lookup, the token and
 * the email happen here, retried on transient failures.
 */
export const passwordReset = defineJob({
  kind: "auth.password-reset",
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
  async run({ services }, input: { email: string }) {
    await sendPasswordReset(services, input.email);
    return { done: true };
  },
});
