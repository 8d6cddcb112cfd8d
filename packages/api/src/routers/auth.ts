import { z } from "zod";
import {
  FORGOT_PASSWORD_MESSAGE,
  ZAuthResult,
  ZDeleteAccountInput,
  ZForgotPasswordInput,
  ZLoginInput,
  ZMessageResult,
  ZRegisterInput,
  ZResetPasswordInput,
} from "../schemas/auth";
import { toUser, ZUser } from "../schemas/user";
import * as auth from "../services/auth";
import { checked, publicProcedure, sessionProcedure } from "../trpc";

export const authRouter = {
  /** The signed-in user, or null when signed out. */
  me: publicProcedure
    .output(checked(ZUser.nullable()))
    .query(({ ctx }) => (ctx.user ? toUser(ctx.user) : null)),

  /** Which sign-in methods this deployment offers. */
  providers: publicProcedure
    .output(checked(z.object({ replit: z.boolean() })))
    .query(({ ctx }) => ({ replit: ctx.config.oidcEnabled })),

  register: publicProcedure
    .input(ZRegisterInput)
    .output(checked(ZAuthResult))
    .mutation(async ({ ctx, input }) => {
      const { user, token } = await auth.register(ctx, input);
      return { user: toUser(user), token };
    }),

  login: publicProcedure
    .input(ZLoginInput)
    .output(checked(ZAuthResult))
    .mutation(async ({ ctx, input }) => {
      const { user, token } = await auth.login(ctx, input);
      return { user: toUser(user), token };
    }),

  logout: publicProcedure.output(checked(ZMessageResult)).mutation(async ({ ctx }) => {
    await auth.endSession(ctx);
    return { success: true, message: "Signed out" };
  }),

  forgotPassword: publicProcedure
    .input(ZForgotPasswordInput)
    .output(checked(ZMessageResult))
    .mutation(async ({ ctx, input }) => {
      await auth.queuePasswordReset(ctx, input.email);
      return { success: true, message: FORGOT_PASSWORD_MESSAGE };
    }),

  resetPassword: publicProcedure
    .input(ZResetPasswordInput)
    .output(checked(ZMessageResult))
    .mutation(async ({ ctx, input }) => {
      await auth.resetPassword(ctx, input.token, input.newPassword);
      return { success: true, message: "Password reset successful" };
    }),

  deleteAccount: sessionProcedure
    .input(ZDeleteAccountInput)
    .output(checked(ZMessageResult))
    .mutation(async ({ ctx }) => {
      await auth.deleteAccount(ctx, ctx.user.id);
      return { success: true, message: "Account deleted" };
    }),
};
