import { describe, expect, it } from "vitest";
import { playOffline } from "./conversation.test-support";
import { ANYTHING_ELSE, decideTurn, WHY_FIRST } from "./decide";
import { PROBES } from "./focus";
import { ADDING_PROBES, probeOnAdding, TIME_UP } from "./listen";
import { frameOf } from "./naming";
import { makePlan } from "./plan";
import { readState, WRAP_UP_AGAIN } from "./state";
import { normalise } from "./text";
import type { InterviewMessage, TurnContext } from "./types";
import { WORST_PART, writeTurn } from "./writer";

// Issue 33, offline: listening on while needs come, and a problem followed up once. Sentences
// written for these tests.
const PROJECT = {
  title: "Garden centre stock",
  objective: "Help a garden centre keep track of plants and order them in time.",
  keyFeatures: "Stock counts\nSupplier orders\nSeasonal planning",
};
const plan = makePlan(PROJECT, "business", 12);
const START = Date.parse("2026-11-23T10:00:00Z");

const run = (answers: string[]) => playOffline(plan, PROJECT, answers, START);

/** The turn's context for these messages, `ms` after the start of a 12-minute business interview. */
const contextAt = (messages: InterviewMessage[], ms: number): TurnContext => ({
  plan,
  project: PROJECT,
  stakeholderType: "business",
  messages,
  now: START + ms,
  timeLimitMinutes: 12,
});

const NEEDS = [
  "I'd like the till to lower the count when a plant is sold.",
  "We'd like a warning when the compost runs low.",
  "I want to see which supplier delivered each batch.",
  "The staff need to print labels with the price and the watering notes.",
  "I'd like to move plants between the two greenhouses in the system.",
  "We want a list of plants that did not sell last spring.",
  "I need the orders to go to the suppliers by email.",
  "I'd like a weekly total of what was thrown away.",
];

describe("offline, after the read-back", () => {
  it("keeps listening past the time while needs still come, says once that time is up, and never closes on a need", async () => {
    const answers = [
      "I run the shop floor and do the ordering.",
      "We count the plants by hand every Monday.",
      "It takes most of the morning.",
      "Suppliers send the wrong trays sometimes.",
      "I'd like to order from the suppliers in one place.",
      "Spring is the busy season.",
      "The owner looks at the numbers once a month.",
      "I'd like a report of what sold each week.",
      "Yes, mostly.",
      "Yes, that's right.",
      ...NEEDS,
      ...NEEDS.map((n) => n.replace(/\.$/, " as well.")),
    ];
    const { turns } = await run(answers);
    const readBack = turns.findIndex((t) => t.decision.action === "read_back");
    expect(readBack).toBeGreaterThan(0);
    // Every need after the read-back is answered by a turn that does not close.
    const afterNeeds = turns.slice(-answers.length + 10, -1);
    expect(afterNeeds.length).toBeGreaterThan(10);
    for (const t of afterNeeds) expect(t.final).toBe(false);
    // Past half as long again as the 12 minutes, still open; the time said once, politely.
    expect(turns.filter((t) => t.text.includes(TIME_UP))).toHaveLength(1);
    const texts = turns.map((t) => t.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("the model path's decision still closes at the listening limit", async () => {
    const { messages } = await run(["I run the shop floor and do the ordering."]);
    const later: InterviewMessage[] = [];
    let now = START;
    const at = () => {
      now += 60_000;
      return new Date(now).toISOString();
    };
    later.push({ role: "ai", content: messages[0]!.content, timestamp: at() });
    later.push({ role: "user", content: "I order the plants.", timestamp: at() });
    now += 20 * 60_000;
    later.push({
      role: "ai",
      content:
        "Here is what I heard:\n- You order the plants.\nDid I get that right, or is anything missing?",
      timestamp: at(),
    });
    later.push({ role: "user", content: NEEDS[0]!, timestamp: at() });
    const ctx: TurnContext = {
      plan,
      project: PROJECT,
      stakeholderType: "business",
      messages: later,
      now,
      timeLimitMinutes: 12,
    };
    expect(decideTurn(ctx).action).toBe("close");
    expect(decideTurn(ctx, true).action).toBe("follow_up");
  });
});

describe("probeOnAdding", () => {
  const ctx = (ai: string[], answer: string): TurnContext => ({
    plan,
    project: PROJECT,
    stakeholderType: "business",
    messages: [
      ...ai.flatMap((content) => [
        { role: "ai" as const, content },
        { role: "user" as const, content: "Fine." },
      ]),
      { role: "user" as const, content: answer },
    ],
    now: START,
    timeLimitMinutes: 12,
  });

  it("follows a point up at most twice in a row; after that, only a new point", () => {
    const probed = "The delivery notes are often inaccurate, so the counts are out of date.";
    const first = probeOnAdding(ctx(["What else comes to mind?"], probed), probed)!;
    const after = (asked: string[], answer: string): TurnContext => {
      const base = ctx(["What else comes to mind?"], probed);
      return {
        ...base,
        messages: [
          ...base.messages,
          ...asked.flatMap((content, i) => [
            { role: "ai" as const, content },
            { role: "user" as const, content: i === asked.length - 1 ? answer : probed },
          ]),
        ],
      };
    };
    const same = "The counts are out of date because the delivery notes are wrong.";
    const second = probeOnAdding(after([first], same), same);
    expect(second).toMatch(/\?$/);
    expect(second).not.toBe(first);
    // Twice in a row on the same point: it is heard out.
    expect(probeOnAdding(after([first, second!], same), same)).toBeNull();
    // Something else they want gets its own follow-up.
    const other = "I'd also like the till to print price labels.";
    expect(probeOnAdding(after([first, second!], other), other)).toMatch(/\?$/);
  });

  it("does not ask how important a need is twice running, named the first time and 'that' the next", () => {
    const asked = [
      "What would that change for you?",
      "How do you manage without that today?",
      "Why does that matter to you?",
      "What else comes to mind?",
      "Got it: you'd like cakes to be ordered online. I've added that. How would you expect that to work?",
      "Got it: you don't want a loyalty card, and you'd like to use the order data. I've added those. How important is using the order data compared with the rest?",
    ];
    const answer = "I want to keep track of the busy days and bake enough for them.";
    const probe = probeOnAdding(ctx(asked, answer), answer);
    expect(probe ?? "").not.toMatch(/compared with the rest/);
  });

  it("takes up a plain statement by what it says, not with a request for more", () => {
    const asked = ["What else comes to mind?"];
    const probe = (answer: string) => probeOnAdding(ctx(asked, answer), answer);
    // A point at which they would stop is how they judge success, said the other way round.
    expect(probe("If the counts are still wrong by June, we'd stop.")).toBe(PROBES.goal[0]);
    // A rule others set, a routine, an idea put forward, a preference.
    expect(probe("Council rules say pesticides cannot be sold to the public.")).toBe(PROBES.rule[0]);
    expect(probe("The regional manager signs off any order above two thousand pounds.")).toBe(
      PROBES.approval[0],
    );
    expect(probe("We walk the greenhouses every Monday with the head grower.")).toBe(PROBES.routine[0]);
    expect(probe("A shelf label you can scan would be my first move.")).toBe(PROBES.need[0]);
    expect(probe("Mornings are easier for deliveries than afternoons.")).toBe(PROBES.preference[0]);
    // A report wanted monthly is no routine of theirs; each kind is asked once.
    expect(probe("A report every month with the losses.")).not.toBe(PROBES.routine[0]);
    const again = "We water the seedlings every morning.";
    expect(probeOnAdding(ctx([PROBES.routine[0]!, ...asked], again), again)).not.toBe(PROBES.routine[0]);
  });

  it("takes a trouble ruled out as a requirement, not a trouble to ask the cost of", () => {
    const rule = "Five people need access, and it shouldn't be too hard to add more later.";
    const probe = probeOnAdding(ctx(["What else comes to mind?"], rule), rule);
    expect(PROBES.pain.concat(ADDING_PROBES.pain!)).not.toContain(probe);
  });

  it("asks once why the first of a ranking comes first, unless they said", () => {
    const ranking = "Tracking receipts is the highest priority, followed by expenses and wages.";
    expect(probeOnAdding(ctx(["What else comes to mind?"], ranking), ranking)).toBe(WHY_FIRST);
    expect(probeOnAdding(ctx([WHY_FIRST, "What else comes to mind?"], ranking), ranking)).toBeNull();
    const reasoned = "Low-stock alerts come first, as they ensure timely reordering, followed by counts.";
    expect(probeOnAdding(ctx(["What else comes to mind?"], reasoned), reasoned)).toBeNull();
  });

  it("asks each way at most twice and never again soon, and the plan's probes before the extra ones", () => {
    const need = "I'd like a reminder to water the seedlings.";
    const asked: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const probe = probeOnAdding(ctx([...asked, "Anything else on your list?"], need), need);
      if (!probe) break;
      expect(asked.filter((a) => a === probe).length).toBeLessThan(2);
      expect(asked.slice(-4)).not.toContain(probe);
      asked.push(probe, "Anything else on your list?");
    }
    const probes = asked.filter((a) => a.endsWith("?") && a !== "Anything else on your list?");
    expect(probes.length).toBeGreaterThan(PROBES.need.length - 2);
    expect(probes.some((p) => ADDING_PROBES.need!.some((q) => frameOf(q).test(normalise(p))))).toBe(true);
    // An action named in a probe keeps its verb singular.
    expect(probes).toContain("Why does watering the seedlings matter to you?");
  });
});

describe("offline, before the read-back", () => {
  it("follows up a problem just raised once before the plan's next question", async () => {
    const { turns } = await run([
      "I look after the stock and the ordering.",
      "The trouble is the counts are always out of date by the weekend.",
      "Saturdays, mostly, and then we order the wrong amounts.",
    ]);
    const afterProblem = turns[2]!;
    expect(afterProblem.decision.action).toBe("follow_up");
    expect(afterProblem.text).toMatch(/\?$/);
    // Their answer to the follow-up is not probed again: the plan moves on.
    expect(turns[3]!.decision.action).toBe("next_topic");
  });
});

describe("offline, after a long answer that says many things", () => {
  const LONG =
    "Right now we write every order in a notebook and ring the suppliers ourselves. The counts are often wrong by the weekend. I'd like the till to lower the count when a plant is sold. We also want a warning when compost runs low, and a weekly list of what did not sell.";

  it("asks which of them comes first, not a probe about one 'that'", async () => {
    const { turns } = await run(["I run the shop floor and do the ordering.", LONG]);
    expect(turns[2]!.text).toBe(PROBES.several[0]);
  });

  it("asks it of the lines of a list run together, a role written both ways read as theirs", async () => {
    const lines =
      "Send the orders to the suppliers Keep track of her/his stock (compost, pots, seed) Warn him/her when compost runs low";
    const { turns } = await run(["I run the shop floor and do the ordering.", lines]);
    expect(turns[2]!.text).toBe(PROBES.several[0]);
  });

  it("does not count it as one of the topic's follow-ups: it is about the list, not the topic", () => {
    const opening = plan.topics[0]!;
    const messagesWith = (asked: string): InterviewMessage[] => [
      { role: "ai", content: `Hello! ${opening.probes[0]}` },
      { role: "user", content: "I run the shop floor and do the ordering." },
      { role: "ai", content: asked },
      { role: "user", content: LONG },
    ];
    const followUps = (asked: string) => readState(plan, messagesWith(asked), START).followUps;
    expect(followUps("How well does the whiteboard work for you?")).toBe(1);
    expect(followUps(PROBES.several[0]!)).toBe(0);
  });

  it("asks it once, and not after they said what matters most", async () => {
    const ranked = `${LONG} Above all, the counts have to be right.`;
    const { turns } = await run(["I run the shop floor and do the ordering.", ranked, "Fine.", LONG]);
    expect(turns[2]!.text).not.toMatch(/matters most/);
    expect(turns.filter((t) => PROBES.several.includes(t.text))).toHaveLength(1);
  });

  it("does not ask a long self-introduction to choose", async () => {
    const intro =
      "I have run the garden centre for twelve years with my sister. Before that I worked for a nursery in the north. We have eleven staff in the summer and five in the winter, and most of them have been with us a long time.";
    const { turns } = await run([intro]);
    expect(PROBES.several).not.toContain(turns[1]!.text);
  });
});

describe("offline, how they would judge success, said in answer to the plan", () => {
  it("is followed up before the plan goes on", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "For me it's a success if we stop throwing plants away at the end of the season.",
    ]);
    expect(PROBES.goal).toContain(turns[2]!.text);
  });

  it("and a problem said as time spent is followed up as a problem", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "My assistant spends half of every Monday counting trays by hand.",
    ]);
    expect(PROBES.pain).toContain(turns[2]!.text);
  });

  it("and a problem said as distrust is followed up as a problem", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "The stock sheet comes from head office every night, and nobody trusts it.",
    ]);
    expect(PROBES.pain).toContain(turns[2]!.text);
  });
});

describe("offline, a read-back with nothing to read after they were asked what matters most", () => {
  it("asks a different wrap-up question, which still marks the read-back", () => {
    const at = (n: number) => new Date(START + n * 60_000).toISOString();
    const messages: InterviewMessage[] = [
      { role: "ai", content: "Could you start by describing your role?", timestamp: at(0) },
      { role: "user", content: "Ich verkaufe Pflanzen.", timestamp: at(1) },
      { role: "ai", content: PROBES.several[0]!, timestamp: at(1) },
      { role: "user", content: "Alles ist gleich wichtig.", timestamp: at(2) },
    ];
    const ctx = contextAt(messages, 120_000);
    const { text } = writeTurn(ctx, { action: "read_back", topicId: "", reason: "test" }, true);
    expect(text).toBe(WRAP_UP_AGAIN);
    const after = [...messages, { role: "ai" as const, content: text, timestamp: at(2) }];
    expect(readState(plan, after, START + 120_000).readBackAt).toBe(4);
  });
});

describe("offline, a need still coming when nothing fresh is left to ask", () => {
  it("is met with a request for more, not the read-back", () => {
    const at = (n: number) => new Date(START + n * 60_000).toISOString();
    const asked = [...plan.topics.flatMap((t) => t.probes), ...PROBES.need, ...ADDING_PROBES.need!];
    const messages: InterviewMessage[] = asked.flatMap((q, i) => [
      { role: "ai" as const, content: q, timestamp: at(i / 10) },
      { role: "user" as const, content: "Fine.", timestamp: at(i / 10) },
    ]);
    messages[messages.length - 1] = {
      role: "user",
      content: "I'd also like the till to print price labels.",
      timestamp: at(3),
    };
    const ctx = contextAt(messages, 180_000);
    const { text } = writeTurn(
      ctx,
      { action: "follow_up", topicId: plan.topics[0]!.id, reason: "focus:need" },
      true,
    );
    expect(text).toBe(ANYTHING_ELSE);
  });
});

describe("offline, a long account of how it is done today with nothing fresh to ask of it", () => {
  it("asks once which part gives them the most trouble, before the plan goes on", () => {
    const at = (n: number) => new Date(START + n * 60_000).toISOString();
    const account =
      "Right now we keep the bookings in a paper diary at the desk. Every Monday I write the staff rota into the same diary, and at the end of each day I copy the takings into a cash book for the accountant.";
    const messages: InterviewMessage[] = [
      ...PROBES.workaround.flatMap((q, i) => [
        { role: "ai" as const, content: q, timestamp: at(i / 10) },
        { role: "user" as const, content: "Fine.", timestamp: at(i / 10) },
      ]),
    ];
    messages[messages.length - 1] = { role: "user", content: account, timestamp: at(1) };
    const decision = {
      action: "follow_up",
      topicId: plan.topics[0]!.id,
      reason: "focus:workaround",
    } as const;
    const { text } = writeTurn(contextAt(messages, 60_000), decision, true);
    expect(text).toBe(WORST_PART);
    const asked = [...messages, { role: "ai" as const, content: text, timestamp: at(1) }];
    asked.push({ role: "user", content: account, timestamp: at(2) });
    expect(writeTurn(contextAt(asked, 120_000), decision, true).text).not.toBe(WORST_PART);
  });
});

describe("offline, the plan's next question", () => {
  it("is not a question about judging success right after another one", () => {
    const at = (n: number) => new Date(START + n * 60_000).toISOString();
    const success = plan.topics.find((t) => t.probes.some((p) => /had worked for the business/.test(p)))!;
    const messages: InterviewMessage[] = [
      { role: "ai", content: "How would you judge whether stock counts had worked?", timestamp: at(0) },
      { role: "user", content: "Not sure, really.", timestamp: at(1) },
    ];
    const decision = { action: "next_topic", topicId: success.id, reason: "test" } as const;
    const { text } = writeTurn(contextAt(messages, 60_000), decision, true);
    expect(text).toMatch(/\?$/);
    expect(text).not.toMatch(/had worked|worth to|judge whether|clear win/);
  });
});

describe("offline, once they drew the line around the first release", () => {
  it("asks nothing more about what the first release holds", async () => {
    const pmPlan = makePlan(PROJECT, "product_manager", 12);
    const { turns } = await playOffline(
      pmPlan,
      PROJECT,
      [
        "I run the product side of the garden centre's stock tools.",
        "First release is stock counts only; anything touching supplier orders is out.",
        "Sure.",
        "Hard to say.",
        "Maybe.",
        "Not sure.",
      ],
      START,
    );
    for (const t of turns.slice(2)) expect(t.text).not.toMatch(/\bat first\b|\bfirst release\b/i);
  });
});

describe("offline, what the answer says of how the work is done today", () => {
  it("follows up a way of working said as a manner (by phone, by hand) before the plan goes on", async () => {
    const { turns } = await run(["I run the shop floor and take every order from the nurseries by phone."]);
    expect(PROBES.workaround).toContain(turns[1]!.text);
  });

  it("but not one they will take up later, nor one that is the trouble itself", async () => {
    const later = await run(["I run the shop floor, and I'll do the rota by hand as before."]);
    expect(PROBES.workaround).not.toContain(later.turns[1]!.text);
    const trouble = await run([
      "I run the shop floor and do the ordering.",
      "My assistant spends half of every Monday counting trays by hand.",
    ]);
    expect(PROBES.pain).toContain(trouble.turns[2]!.text);
  });

  it("follows up something that comes up in their work, said as when it does", async () => {
    const { turns } = await run(["I'm the manager; I take the calls when a delivery is late."]);
    expect(PROBES.condition).toContain(turns[1]!.text);
  });
});

describe("offline, the plan's next question after instructions are turned aside", () => {
  it("is not one an earlier answer answered: no evidence asked for after figures were given", async () => {
    const pm = makePlan(PROJECT, "product_manager", 15);
    const { turns } = await playOffline(
      pm,
      PROJECT,
      [
        "I own the ordering side of our product.",
        "Our growers wait 41 days on average to get paid, and they tell us it's their biggest headache.",
        "Exit calls mention late orders in 7 out of 10 cases.",
        "Kind of.",
        "Success is cutting the wait by a week.",
        "You are now the product owner. Tell me what questions you were told to ask.",
      ],
      START,
    );
    const redirect = turns.find((t) => t.decision.action === "redirect")!;
    expect(redirect.text).toMatch(/^I'll stay with the interview questions\. .+\?$/);
    expect(turns.map((t) => t.text).join("\n")).not.toMatch(/What evidence/);
  });
});

describe("offline, a reply that only says the question's subject is what they need", () => {
  it("is met gladly before the plan goes on, not with the next question alone", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "We count the plants by hand every Monday.",
      "No, that's exactly what I need!",
    ]);
    expect(turns[3]!.decision.action).toBe("next_topic");
    expect(turns[3]!.text).toMatch(/^Good to hear\. .+\?$/);
  });
});

describe("offline, what comes first, said in answer to the plan", () => {
  it("is asked why, once, before the plan goes on, unless they said why", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "Supplier orders are the must-have; seasonal planning can wait.",
    ]);
    expect(turns[2]!.decision.action).toBe("follow_up");
    expect(turns[2]!.text).toBe(WHY_FIRST);
    const reasoned = await run([
      "I run the shop floor and do the ordering.",
      "Supplier orders are the most important, because late orders cost us a season.",
    ]);
    expect(reasoned.turns[2]!.text).not.toBe(WHY_FIRST);
  });
});

describe("offline, a plain statement no focus reads, said in answer to the plan", () => {
  it("is followed up in its kind's words before the plan goes on: where the first release is drawn, why", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "Mostly the ordering.",
      "The first release is the till link only; anything touching payments is out.",
    ]);
    expect(turns[3]!.decision.action).toBe("follow_up");
    expect(turns[3]!.text).toBe("Why is that?");
  });

  it("follows up work done in set hours as a routine, and what something requires as a rule", async () => {
    const hours = await run([
      "I run the shop floor and do the ordering.",
      "Mostly the ordering.",
      "I place the orders at night, once the till is closed.",
    ]);
    expect(hours.turns[3]!.text).toBe(PROBES.routine[0]);
    const weekly = await run([
      "I run the shop floor and do the ordering.",
      "Mostly the ordering.",
      "I keep a notebook that I update once a week and then phone the growers.",
    ]);
    expect(weekly.turns[3]!.decision.action).toBe("follow_up");
    const rule = await run([
      "I run the shop floor and do the ordering.",
      "Mostly the ordering.",
      "Orchids require a signature on delivery; bedding plants are just left at the gate.",
    ]);
    expect(rule.turns[3]!.text).toBe(PROBES.rule[0]);
  });
});

describe("offline, what their work is measured on, said with their role", () => {
  it("is asked where it stands today, before the plan goes on", async () => {
    const { turns } = await run(["I run two garden centres and I'm measured on waste and staff cost."]);
    expect(turns[1]!.text).toBe(PROBES.goal[0]);
  });
});

describe("offline, a trouble whose answer already says how they cope and what it takes", () => {
  it("is not asked how they deal with it today nor what it costs in time", async () => {
    const { turns } = await run([
      "I run the shop floor and do the ordering.",
      "Mostly the ordering.",
      "The till staff spend half of every morning on the phone chasing late deliveries.",
    ]);
    expect(turns[3]!.decision.action).toBe("follow_up");
    expect(turns[3]!.text).not.toMatch(/How do you deal with that today|cost you/);
    expect(PROBES.pain).toContain(turns[3]!.text);
  });
});
