/** A pain told with no wish beside it is a need still to be written. Sentences are our own. */
import { describe, expect, it } from "vitest";
import { toWriteFrom } from "./to-write.testing";

const toWrite = (said: string[]) => toWriteFrom(said, "user");

describe("pains still to be written as stories", () => {
  it.each([
    [
      "Filing the invoices takes me about 4 hours every Friday.",
      "Filing the invoices takes about 4 hours every Friday",
    ],
    ["The barcode printer crashes twice a week.", "The barcode printer crashes twice a week"],
    [
      "Guests phone the front desk all day asking about parking.",
      "Guests phone the front desk all day asking about parking",
    ],
    [
      "Every evening I copy the orders into a spreadsheet, which takes two hours.",
      "Every evening the user copies the orders into a spreadsheet, which takes two hours",
    ],
    // The owner reads the pain in the third person, never the participant's "I" and "my".
    ["I always forget my PIN.", "The user always forgets their PIN"],
    [
      "I type my notes into the tracker by hand every evening.",
      "The user types their notes into the tracker by hand every evening",
    ],
    ["We type the orders in by hand.", "The users type the orders in by hand"],
    [
      "Invoices are typed in by hand from the supplier's letter.",
      "Invoices are typed in by hand from the supplier's letter",
    ],
  ])("shows %j in the participant's words, in the third person", (said, title) => {
    expect(toWrite([said])).toContain(title);
  });

  it.each([
    // The speaker's "I'm" cannot be told plainly in the third person.
    ["I'm typing the orders in by hand all day."],
    // Only the conversation says what "it" and "them" are.
    ["It crashes every time I print."],
    ["I do them every week by hand."],
    // The need beside it already says the same thing.
    [
      "Sorting the parcels takes me two hours a day.",
      "I want the parcels sorted by postcode so that I save time.",
    ],
  ])("writes no pain story for %j", (...said) => {
    expect(toWrite(said).filter((t) => !/^I want/.test(t))).toEqual(
      toWrite(said.slice(1)).filter((t) => !/^I want/.test(t)),
    );
  });
});
