/**
 * What a story written by rules may say, one means at a time: plain words as the participant
 * meant them, or the reason none is written. Sentences are our own.
 */
import { describe, expect, it } from "vitest";
import { plainWords } from "./plain";

const means = (text: string) => plainWords(text, { means: true });

describe("a story's words", () => {
  it.each([
    ["track receipts, expenses and wages", "track receipts, expenses and wages"],
    // a slip of the keyboard one letter from a known word is put right; the quote keeps it
    ["send invoices acoording to the rota", "send invoices according to the rota"],
    ["see the notifiaction history", "see the notification history"],
    // two words run together and words of the trade are meant as written
    ["keep the cashbook up to date", "keep the cashbook up to date"],
    ["manage bookings from the backend", "manage bookings from the backend"],
    ["book online", "book online"],
    ["have an API that returns stock levels", "have an API that returns stock levels"],
    // a product's name is no heading
    ["do the books in Fast Accounts", "do the books in Fast Accounts"],
    ["let members view their bookings", "let members view their bookings"],
    [
      "have new orders flow into the ledger on their own",
      "have new orders flow into the ledger on their own",
    ],
    [
      "take card payments through our existing Square terminal",
      "take card payments through our existing Square terminal",
    ],
    // "this year" dates; it points at nothing said before
    ["print the price list again this year", "print the price list again this year"],
  ])("%s → %s", (said, written) => expect(means(said)).toEqual({ text: written }));

  it.each([
    ["wire us the money", "pointing"],
    ["email it to the bookkeeper", "pointing"],
    ["accommodate those changes", "pointing"],
    ["include that functionality", "pointing"],
    ["finish this before the launch", "pointing"],
    ["have the percentage", "pointing"],
    ["thank you for your time", "pointing"],
    ["discuss the next steps", "talk"],
    ["run the business more efficiently", "goal"],
    ["get notified", "goal"],
    ["have manually adjust schedules", "fragment"],
    ["get Staff Availability Insights", "heading"],
    ["get staff Availability Insights", "heading"],
    ["get reminders close to their shift time", "pointing"],
    ["do Fast Accounts", "fragment"],
    ["have the system coordinate between staff members", "fragment"],
    ["have the booking feature simplify the rota", "fragment"],
  ])("writes no story from %s (%s)", (said, reason) => expect(means(said)).toEqual({ refused: reason }));

  it("lets a reason speak of the people it is about", () => {
    expect(plainWords("they do not forget their visit", { means: false })).toEqual({
      text: "they do not forget their visit",
    });
  });
});
