import { describe, expect, it } from "vitest";
import { needHeard } from "./heard";
import { sayable, withoutEchoedAcronym } from "./phrasing";
import { clean } from "./readback-phrase";
import { acknowledgement, putRight, readsAsSpeech } from "./sayback";

// Issue 27: what the interviewer says back after the read-back, and how it names what it asks
// about. Sentences written for these tests.

describe("a need raised after the read-back, said back", () => {
  it.each([
    // the writer's means, every one of them, with the people who act
    [
      "Members should be able to pause their membership and change their plan.",
      "Got it: you'd like members to be able to pause their membership and change their plan. I've added that.",
    ],
    // a verb over several objects said once
    [
      "The till should handle refunds, tips and vouchers.",
      "Got it: you'd like to handle refunds, tips and vouchers. I've added that.",
    ],
    // things listed are said back as things, with the participant's articles
    [
      "An online diary and a price board are the most important features.",
      "Got it: you'd like an online diary and a price board. I've added that.",
    ],
    // an action named by its -ing form keeps the participant's verb, without a hedge after it
    [
      "Reporting the daily takings maybe is the top priority.",
      "Got it: you'd like to report the daily takings. I've added that.",
    ],
    // a giving verb says what is to be done for them
    [
      "Showing the opening hours is the top priority.",
      "Got it: you'd like the opening hours shown. I've added that.",
    ],
    // refusals stay refusals, without the hedge after them
    ["Yes, but no loyalty programs.", "Got it: you don't want loyalty programs. I've added that."],
    ["We don't need a newsletter or anything.", "Got it: you don't want a newsletter. I've added that."],
    [
      "We dont need advertising or such, but we would like to use the till's data.",
      "Got it: you don't want advertising, and you'd like to use the till's data. I've added those.",
    ],
    // pointing back, a capital mid-sentence, a slip of the keyboard: their own words, quoted
    [
      "Well, I mean, we should keep it that way.",
      "Got it; I've added it in your words: “We should keep it that way.”",
    ],
    ["i want to do Quick Refunds", "Got it; I've added it in your words: “I want to do Quick Refunds.”"],
    [
      "**Card payments** – we need card payments at the counter.",
      "Got it: you'd like card payments at the counter. I've added that.",
    ],
    // their own "you" would read as Parley's: nothing quoted
    ["So maybe your idea is still better.", ""],
    // a slip in the only quote there is: nothing quoted rather than the slip said again
    ["The system should be adressed through the app on the desk.", ""],
    // nothing wanted: nothing said back
    ["Thanks, that sounds right.", ""],
  ])("%s", (answer, said) => {
    expect(acknowledgement(answer)).toBe(said);
  });

  it("never says back a means that reads badly", () => {
    expect(sayable("book appointments online")).toBe(true);
    expect(sayable("accomplish client accessibility clients should be able")).toBe(false);
    expect(sayable("have Online booking system** This")).toBe(false);
    expect(sayable("support both new")).toBe(false);
    expect(sayable("add one")).toBe(false);
    expect(sayable("do Quick Refunds")).toBe(false);
    expect(sayable("adressed the system through the app")).toBe(false);
  });
});

describe("an article that does not fit the next word, put right", () => {
  it.each([
    ["We need an booking system.", "We need a booking system."],
    ["A app for an hour a day.", "An app for an hour a day."],
    ["A user with a unique login and an honest answer.", "A user with a unique login and an honest answer."],
    ["An one-off report.", "A one-off report."],
    ["We dont need marketing and I cant see why.", "We don't need marketing and I can't see why."],
    // a phrase a learner shortens
    ["Send the totals in form of a chart.", "Send the totals in the form of a chart."],
  ])("%s", (said, meant) => {
    expect(putRight(said)).toBe(meant);
  });
});

// Sentences written for these tests: a past form typed after a modal, which no spelling check sees.
describe("a past form after a modal, put right", () => {
  it.each([
    [
      "The client can chose a time and should gave a reason.",
      "The client can choose a time and should give a reason.",
    ],
    // the past form where it belongs is left alone
    ["She chose the slot and we sent the text.", "She chose the slot and we sent the text."],
  ])("%s", (said, meant) => {
    expect(putRight(said)).toBe(meant);
  });
});

describe("a point in a brief's third person", () => {
  it("is not said back to the participant", () => {
    expect(clean("Keep track of supplies and notify her/him when they run out.")).toBe(false);
    expect(clean("Keep track of supplies and notify you when they run out.")).toBe(true);
  });
});

describe("a point with a slip of grammar the rules can see", () => {
  it("is not said back: a base form after 'be'", () => {
    expect(clean("You want to know how many clients might be walk in.")).toBe(false);
    expect(clean("You want to know how many clients might be walking in.")).toBe(true);
    expect(clean("The dates should be set by the owner.")).toBe(true);
  });
});

// Sentences written for these tests: what is never said back.
describe("an acknowledgement", () => {
  it("says back nothing only pointed at, or two phrases run together", () => {
    // In their words at most, never in Parley's: "you'd like to include that functionality".
    expect(acknowledgement("So we also want to include that functionality for the members.")).not.toMatch(
      /you'd like to include that/,
    );
    expect(
      acknowledgement("i want, the colours should be the same the layout, only bigger text please"),
    ).not.toMatch(/the same the layout/);
  });

  it("says at most three things someone is to do, as the read-back does", () => {
    expect(
      acknowledgement(
        "The booking system should enable owners to book a slot, see the groomer's day, pick a groomer, join a waiting list and sync with the shop's diary.",
      ),
    ).toBe(
      "Got it: you'd like owners to book a slot, see the groomer's day and pick a groomer. I've added that.",
    );
  });

  it("quotes no need cut short mid-phrase", () => {
    const said = acknowledgement(
      "I would say that it should be automated because then it could be quicker and more up to date than the lists we keep by hand every single week now.",
    );
    expect(said).not.toMatch(/…/);
  });

  it("says a 'not to be' hung on a noun in their words, not in Parley's", () => {
    const said = acknowledgement("I want a check of the street names not to be in capitals.");
    expect(said).toBe(
      "Got it; I've added it in your words: “I want a check of the street names not to be in capitals.”",
    );
    // Never "you'd like to get the invoices not to be sent twice"; a plain want is said back as usual.
    expect(acknowledgement("I want the invoices not to be sent twice.")).toMatch(/in your words/);
    expect(acknowledgement("I want the invoices sent by email.")).toMatch(/^Got it: you/);
  });
});

// Sentences written for these tests: speech quoted back reads as a garble in Parley's voice.
describe("a quote of speech", () => {
  it.each([
    ["Maybe it's something like the totals, when they change, could be shown.", true],
    ["For the rooms, that should be the same as the old ones.", true],
    // a list, asides and a plain sentence are writing, not speech
    ["We need a list of rooms, prices, and opening times.", false],
    ["The tool—much like the old one—should show the rooms.", false],
    ["We need the rooms shown, with their prices.", false],
  ])("%s reads as speech: %s", (quote, speech) => {
    expect(readsAsSpeech(quote)).toBe(speech);
  });

  it("is not said back as the need: the answer is noted plainly", () => {
    expect(
      acknowledgement("I think it should be something like the rooms, when they're free, should be listed."),
    ).toBe("");
  });
});

describe("a comma splice or a 'to' for 'too', put right", () => {
  it.each([
    [
      "I don't want reminders on by default, it can annoy good members.",
      "I don't want reminders on by default; it can annoy good members.",
    ],
    [
      "The gym already emails people, we need to be kinder than that.",
      "The gym already emails people; we need to be kinder than that.",
    ],
    ["It shouldn't be to expensive.", "It shouldn't be too expensive."],
    [
      "Every Monday we review the signups, that's our feedback loop.",
      "Every Monday we review the signups; that's our feedback loop.",
    ],
    ["We keep one list, there is no other.", "We keep one list; there is no other."],
    ["We want to run the shop more efficient.", "We want to run the shop more efficiently."],
    ["The new till is more efficient.", "The new till is more efficient."],
    [
      "My partner collects the parcels, she never sees the list.",
      "My partner collects the parcels; she never sees the list.",
    ],
    ["There should be five people, that need access.", "There should be five people, that need access."],
    // a condition first, a reply, an idiom and a verb are left as they are
    ["If the app is slow, we stop using it.", "If the app is slow, we stop using it."],
    ["Yes, we need it.", "Yes, we need it."],
    ["It is next to impossible to book.", "It is next to impossible to book."],
    ["We want to close early.", "We want to close early."],
  ])("%s", (said, meant) => {
    expect(putRight(said)).toBe(meant);
  });
});

// Sentences written for this test.
describe("alternatives said with 'or'", () => {
  it("are said back as alternatives, not as both", () => {
    expect(acknowledgement("I'd like automatic email or SMS confirmations for every booking.")).toContain(
      "automatic email or SMS confirmations",
    );
    expect(acknowledgement("I'd like customers to pay or cancel online.")).toMatch(
      /pay online or cancel online/,
    );
  });
});

// Sentences written for this test.
describe("an acronym right after the words it stands for", () => {
  it("is said once", () => {
    expect(withoutEchoedAcronym("a point of sale (POS) till")).toBe("a point of sale till");
    expect(withoutEchoedAcronym("a point of sale POS till")).toBe("a point of sale till");
    expect(withoutEchoedAcronym("we use SAP for work orders")).toBe("we use SAP for work orders");
    expect(
      acknowledgement("One additional feature I would like to see is a point of sale (POS) system."),
    ).toBe("Got it: you'd like a point of sale system. I've added that.");
  });
});

describe("a need said back before its follow-up", () => {
  it("says a want of their own back, and another need only where 'that' could point elsewhere", () => {
    expect(needHeard("I'd love to see the free slots on my phone and just tap one.")).toBe(
      "So you'd love to see the free slots on your phone and just tap one.",
    );
    expect(
      needHeard(
        "Just the website for booking, with cancelling up to a day before. There should be confirmation mails for bookings.",
      ),
    ).toBe("So there should be confirmation mails for bookings.");
    // (of one sentence, saying it back would only echo it)
    expect(needHeard("There should be confirmation mails for bookings.")).toBe("");
  });

  it("says back no need with a slip in it, and none that opens on 'it'", () => {
    expect(needHeard("Bookings are by phone. I want to predict how many customers might be walk in.")).toBe(
      "",
    );
    expect(needHeard("We use the diary for everything. It has to read the diary.")).toBe("");
  });
});
