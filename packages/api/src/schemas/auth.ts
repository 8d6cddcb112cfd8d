import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../services/passwords";
import { storableText } from "./common";
import { ZUser } from "./user";

const REQUIRED = "Email and password are required";

const requiredText = (message: string) => storableText({ error: message }).trim().min(1, message);

const email = (message: string) =>
  requiredText(message)
    .max(254, "Email is too long")
    .pipe(z.email({ error: "Please enter a valid email address" }));

const newPassword = (message: string) =>
  storableText({ error: message })
    .min(1, message)
    .min(PASSWORD_MIN, "Password must be at least 8 characters long")
    .max(PASSWORD_MAX, "Password must be at most 256 characters long");

const name = storableText().trim().max(100, "Names must be at most 100 characters").nullish();

export const ZRegisterInput = z.object(
  {
    email: email(REQUIRED),
    password: newPassword(REQUIRED),
    firstName: name,
    lastName: name,
  },
  { error: REQUIRED },
);
export type RegisterInput = z.infer<typeof ZRegisterInput>;

export const ZLoginInput = z.object(
  {
    email: requiredText(REQUIRED).max(254, "Invalid email or password"),
    password: storableText({ error: REQUIRED })
      .min(1, REQUIRED)
      .max(PASSWORD_MAX, "Invalid email or password"),
  },
  { error: REQUIRED },
);

export const ZForgotPasswordInput = z.object(
  { email: email("Email is required") },
  { error: "Email is required" },
);

export const ZResetPasswordInput = z.object(
  {
    token: requiredText("No reset token found in URL").max(200, "This reset link is invalid or has expired"),
    newPassword: newPassword("Both password fields are required"),
  },
  { error: "Both password fields are required" },
);

export const ZDeleteAccountInput = z.object(
  { confirmDelete: z.literal(true, { error: "confirmDelete must be true to delete the account" }) },
  { error: "confirmDelete must be true to delete the account" },
);

export const ZAuthResult = z.object({ user: ZUser, token: z.string() });
export const ZMessageResult = z.object({ success: z.boolean(), message: z.string() });
export const FORGOT_PASSWORD_MESSAGE = "If this email exists, a password reset link will be sent...";
