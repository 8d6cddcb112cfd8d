import { describe, expect, it } from "vitest";
import { makePlan } from "./plan";
import { asTheirOwn, listedDuties, pointOf, readsWhole, runTogetherDuties, wantPieces } from "./readback";
import { phrasedNeed } from "./readback-phrase";
import { statedNeeds } from "./sayback";
import { collect, interviewTurn } from "./turn";
import type { InterviewMessage } from "./types";

// Issue 33: each read-back point is what was said, said to the participant, short. Sentences
// written for these tests.
describe("a read-back point", () => {
  it.each([
    // the part that states the need, in the listener's words
    [
      "I'd like patients to get a text two days before, with a link to move the appointment themselves.",
      "You'd like patients to get a text two days before.",
    ],
    [
      "Our receptionists are swamped, so we need patients to book online.",
      "You need patients to book online.",
    ],
    [
      "I don't want late fees on by default, it can damage relationships.",
      "You don't want late fees on by default.",
    ],
    // a part that points back ("it") is said with the part it points to
    [
      "The audit takes six weeks here, so it has to start in January.",
      "The audit takes six weeks here, so it has to start in January.",
    ],
    // a list is one part; hedges and markers go
    [
      "Honestly, we need online booking, text reminders, and a waitlist.",
      "You need online booking, text reminders, and a waitlist.",
    ],
    ["I think that the price should be shown first.", "The price should be shown first."],
    [
      "The till should handle refunds, tips and vouchers.",
      "The till should handle refunds, tips and vouchers.",
    ],
    // a slip of the keyboard put right as the writer puts it right (one known word an edit away)
    [
      "We want the schedule to be availible on the phone.",
      "You want the schedule to be available on the phone.",
    ],
    // an "am" whose "I" was left out after "and" agrees with "you" too
    [
      "I need the reports every month and am sure they would help me.",
      "You need the reports every month and are sure they would help you.",
    ],
    // a real word typed for the one meant
    ["We need a booking system for our costumers.", "You need a booking system for your customers."],
    // a few words setting the scene before the first comma go, a clause before it stays
    [
      "Additionally, we need the stock book to warn us when hair dye runs low.",
      "You need the stock book to warn you when hair dye runs low.",
    ],
    [
      "With the new booking page, I hope to see every stylist's free slots.",
      "You hope to see every stylist's free slots.",
    ],
    ["As much as possible should be automated.", "As much as possible should be automated."],
    // a clause may end on a particle or a clock time
    [
      "The front desk spends half of every morning on the phone moving appointments around.",
      "The front desk spends half of every morning on the phone moving appointments around.",
    ],
    [
      "The export fails about twice a week and I restart it by hand before 7am.",
      "The export fails about twice a week and you restart it by hand before 7am.",
    ],
  ])("%s", (sentence, point) => {
    expect(pointOf(sentence, true)).toBe(point);
  });

  it.each([
    // a phrase cut from its clause, a clause word at the end, a typo, a sentence pointing back
    ["For hair cutting and colouring."],
    ["We need to handle when."],
    ["We want the staff to see the rota and the bokings."],
    ["That should be the default."],
    ["Because most learners are young."],
    // a phrase cut from the clause before it
    ["With the waitlist being the lowest priority for now."],
    // a list's heading, its items still to come
    ["The features we want in the new till are: 1."],
  ])("is not made of %s", (sentence) => {
    expect(pointOf(sentence)).toBeNull();
  });

  it("puts right two letters typed the wrong way round", () => {
    expect(pointOf("We wnat the staff to see the rota.")).toBe("You want the staff to see the rota.");
    expect(pointOf("I'd like to order through teh app.", true)).toBe("You'd like to order through the app.");
  });

  it("says a success measure in their words, to them", () => {
    expect(pointOf("Success for me is cutting no-shows in half by next summer.")).toBe(
      "Success for you is cutting no-shows in half by next summer.",
    );
    expect(pointOf("For me it works if I can book in under a minute.")).toBe(
      "For you it works if you can book in under a minute.",
    );
  });
});

describe("a name in a read-back point", () => {
  it("is never lower-cased, even one the lexicon knows as a word", () => {
    expect(pointOf("The primary users will be Nancy/Jim and the management team.") ?? "").not.toMatch(
      /nancy/,
    );
  });
});

describe("the offline read-back", () => {
  const project = { title: "Practice booking", keyFeatures: "Online booking\nText reminders" };
  const plan = makePlan(project, "business", 12);
  const start = Date.parse("2026-11-23T10:00:00Z");
  async function readBack(answers: string[]): Promise<string> {
    const messages: InterviewMessage[] = [];
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    answers.forEach((answer, i) => {
      messages.push({ role: "ai", content: plan.topics[i]?.probes[0] ?? "What else?", timestamp: at(3 * i) });
      messages.push({ role: "user", content: answer, timestamp: at(3 * i + 3) });
    });
    // Past the closing margin: the next turn is the read-back.
    const turn = await interviewTurn({
      plan,
      project,
      stakeholderType: "business",
      messages,
      now: start + 11 * 60_000,
      timeLimitMinutes: 12,
    });
    expect(turn.decision.action).toBe("read_back");
    return collect(turn.stream);
  }

  it("reads back a trouble named as one, in their words, and no trouble typed in haste", async () => {
    const text = await readBack([
      "I own the practice with four dentists.",
      "I'd like patients to book online.",
      "I'd like a text the day before.",
      "I'd also like the dentists to see their day on a tablet.",
      "I'd like the invoices sent by email.",
      "As of now we don't use any software to keep track of the dentists' rotas or of the appointments booked by our patients.",
      "Right now we use a paper diary at the front desk.",
      "Every evning the recepcionist rings each patient on the waitng list by hand to fill the gaps in the diary.",
    ]);
    expect(text).toContain("“As of now we don't use any software to keep track of the dentists' rotas");
    expect(text).not.toMatch(/evning|recepcionist|waitng/);
  });

  it("reads back people giving up as a trouble beside the needs", async () => {
    const text = await readBack([
      "I look after the front desk for three practices.",
      "I'd like patients to book online.",
      "We need a text the day before.",
      "Success is fewer calls at nine.",
      "Patients hang up after about five minutes in the phone queue, we see it in the phone logs.",
    ]);
    expect(text).toContain("- Patients hang up after about five minutes in the phone queue");
  });

  it("says what bounds the work: where the first release is drawn and a risk to it", async () => {
    const text = await readBack([
      "I look after billing for the practices.",
      "Patients wait weeks for their invoices, and they call us about it every day.",
      "First release is invoices only; anything touching card payments is out.",
      "The finance team is moving to a new ledger in May, which could block us.",
    ]);
    expect(text).toContain("- First release is invoices only; anything touching card payments is out.");
    expect(text).toContain("- The finance team is moving to a new ledger in May, which could block you.");
  });

  it("says a requirement on 'it' as the system's, and a measure of success said of nobody", async () => {
    const text = await readBack([
      "I own two practices with nine dentists.",
      "It has to read and write the diary in Dentally, that's where everything lives.",
      "Success is getting missed appointments below five percent.",
    ]);
    expect(text).toContain("- The system has to read and write the diary in Dentally.");
    expect(text).toContain("- Success is getting missed appointments below five percent.");
    expect(text).not.toMatch(/nine dentists/);
  });

  it("says a need no short phrase can hold in their own words, quoted, but not one that points back", async () => {
    const text = await readBack([
      "I run the front desk.",
      "I want something to tell me how many walk-in patients might turn up and how many bookings we are expecting.",
      "We also want to include that functionality so that they can see that as well.",
    ]);
    expect(text).toContain(
      "- “I want something to tell me how many walk-in patients might turn up and how many bookings we are expecting.”",
    );
    expect(text).not.toMatch(/functionality/);
  });

  it("says a trouble no short point can hold in their own words, quoted", async () => {
    const text = await readBack([
      "I run the front desk.",
      "Every Monday morning I go through the paper diary and ring each patient who missed a visit by hand.",
    ]);
    expect(text).toContain(
      "- “Every Monday morning I go through the paper diary and ring each patient who missed a visit by hand.”",
    );
  });

  it("says a system they propose as one they want, and each want of a long sentence", async () => {
    const text = await readBack([
      "I run the front desk.",
      "Maybe we could have an app where the Patients pick a slot with one tap.",
      "the Reminders we send should go out by text, and when a patient cancels, the system should tell the next one on the list and should free the slot",
    ]);
    expect(text).toContain("- You'd like an app where the patients pick a slot with one tap.");
    expect(text).toContain("- The reminders you send should go out by text.");
    expect(text).toContain("- The system should tell the next one on the list when a patient cancels.");
    expect(text).toContain("- The system should free the slot.");
  });

  it("says what they put first, and what they do not plan with what they do instead, but not a sentence thought aloud", async () => {
    const text = await readBack([
      "Online rescheduling is the must-have; the waitlist can wait for a second release.",
      "Because for now, you have, like, four schools with one exam each.",
      "We don't plan to build our own SMS gateway, we'll use the hospital's existing provider.",
    ]);
    expect(text).toContain(
      "- Online rescheduling is the must-have; the waitlist can wait for a second release.",
    );
    expect(text).toContain(
      "- You don't plan to build your own SMS gateway; you'll use the hospital's existing provider.",
    );
    expect(text).not.toMatch(/four schools/);
  });

  it("says a point after the joiner and the hedge it opens with, and the agreement a correction opens with", async () => {
    const text = await readBack([
      "And I would say that either the default should be the price or the distance.",
      "Mostly right, but the waiting list is twice as long as that in winter.",
    ]);
    expect(text).toContain("- The default should be the price or the distance.");
    expect(text).toContain("- The waiting list is twice as long as that in winter.");
    expect(text).not.toMatch(/And I would|Mostly right/);
  });

  it("says what they put first even beside a need that names the same thing, and success said of 'it'", async () => {
    const text = await readBack([
      "I'd like patients to book online from their phones.",
      "Online booking is the most important.",
      "It would be worth it if we could stop ringing patients every morning.",
    ]);
    expect(text).toContain("- Online booking is the most important.");
    expect(text).toContain("- It would be worth it if you could stop ringing patients every morning.");
  });

  it("quotes no need a point of its own says already, and quotes one whose 'that' opens a clause", async () => {
    const text = await readBack([
      "I hope to streamline online booking so patients can book at night, and I can see free chairs in real time.",
      "We need a calendar that shows every dentist and every hygienist their whole week at once on one screen.",
    ]);
    expect(text).toContain("- You'd like to streamline online booking.");
    expect(text).not.toMatch(/“I hope to streamline/);
    expect(text).toContain(
      "- “We need a calendar that shows every dentist and every hygienist their whole week at once on one screen.”",
    );
  });

  it("quotes a need whose 'it' stands for a noun said before it, without the hedge it opens with", async () => {
    const text = await readBack([
      "And I would say that either the waiting room screen should show the queue or it should show how long the wait is for each dentist.",
    ]);
    expect(text).toContain(
      "- “The waiting room screen should show the queue or it should show how long the wait is for each dentist.”",
    );
  });

  it("says no need as the part before it that states none, but quotes the sentence; a ranking is said", async () => {
    const text = await readBack([
      "The other clinic already spams people, we need to be friendlier than that.",
      "Online booking and text reminders are the highest priorities, followed by the waitlist.",
    ]);
    expect(text).not.toMatch(/^- The other clinic already spams people\.$/m);
    expect(text).toContain("- “The other clinic already spams people, we need to be friendlier than that.”");
    expect(text).toContain(
      "- Online booking and text reminders are the highest priorities, followed by the waitlist.",
    );
  });

  it("reads back a trouble called a headache beside the bounds and the measure of success", async () => {
    const text = await readBack([
      "Our patients wait 20 minutes on average on the phone, and they tell us it's their biggest headache.",
      "The phone contract runs until June, which could block us.",
      "Success is cutting the wait to five minutes by the summer.",
      "Reception staff mention the queue in most of their weekly check-ins.",
    ]);
    expect(text).toContain("- Your patients wait 20 minutes on average on the phone.");
  });

  it("says no order with nobody to carry it out", async () => {
    const text = await readBack([
      "We need patients to book online.",
      "Send the reminders and keep track of who has been told.",
    ]);
    expect(text).toContain("- You'd like patients to book online.");
    expect(text).not.toMatch(/^- Send the reminders/m);
  });

  it("says the problems they described beside a single need, whole with their cost, but not a bare 'not'", async () => {
    const text = await readBack([
      "About 18 percent of appointments are no-shows, and each one costs us roughly 60 euros.",
      "There aren't any other features in mind.",
      "Our board wants the no-show rate under 10 percent by the end of next year.",
    ]);
    expect(text).toContain(
      "- About 18 percent of appointments are no-shows, and each one costs you roughly 60 euros.",
    );
    expect(text).not.toMatch(/other features/);
  });

  it("says the trouble they feel today beside three needs, and not a half-sentence that says none", async () => {
    const text = await readBack([
      "Our nurses lose most of Friday afternoon phoning patients about cancelled slots.",
      "I'd like patients to get a text the day before, and I want them to pick a new slot online.",
      "We need the diary to update itself, and the map itself is easy, keeping it in sync is the hard part.",
    ]);
    expect(text).toContain(
      "- Your nurses lose most of Friday afternoon phoning patients about cancelled slots.",
    );
    expect(text).not.toMatch(/map itself is easy/);
  });

  it("says up to five troubles felt beside a few needs, but no plain fact past three", async () => {
    const text = await readBack([
      "We don't want a second copy of the job list, the ERP has to stay the master.",
      "Half the vans lose signal in the hills, so the app has to queue updates offline.",
      "The nightly export fails about twice a week and I restart it by hand before 7am.",
      "The ERP sends work orders every 15 minutes through a batch job.",
    ]);
    expect(text).toContain(
      "- The nightly export fails about twice a week and you restart it by hand before 7am.",
    );
    expect(text).not.toMatch(/every 15 minutes/);
  });

  it("holds every need of a long interview, not five, each said once", async () => {
    const text = await readBack([
      "I'd like members to book a court from their phone.",
      "We need the coaches to see their week at a glance.",
      "I want the bar takings counted automatically every night.",
      "We'd like a reminder sent to members the day before.",
      "I'd like the waiting list to fill a cancelled slot by itself.",
      "We need the treasurer to get a monthly report of court fees.",
      "I'd like members to book a court from their phone, that's the main thing.",
    ]);
    const points = text.split("\n").filter((l) => l.startsWith("- "));
    expect(points.length).toBeGreaterThanOrEqual(6);
    expect(text).toMatch(/court from your phone|book a court/);
    expect(text).toMatch(/monthly report/);
    expect(text.match(/book a court/g)?.length).toBe(1);
  });

  it("never says someone else's want as theirs", async () => {
    const text = await readBack([
      "Our owners want a new clubhouse kitchen next year.",
      "I'd like members to pay their fees online.",
      "We need the coaches to see their week at a glance.",
    ]);
    expect(text).not.toMatch(/You'd like a new clubhouse kitchen/);
  });
});

describe("a list in one sentence", () => {
  it("is one point, whole, with or without the comma before its 'and'", () => {
    expect(
      pointOf(
        "The reports should show bookings by day, no-shows, takings and busy hours for planning.",
        true,
      ),
    ).toBe("The reports should show bookings by day, no-shows, takings and busy hours for planning.");
    expect(readsWhole("You'd like reports of bookings, takings and busy hours for better planning.")).toBe(
      true,
    );
    expect(readsWhole("You don't mind the colours, the layout should stay as it is now.")).toBe(false);
  });
});

describe("a point from a list item", () => {
  it("leaves out the item's mark", () => {
    expect(pointOf("- The system should send each driver the route.", true)).toBe(
      "The system should send each driver the route.",
    );
  });
});

// Sentences written for these tests: what a wanted system is to do, listed after "which" or "that".
describe("the duties of a wanted system, listed in one sentence", () => {
  it("reads a short list as one point, in the listener's words", () => {
    expect(
      listedDuties(
        "We'd like an app which sends each driver the route, keeps track of our deliveries and warns me when a driver runs late.",
      ),
    ).toEqual([
      "The system should send each driver the route, keep track of your deliveries and warn you when a driver runs late.",
    ]);
    expect(listedDuties("We need a new tool to plan the routes, book the vans and pay the drivers.")).toEqual(
      ["The system should plan the routes, book the vans and pay the drivers."],
    );
  });

  it("reads a long list as a point a duty", () => {
    expect(
      listedDuties(
        "I'd like a system which sends every driver the full route for the day, keeps track of all our deliveries and their signatures, and warns me when a driver runs late.",
      ),
    ).toEqual([
      "The system should send every driver the full route for the day.",
      "The system should keep track of all your deliveries and their signatures.",
      "The system should warn you when a driver runs late.",
    ]);
  });

  it("reads nothing from a sentence that wants nothing, or from one duty alone", () => {
    expect(listedDuties("We have a spreadsheet that tracks orders, stock and refunds.")).toEqual([]);
    expect(listedDuties("I'd like a tool that sends the invoices.")).toEqual([]);
  });
});

// Sentences written for these tests: a long sentence of several wants, none of which reads whole.
describe("the wants of a long sentence, each in its piece", () => {
  it("says each piece that says who should do what, the subject carried to a piece that starts with its verb", () => {
    expect(
      wantPieces(
        "The Orders we take should go into one list, and when a table waits too long, the app should warn the Waiter and should show the order first",
      ),
    ).toEqual([
      "The orders you take should go into one list.",
      "The app should warn the waiter when a table waits too long.",
      "The app should show the order first.",
    ]);
  });

  it("says a doing listed after what it hangs on with it", () => {
    expect(
      wantPieces("also we need a tool so that we can see our takings, plan the rota and print the labels"),
    ).toEqual([
      "You need a tool so that you can see your takings.",
      "You need a tool so that you can plan the rota.",
      "You need a tool so that you can print the labels.",
    ]);
  });

  it("says no piece that points back, hangs on another or runs two phrases together", () => {
    expect(wantPieces("We need a till so that it can print all this in one go")).toEqual([]);
    expect(wantPieces("the layout should stay the same the menu")).toEqual([]);
    // the subject of a piece not said is carried to none after it
    expect(
      wantPieces("the bills should be short, when a guest pays the till should print and should email it"),
    ).toEqual(["The bills should be short."]);
    expect(wantPieces("because the staff should not wait")).toEqual([]);
  });
});

// Sentences written for these tests: a list's lines run together, each starting with its verb.
describe("the lines of a list run together", () => {
  it("says each line as the system's duty, its brackets left out", () => {
    expect(
      runTogetherDuties(
        "Send the invoices on Monday Chase the late payers by email Export the ledger (monthly) for the accountant",
      ),
    ).toEqual([
      "The system should send the invoices on Monday.",
      "The system should chase the late payers by email.",
      "The system should export the ledger for the accountant.",
    ]);
  });

  it("starts a line after a bracket closed, and reads a role written both ways as the speaker's own", () => {
    const lines = asTheirOwn(
      "Book the kennels for the week Keep track of her/his invoices (fuel, food, etc.) Warn him/her when food runs low",
    );
    expect(runTogetherDuties(lines)).toEqual([
      "The system should book the kennels for the week.",
      "The system should keep track of your invoices.",
      "The system should warn you when food runs low.",
    ]);
    expect(asTheirOwn("She/he hopes to send the records to the accountant.")).toBe(
      "I hope to send the records to the accountant.",
    );
  });

  it("says a line too long to read whole without its last 'and should …', which has no subject", () => {
    expect(
      runTogetherDuties(
        "Book the kennels for the week Warn me when the dog food is running low at the shop and should be ordered from the supplier",
      ),
    ).toEqual([
      "The system should book the kennels for the week.",
      "The system should warn you when the dog food is running low at the shop.",
    ]);
  });

  it("reads no list in one request or in a sentence that starts with no verb", () => {
    expect(runTogetherDuties("Send me the report on Monday please.")).toEqual([]);
    expect(runTogetherDuties("The van goes out early and Mark drives it.")).toEqual([]);
  });
});

describe("a need in Parley's short phrasing", () => {
  it("never says what is required of something else as the participant's own wish", () => {
    const [need] = statedNeeds(
      "The security audit takes about six weeks here, so it has to start in January for a spring launch.",
    );
    expect(phrasedNeed(need!)).toBeNull();
  });
});
