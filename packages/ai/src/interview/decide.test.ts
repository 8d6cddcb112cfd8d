import { describe, expect, it } from "vitest";
import { decideTurn, WARM_UP_AFTER, YES_TO_OPEN } from "./decide";
import { type ChatMessage, questionMessages } from "./prompts";
import type { InterviewMessage, InterviewPlan, Topic, TurnContext } from "./types";

// Issue 33: the rules' choice of what comes next, on both paths. A plan as a model writes one (its
// warm-up's keywords are broad); sentences written for these tests.
const topic = (id: string, title: string, source: Topic["source"], keywords: string[]): Topic => ({
  id,
  title,
  intent: `Learn about ${title.toLowerCase()}.`,
  probes: [`What can you tell me about ${title.toLowerCase()}?`, `How does ${title.toLowerCase()} go today?`],
  source,
  keywords,
});

const plan: InterviewPlan = {
  topics: [
    topic("warm-up", "You and your bookings", "role", ["family", "book", "appointment", "phone", "call"]),
    topic("rescheduling", "Rescheduling appointments", "feature", ["reschedule", "move", "cancel"]),
    topic("reminders", "SMS reminders", "feature", ["sms", "text", "reminder"]),
    topic("device", "Your phone", "constraint", ["phone", "android", "app"]),
    topic("privacy", "Privacy", "constraint", ["privacy", "data", "trust"]),
  ],
};
const PROJECT = { title: "Clinic booking", objective: "Let families book and move clinic visits online." };
const START = Date.parse("2026-11-23T10:00:00Z");

/** The turn after these exchanges (interviewer first), half a minute apart. */
function next(exchanges: string[], offline = false): ReturnType<typeof decideTurn> {
  const messages: InterviewMessage[] = exchanges.map((content, i) => ({
    role: i % 2 === 0 ? "ai" : "user",
    content,
    timestamp: new Date(START + i * 30_000).toISOString(),
  }));
  const ctx: TurnContext = {
    plan,
    project: PROJECT,
    stakeholderType: "user",
    messages,
    now: START + exchanges.length * 30_000,
    timeLimitMinutes: 10,
  };
  return decideTurn(ctx, offline);
}

describe("the next topic", () => {
  it("does not jump to a topic whose word is also the current topic's: 'by phone' answers how they book", () => {
    const decision = next([
      "What can you tell me about you and your bookings?",
      "I'm a mum of three and I book every appointment for the kids myself, mostly by phone.",
    ]);
    expect(decision.topicId).not.toBe("device");
  });

  it("still takes up a planned topic the participant raises in its own words", () => {
    const decision = next([
      "What can you tell me about you and your bookings?",
      "I book for the kids, and honestly SMS reminders would save me forgetting half of them.",
    ]);
    expect(decision).toMatchObject({ action: "next_topic", topicId: "reminders" });
  });

  it("hears 'No, that is just what we want.' as agreement: it moves on instead of asking the same again", () => {
    const exchanges = [
      "What can you tell me about you and your bookings?",
      "I book for the kids.",
      "What can you tell me about rescheduling appointments?",
      "No, that is just what we want.",
    ];
    expect(next(exchanges).action).not.toBe("rephrase");
    expect(next(exchanges, true).action).not.toBe("rephrase");
  });
});

describe("offline, after the warm-up", () => {
  it("asks what takes their time in the role they described, once, before the plan's topics", () => {
    const role = "I run the front desk for two clinics and handle every booking change myself.";
    const first = next(["What can you tell me about you and your bookings?", role], true);
    expect(first).toMatchObject({ action: "follow_up", topicId: "warm-up", reason: "role" });
    const after = next(
      [
        "What can you tell me about you and your bookings?",
        role,
        WARM_UP_AFTER,
        "Moving appointments when patients call in sick.",
      ],
      true,
    );
    expect(after.reason).not.toBe("role");
  });

  it("does not ask it after a word or two", () => {
    expect(
      next(["What can you tell me about you and your bookings?", "I'm a parent."], true).reason,
    ).not.toBe("role");
  });
});

describe("offline, the next planned feature", () => {
  it("is the one the answer talked about, not the plan's next in order", () => {
    const exchanges = [
      "What can you tell me about you and your bookings?",
      "I look after the appointments for my two boys and my mother.",
      WARM_UP_AFTER,
      "Mostly keeping track of which reminder belongs to which of them.",
    ];
    expect(next(exchanges, true)).toMatchObject({ action: "next_topic", topicId: "reminders" });
    // On the model path the plan keeps its order.
    expect(next(exchanges).topicId).not.toBe("reminders");
  });

  it("follows a list with the plan once what matters most was asked: 'that' would point at none of it", () => {
    const decision = next(
      [
        "What can you tell me about you and your bookings?",
        "I'm a mum of three and I book every appointment for the kids myself.",
        "What can you tell me about rescheduling appointments?",
        "I'd like to move a visit online, see free slots, get a text when one opens and pay for it all in one place.",
        "Of everything you've described, what matters most to you?",
        "Key features would include online rescheduling, a shared family calendar, text reminders and a waitlist.",
      ],
      true,
    );
    expect(decision.action).toBe("next_topic");
  });

  it("waits while a step the work waits on is followed up: how to plan around it", () => {
    const decision = next(
      [
        "What can you tell me about you and your bookings?",
        "I look after the appointments for my two boys and my mother.",
        WARM_UP_AFTER,
        "Mostly keeping the dates straight.",
        "What can you tell me about rescheduling appointments?",
        "The clinic's privacy review takes six weeks here, so nothing goes live before spring.",
      ],
      true,
    );
    expect(decision).toMatchObject({ action: "follow_up", reason: "focus:risk" });
  });

  it("is not one an earlier answer put off", () => {
    const exchanges = [
      "What can you tell me about you and your bookings?",
      "I look after the appointments for my two boys and my mother.",
      WARM_UP_AFTER,
      "Rescheduling can wait for a second release; I just want to stop forgetting appointments.",
      "What can you tell me about sms reminders?",
      "We get reminders by email already, which nobody reads.",
    ];
    expect(next(exchanges, true).topicId).not.toBe("rescheduling");
  });

  it("is found by a word a business uses for the same thing: supplies are stock", () => {
    const salon: InterviewPlan = {
      topics: [
        topic("warm-up", "Your salon", "role", ["salon", "work"]),
        topic("booking", "Online booking", "feature", ["booking", "online"]),
        topic("stock", "Low-stock alerts", "feature", ["low-stock", "alerts"]),
      ],
    };
    const messages: InterviewMessage[] = [
      "What can you tell me about your salon?",
      "I run a small salon with four stylists.",
      WARM_UP_AFTER,
      "Mostly the supplies for the chairs and the basins.",
    ].map((content, i) => ({
      role: i % 2 === 0 ? "ai" : "user",
      content,
      timestamp: new Date(START + i * 30_000).toISOString(),
    }));
    const ctx: TurnContext = {
      plan: salon,
      project: { title: "Salon system", objective: "Move the salon's paper books onto a computer." },
      stakeholderType: "business",
      messages,
      now: START + messages.length * 30_000,
      timeLimitMinutes: 12,
    };
    expect(decideTurn(ctx, true)).toMatchObject({ action: "next_topic", topicId: "stock" });
  });
});

describe("on the model path", () => {
  const context = (exchanges: string[], decisions?: TurnContext["decisions"]): TurnContext => ({
    plan,
    project: PROJECT,
    stakeholderType: "user",
    messages: exchanges.map((content, i) => ({
      role: i % 2 === 0 ? ("ai" as const) : ("user" as const),
      content,
      timestamp: new Date(START + i * 30_000).toISOString(),
    })),
    now: START + exchanges.length * 30_000,
    timeLimitMinutes: 10,
    ...(decisions ? { decisions } : {}),
  });
  const systemOf = (ctx: TurnContext) =>
    (questionMessages({ ...ctx, decision: decideTurn(ctx), readBackPoints: [] }) as [ChatMessage])[0].content;

  it("follows up what they add after the read-back under no topic of the plan, never the warm-up's", () => {
    const ctx = context([
      "What can you tell me about you and your bookings?",
      "I book for my two kids, always by phone at lunch.",
      "Here is what I heard:\n- You book for your two kids by phone.\nDid I get that right, or is anything missing?",
      "Mostly, and I'd also like a text the evening before each visit.",
    ]);
    expect(decideTurn(ctx)).toMatchObject({ action: "follow_up", topicId: "" });
    expect(systemOf(ctx)).not.toContain("Topic: You and your bookings");
  });

  it("asks a follow-up again, once, when a yes left it unanswered", () => {
    const exchanges = [
      "What can you tell me about you and your bookings?",
      "I book for my two kids, always by phone at lunch.",
      "How long does a call like that usually take you?",
      "Yes, that's right.",
    ];
    const ctx = context(exchanges, [
      { action: "next_topic", topicId: "warm-up" },
      { action: "follow_up", topicId: "warm-up" },
    ]);
    expect(decideTurn(ctx)).toMatchObject({ action: "rephrase", reason: YES_TO_OPEN });
    expect(systemOf(ctx)).toContain("leaves your last question unanswered");
    // Asked again, a second yes moves on.
    const again = context(
      [...exchanges, "Fair enough. Roughly how many minutes does one of those calls take?", "Yes."],
      [
        { action: "next_topic", topicId: "warm-up" },
        { action: "follow_up", topicId: "warm-up" },
        { action: "rephrase", topicId: "warm-up" },
      ],
    );
    expect(decideTurn(again).reason).not.toBe(YES_TO_OPEN);
  });
});
