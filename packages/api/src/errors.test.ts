import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, describeZodIssues, toHttpError } from "./errors";

describe("toHttpError", () => {
  it("maps a domain error to its status and keeps upgradeRequired beside the message", () => {
    const error = new AppError("FORBIDDEN", "Your subscription is canceled.", { upgradeRequired: true });
    expect(toHttpError(error)).toEqual({
      status: 403,
      body: { message: "Your subscription is canceled.", upgradeRequired: true },
    });
  });

  it("turns a zod failure into a 400 with the first problem in words", () => {
    const parsed = z.object({ title: z.string().min(1, "Title is required") }).safeParse({ title: "" });
    const error = new TRPCError({ code: "BAD_REQUEST", cause: parsed.error });
    expect(toHttpError(error)).toEqual({ status: 400, body: { message: "Title is required" } });
  });

  it("names the field when zod's own message is used", () => {
    const parsed = z.object({ count: z.number() }).safeParse({ count: "x" });
    expect(describeZodIssues(parsed.error?.issues ?? [])).toMatch(/^Invalid count: /);
  });

  it("never leaks the detail of an unexpected error", () => {
    expect(toHttpError(new Error("connection string postgres://secret"))).toEqual({
      status: 500,
      body: { message: "Something went wrong. Please try again." },
    });
    const wrapped = new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "select * from users" });
    expect(toHttpError(wrapped).body.message).toBe("Something went wrong. Please try again.");
  });
});
