import type { OutgoingEmail } from "../../services/mail";
import { defineJob } from "../define";

/** One email (password reset, usage alert…), sent after the request that asked for it has answered. */
export const sendEmail = defineJob({
  kind: "email.send",
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
  async run({ services }, email: OutgoingEmail) {
    await services.mailer.send(email);
    return { to: email.to };
  },
});
