import { describe, expect, it } from "vitest";
import { answeredBy, focusesOf, followUpFor, listsThings, saidAlready } from "./focus";

// Sentences written for these tests: what a follow-up takes up in an answer, and how it asks.
describe("what a follow-up takes up", () => {
  it.each([
    [
      "We tried a shared calendar last spring, but the drivers never opened it.",
      "tried",
      "What would have to be different this time?",
    ],
    ["The warehouse move in March could block us.", "risk", "What would help you plan around that?"],
    ["The export fails and the drivers lose their routes.", "pain", "How do you deal with that today?"],
    // How they cope and how often were said: neither is asked.
    [
      "The export fails every Monday and someone fixes it by hand.",
      "pain",
      "What does that cost you, in time or money?",
    ],
  ])("%s", (answer, kind, question) => {
    expect(focusesOf(answer).map((f) => f.kind)).toContain(kind);
    expect(followUpFor(answer, [])?.question).toBe(question);
  });

  it("does not read a plain past as something tried", () => {
    expect(focusesOf("We bought a new van last year.").map((f) => f.kind)).not.toContain("tried");
  });
});

describe("a question the answer already answered", () => {
  it("knows how often from 'weekly' or 'daily'", () => {
    expect(saidAlready("How often does that happen?", "We do the rota weekly and it takes ages.", "")).toBe(
      true,
    );
    expect(
      saidAlready("How often does that happen?", "The rota app crashes and we lose the shifts.", ""),
    ).toBe(false);
  });

  it("does not ask how often of a lasting state, nor what it costs where no time or money was said", () => {
    expect(saidAlready("How often does that happen?", "Planning the rota is complicated.", "")).toBe(true);
    const cost = "What does that cost you, in time or money?";
    expect(saidAlready(cost, "Customers feel anxious at the last step.", "")).toBe(true);
    expect(saidAlready(cost, "Planning the rota takes most of my Sunday.", "")).toBe(false);
  });
});

describe("a need followed up by why it matters", () => {
  it("asks why, unless the answer said what it is for", () => {
    expect(followUpFor("I'd like a route planner for the vans.", [])?.question).toBe(
      "What would that change for you?",
    );
    const asked = ["What would that change for you?", "How do you manage without that today?"];
    expect(
      followUpFor("We need a shared calendar.", [...asked, "How would you expect that to work?"])?.question,
    ).toBe("Why does that matter to you?");
    expect(
      followUpFor("We need a shared calendar so the drivers can see their jobs.", [
        ...asked,
        "How would you expect that to work?",
      ])?.question,
    ).not.toBe("Why does that matter to you?");
  });
});

describe("how a need should work", () => {
  it("is not asked once the answer described it", () => {
    const how = "How would you expect that to work?";
    expect(saidAlready(how, "I'd like a waitlist.", "")).toBe(false);
    const described = "I'd like a waitlist. People sign up online and get a text when a slot frees up.";
    expect(saidAlready(how, described, "")).toBe(true);
  });
});

describe("why a need matters", () => {
  it("is not asked once the answer said what is wrong today", () => {
    const why = "Why does that matter to you?";
    expect(saidAlready(why, "I want the rota online.", "")).toBe(false);
    expect(saidAlready(why, "I want the rota online. Doing it by hand is tiring.", "")).toBe(true);
  });
});

describe("answeredBy", () => {
  it("takes an amount of time or money as what it costs, not a count of something else", () => {
    const cost = "What does that cost you, in time or money?";
    expect(answeredBy(cost, "It takes me about three hours a week.")).toBe(true);
    expect(answeredBy(cost, "Each no-show costs us €60.")).toBe(true);
    expect(
      answeredBy(
        cost,
        "I have 8 fulltime employees, and balancing their hours is complicated and time consuming.",
      ),
    ).toBe(false);
  });

  it("takes how well a way of working works as said once they judged it", () => {
    const well = "How well does the paper diary work for you?";
    expect(answeredBy(well, "The paper diary holds the bookings but lacks any link to the till.")).toBe(true);
    expect(answeredBy(well, "We write every booking in a paper diary by the till.")).toBe(false);
  });

  it("takes what they would have instead as said when a clause of its own says it", () => {
    const instead = "What would you rather have instead?";
    expect(answeredBy(instead, "We don't want a second stock list, the till has to stay the master.")).toBe(
      true,
    );
    expect(answeredBy(instead, "I don't want customers to have to sign up for yet another card.")).toBe(
      false,
    );
  });
});

describe("listsThings", () => {
  it("reads a list of things named, not clauses joined by commas", () => {
    expect(listsThings("We need stock counts, supplier orders, seasonal planning and weekly reports.")).toBe(
      true,
    );
    expect(listsThings("Key features include a till link, automated reordering, and price labels.")).toBe(
      true,
    );
    expect(listsThings("Yes, I think so, and we also want the labels printed.")).toBe(false);
    expect(listsThings("Customers get lost at the till, it has six screens and tiny buttons.")).toBe(false);
  });
});

// Sentences written for this test.
describe("how they would keep track of a goal", () => {
  const asked = "How would you keep track of that?";
  it("is asked of an outcome that can be tracked, not of something they could then do", () => {
    expect(saidAlready(asked, "If the new diary doesn't cut calls by a quarter, we'd rethink.", "")).toBe(
      false,
    );
    expect(saidAlready(asked, "Success would streamline the mornings and reduce double bookings.", "")).toBe(
      false,
    );
    expect(
      saidAlready(asked, "It would be worth it if I could see where the van is without calling.", ""),
    ).toBe(true);
  });
});
