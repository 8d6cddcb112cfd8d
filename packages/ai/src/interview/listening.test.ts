import { describe, expect, it } from "vitest";
import { answerTo, participantAsk } from "./asks";
import { endsSentence } from "./check";
import { decideTurn } from "./decide";
import { focusesOf, followUpFor, followUpOn, PROBES, saidAlready } from "./focus";
import { makePlan } from "./plan";
import { needsSaidBack } from "./sayback";
import { READ_BACK_OPENING, READ_BACK_QUESTION } from "./state";
import { collect, type InterviewProvider, interviewTurn } from "./turn";
import type { InterviewMessage } from "./types";

// Issue 27: an interviewer that listens. Sentences written for these tests.
const PROJECT = {
  title: "Bakery orders",
  objective: "Let customers order cakes online and pick them up without queueing.",
  keyFeatures: "Online ordering\nPickup slots\nAllergy labels",
  constraints: "Must work on the shop's old tablet",
};
const plan = makePlan(PROJECT, "business", 12);
const START = Date.parse("2026-11-23T10:00:00Z");

/** A conversation of answers a minute apart, with the interviewer's replies (offline unless a provider is given). */
async function run(answers: string[], provider?: InterviewProvider) {
  const messages: InterviewMessage[] = [];
  const turns: Array<Awaited<ReturnType<typeof interviewTurn>> & { text: string }> = [];
  let now = START;
  for (const answer of [...answers, null]) {
    const turn = await interviewTurn(
      {
        plan,
        project: PROJECT,
        stakeholderType: "business",
        messages: [...messages],
        now,
        timeLimitMinutes: 12,
        decisions: turns.map((t) => t.decision),
      },
      provider,
    );
    const text = await collect(turn.stream);
    turns.push({ ...turn, text });
    messages.push({ role: "ai", content: text, timestamp: new Date(now).toISOString() });
    if (answer === null) break;
    now += 60_000;
    messages.push({ role: "user", content: answer, timestamp: new Date(now).toISOString() });
  }
  return turns;
}

describe("the participant's questions", () => {
  it.each([
    ["Sorry, can you repeat that?", "repeat"],
    ["What do you mean by pickup slots?", "meaning"],
    ["I don't understand.", "meaning"],
    ["Hmm, could you help me with that?", "help"],
    ["Can you give me a quick summary?", "summary"],
    ["Could we do this in French?", "language"],
    ["Does the shop plan to take card payments?", "info"],
    ["So you mean the cakes for weddings?", "check"],
    ["Would that be a solution for you?", "opinion"],
    ["We bake about forty cakes a day.", null],
  ])("%s reads as %s", (sentence, kind) => {
    expect(participantAsk(sentence)?.kind ?? null).toBe(kind);
  });

  it("answers from the brief when it speaks to the question, and says who will know when it does not", () => {
    const context = { project: PROJECT, topic: plan.topics[0]!, lastQuestion: "What do you do?" };
    const known = answerTo(participantAsk("Will customers be able to order online?")!, context);
    expect(known).toMatch(/order cakes online|online ordering/i);
    const unknown = answerTo(participantAsk("How much will the new tablet cost?")!, context);
    expect(unknown).toMatch(/I don't know that myself; the team will/);
  });

  it("says what it meant from its own last question, and turns a request for its view back", () => {
    const context = {
      project: PROJECT,
      topic: plan.topics[0]!,
      lastQuestion: "How do you take cake orders today?",
    };
    expect(answerTo(participantAsk("So, you mean the orders by phone?")!, context)).toBe(
      "Yes — I meant how you take cake orders today.",
    );
    expect(answerTo(participantAsk("Would that be a good idea for you?")!, context)).toMatch(
      /^That's for you and the team to judge/,
    );
    // Of a request for more, their own reading is said yes to, as an example (in words said to them).
    const more = { ...context, lastQuestion: "Is there another thing you'd change?" };
    expect(answerTo(participantAsk("So you mean things I can't do right now?")!, more)).toBe(
      "Yes — I meant whether there is another thing you'd change, such as things you can't do right now.",
    );
    // A request for more in a shape not said plainly is still one, never "your own work".
    const further = { ...context, lastQuestion: "Anything further you'd want from it?" };
    expect(answerTo(participantAsk("So you mean things I can't do right now?")!, further)).toBe(
      "Yes — I meant anything further you'd want from it, such as things you can't do right now.",
    );
    // Neither gets the stock line for questions nobody here can answer.
    for (const q of ["Do you mean the shop?", "What would you recommend?"])
      expect(answerTo(participantAsk(q)!, context)).not.toMatch(/the team will/);
  });

  it("answers 'can you repeat that' with the same question and 'what do you mean' before asking again", async () => {
    const turns = await run(["Could you repeat the question?", "What do you mean?"]);
    const first = turns[0]!.text.match(/[^.!?]*\?$/)![0].trim();
    expect(turns[1]!.text).toContain(first);
    expect(turns[1]!.text).toMatch(/^Of course\./);
    // What was meant is said from the question asked ("Could you start by …?").
    expect(turns[2]!.text).toMatch(/^I was asking you to start by describing your role/);
    expect(turns[2]!.text.endsWith("?")).toBe(true);
    // Neither question was taken as an answer: nothing of them is read back later.
    expect(turns.every((t) => t.decision.action !== "read_back")).toBe(true);
  });
});

describe("follow-ups a good interviewer would ask", () => {
  it("reads the kind of thing said, and asks about it without splicing the participant's words", () => {
    const [need] = focusesOf("Honestly, we need a waiting list for the busy Saturdays.");
    expect(need).toMatchObject({ kind: "need" });
    expect(followUpOn(need!.kind, [])).toBe("What would that change for you?");
    const [refusal] = focusesOf("We don't want reminders on Sundays.");
    expect(refusal).toMatchObject({ kind: "refusal", phrase: "reminders on Sundays" });
    expect(followUpOn(refusal!.kind, [])).toBe("What would you rather have instead?");
    const [pain] = focusesOf("I hate chasing suppliers by phone every Monday.");
    expect(pain?.kind).toBe("pain");
    const [trouble] = focusesOf("Right now I have to ring at lunch and the line is usually busy.");
    expect(trouble?.kind).toBe("pain");
    const [goal] = focusesOf("Success for us is halving the missed appointments by next year.");
    expect(goal?.kind).toBe("goal");
  });

  it("never asks how often, how much or how it should work when the answer has just said it", () => {
    const asked = ["How do you deal with that today?"];
    const often = followUpFor("We spend ages chasing invoices, in 7 out of 10 accounts.", asked);
    expect(often?.focus.kind).toBe("pain");
    expect(often?.question).not.toMatch(/how often/i);
    const cost = followUpFor("Chasing invoices takes me about three hours a week.", [
      ...asked,
      "How often does that happen?",
    ]);
    expect(cost?.question ?? "").not.toMatch(/cost you|how much time/i);
    // What it would change, once said (its effect, or the reason it is needed), and how it is done today, once said.
    expect(followUpFor("We need online booking, it would save us hours of calls.", [])?.question).not.toMatch(
      /change for you/,
    );
    expect(
      followUpFor("The vans lose signal in the hills, so the app has to work offline.", [])?.question,
    ).not.toMatch(/change for you/);
    const today = followUpFor("Right now we write bookings in a diary, and we need online booking.", [
      "What would that change for you?",
    ]);
    expect(today?.question ?? "").not.toMatch(/today/);
    // What makes it hard is not asked once the answer named its troubles.
    const hard = "What makes that hard today?";
    expect(saidAlready(hard, "The main problems are wrong counts and late orders.", "")).toBe(true);
    expect(saidAlready(hard, "We count the stock on Fridays.", "")).toBe(false);
    // How it should work is not asked of a date it must meet.
    const works = "How would you expect that to work?";
    expect(saidAlready(works, "The audit takes six weeks, so it has to start in January.", "")).toBe(true);
    expect(saidAlready(works, "We need patients to rebook online.", "")).toBe(false);
    // Nor where it stands today, once any answer gave a figure.
    expect(saidAlready("Where does that stand today?", "We want it faster.", "It takes 41 days.")).toBe(true);
    // "can wait for a second release" is a plan, not a trouble.
    expect(focusesOf("The waitlist can wait for a second release.").map((f) => f.kind)).not.toContain("pain");
  });

  it("asks each written question once, then has none left of that kind", () => {
    const asked: string[] = [];
    for (let i = 0; i < PROBES.need.length + 1; i += 1) {
      const question = followUpFor("We need a waiting list.", asked, ["need"])?.question;
      if (question) asked.push(question);
    }
    expect(asked).toEqual(PROBES.need);
  });
});

describe("closing when the participant is done", () => {
  const answers = [
    "I own the bakery and take most orders by phone.",
    "We want customers to order cakes online the day before.",
    "The phone rings all morning and I lose track of orders.",
    "We also need allergy labels printed on every box.",
    "Customers should be able to pick a pickup slot.",
    "The tablet at the till is very old.",
    "I would like a weekly report of the best sellers.",
    "We need to stop double orders for the same cake.",
    "Staff should see the day's orders at six in the morning.",
    "Yes, that's right.",
    "I want to be able to tell whether a discount brought more orders.",
    "Thanks, bye.",
    "Oh, and we need a way to refund a cancelled order.",
  ];

  it("after the read-back, says a new need back and keeps listening, closes when they take their leave, asks for more when a need comes after the closing, and never repeats a closing line", async () => {
    const turns = await run(answers);
    const readBack = turns.findIndex((t) => t.decision.action === "read_back");
    expect(readBack).toBeGreaterThan(0);
    const after = turns.slice(readBack + 1);
    const discount = after.find((t) => /discount/.test(t.text))!;
    expect(discount.text).toMatch(
      /^Got it: you'd like to tell whether a discount brought more orders\. I've added that\./,
    );
    expect(discount.final).toBe(false);
    const close = after.find((t) => t.final)!;
    expect(close.review!.points).toContain(answers[10]);
    expect(close.review!.confirmations).toContain(close.review!.points.indexOf(answers[10]!));
    const refund = turns.at(-1)!;
    expect(refund.final).toBe(true);
    expect(refund.text).toMatch(/refund a cancelled order/);
    // Still giving needs after the closing: asked for more, not pointed at 'End Interview'.
    expect(refund.text).toMatch(/\?$/);
    expect(refund.text).not.toMatch(/End Interview/);
    expect(refund.review!.points).toContain(answers[12]);
    const texts = after.map((t) => t.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("does not read back while the answers still bring needs and time remains, and does when they are done", async () => {
    const early = await run(answers.slice(0, 4));
    expect(early.some((t) => t.decision.action === "read_back")).toBe(false);
    const done = await run([
      "I own the bakery and take orders by phone.",
      "We want to take orders online.",
      "That's all from me.",
    ]);
    expect(done.at(-1)!.decision).toMatchObject({
      action: "read_back",
      reason: "The participant said they are done.",
    });
  });

  it("does not close on a confirmation that goes on with 'one more thing'", async () => {
    const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
    const messages: InterviewMessage[] = [
      { role: "ai", content: plan.topics[0]!.probes[0]!, timestamp: at(0) },
      { role: "user", content: "We want customers to order cakes online the day before.", timestamp: at(1) },
      {
        role: "ai",
        content: `${READ_BACK_OPENING}\n- You want customers to order cakes online the day before.\n${READ_BACK_QUESTION}`,
        timestamp: at(9),
      },
      {
        role: "user",
        content: "Yes, that's right. One more thing: evenings are easier for calls than mornings.",
        timestamp: at(10),
      },
    ];
    const input = { plan, project: PROJECT, stakeholderType: "business" as const, timeLimitMinutes: 12 };
    const turn = await interviewTurn({ ...input, messages, now: START + 10 * 60_000 });
    expect(turn.final).toBe(false);
    expect(await collect(turn.stream)).toMatch(/\?$/);
  });

  it("says back needs in their words", () => {
    expect(needsSaidBack("I want to see which cakes sell out first.")).toEqual([
      "you'd like to see which cakes sell out first",
    ]);
  });
});

describe("model path: the model's message is checked after the model", () => {
  /** A model that answers every request with `reply(system prompt, the participant's last words)`. */
  const careless = (reply: (system: string, last: string) => string): InterviewProvider => ({
    complete: async () => "",
    structured: async () => "",
    async *stream(messages) {
      const conversation = String(messages[1]?.content ?? "");
      const last = [...conversation.matchAll(/Participant: ([^\n]*)/g)].at(-1)?.[1] ?? "";
      const words = last.split(" ").slice(-3).join(" ").replace(/[.?!]/g, "");
      for (const part of reply(String(messages[0]?.content ?? ""), words).match(/\S+\s*/g) ?? []) yield part;
    },
  });

  it("drops an echo opening, answers a skipped question, replaces a third use of a frame and a repeated closing", async () => {
    const model = careless((system, last) =>
      /Ask nothing\./.test(system)
        ? "Thanks again! Press 'End Interview' when you're ready."
        : /Points:/.test(system)
          ? "Here is what I heard:\n- point\nDid I get that right, or is anything missing?"
          : `You mentioned "${last}". What does that mean for you day to day?`,
    );
    const turns = await run(
      [
        "I own the bakery and take most orders by phone.",
        "Will customers be able to order online?",
        "The phone rings all morning and I lose track of orders.",
        "We also need allergy labels printed on every box.",
      ],
      model,
    );
    for (const t of turns.slice(1)) expect(t.text).not.toMatch(/You mentioned/);
    expect(turns[2]!.text).toMatch(/order cakes online|online ordering/i);
    const sameFrame = turns.filter((t) => /What does that mean for you day to day\?/.test(t.text));
    expect(sameFrame.length).toBeLessThanOrEqual(1);
    for (const t of turns.slice(1)) expect(t.text).toMatch(/\?$/);
  });

  it("passes each sentence on as soon as it ends, and keeps a number split across chunks whole", async () => {
    const seen: string[] = [];
    const model: InterviewProvider = {
      complete: async () => "",
      structured: async () => "",
      async *stream() {
        for (const part of [
          "Thanks.",
          " It takes 3",
          ".",
          "5 hours",
          " a day, you said. ",
          "What slows that down",
          " the most?",
        ])
          yield part;
      },
    };
    const turn = await interviewTurn(
      {
        plan,
        project: PROJECT,
        stakeholderType: "business",
        messages: [
          { role: "ai", content: "What is your role?", timestamp: new Date(START).toISOString() },
          {
            role: "user",
            content: "I plan the bakery's orders every morning.",
            timestamp: new Date(START + 60_000).toISOString(),
          },
        ],
        now: START + 65_000,
        timeLimitMinutes: 12,
      },
      model,
    );
    for await (const chunk of turn.stream) seen.push(chunk);
    const text = seen.join("");
    expect(text).toContain("It takes 3.5 hours a day, you said.");
    expect(text).not.toMatch(/ {2}/);
    // "Thanks." went out before the rest of the message was written, with the space that ends it.
    expect(seen[0]).toBe("Thanks. ");
  });

  it("in a language the rules do not read, never repeats a message and asks no frame a third time", async () => {
    // A model that asks one German frame about the answer's last word, whatever was said.
    const model = careless((system, last) =>
      /Points:/.test(system)
        ? "Here is what I heard:\n- point\nDid I get that right, or is anything missing?"
        : /Ask nothing\./.test(system)
          ? "Vielen Dank! Sie können jetzt 'End Interview' drücken."
          : `Was bedeutet ${last.split(" ").at(-1)} für Ihren Alltag?`,
    );
    const turns = await run(
      [
        "Ich backe seit zwanzig Jahren Torten und nehme die meisten Bestellungen am Telefon an, oft während ich gleichzeitig im Laden bediene.",
        "Am Samstag klingelt das Telefon fast ohne Pause, und manchmal vergesse ich dabei eine Bestellung aufzuschreiben, das ärgert mich sehr.",
        "Wir möchten, dass Kunden ihre Torte am Vortag online bestellen und eine Abholzeit auswählen können, damit niemand warten muss.",
        "Die Allergene stehen bisher nur auf einem Zettel an der Theke, und Kunden fragen trotzdem jedes Mal danach, das kostet Zeit.",
      ],
      model,
    );
    const texts = turns.map((t) => t.text);
    expect(new Set(texts).size).toBe(texts.length);
    const frame = texts.filter((t) =>
      /^Was bedeutet \S+ für Ihren Alltag\?$/.test(t.split(/(?<=[.!?])\s+/).at(-1)!),
    );
    expect(frame.length).toBeLessThanOrEqual(2);
    for (const t of turns.slice(1, 5)) expect(t.text).toMatch(/\?$/);
  });

  it("offline, with no need it can put in short points, asks a plain wrap-up question instead of reading back nothing", async () => {
    const german = [
      "Ich backe seit zwanzig Jahren Torten und nehme die meisten Bestellungen am Telefon an.",
      "Am Samstag klingelt das Telefon fast ohne Pause, und manchmal vergesse ich eine Bestellung.",
      "Kunden sollen ihre Torte am Vortag online bestellen und eine Abholzeit auswählen können.",
      "Die Allergene stehen bisher nur auf einem Zettel an der Theke, das kostet jedes Mal Zeit.",
      "Das alte Tablet an der Kasse ist sehr langsam und stürzt manchmal ab.",
      "Jeden Montag möchte ich sehen, welche Torten sich am besten verkauft haben.",
      "Doppelte Bestellungen für dieselbe Torte dürfen nicht mehr passieren.",
      "Die Mitarbeiter sollen morgens um sechs die Bestellungen des Tages sehen.",
      "Rabatte möchte ich später auswerten können, das ist aber nicht so dringend.",
      "Rückerstattungen für stornierte Bestellungen brauchen wir auch.",
    ];
    const turns = await run(german);
    const readBack = turns.find((t) => t.decision.action === "read_back")!;
    expect(readBack.text).not.toMatch(/Here is what I heard: *[^\n-]/);
    expect(readBack.text).toMatch(/what matters most to you\?$/);
  });

  it("replaces a closing line written where the rules did not close", async () => {
    const model = careless(() => "Thanks, that's all I need! Press 'End Interview' now.");
    const turns = await run(["We want customers to order cakes online the day before."], model);
    expect(turns[1]!.decision.action).not.toBe("close");
    expect(turns[1]!.text).not.toMatch(/End Interview/);
    expect(turns[1]!.text).toMatch(/\?$/);
  });
});

describe("endsSentence", () => {
  it("knows a sentence has ended without waiting for the next one, but not after a title or an initial", () => {
    expect(endsSentence("Thanks, that helps.")).toBe(true);
    expect(endsSentence("What slows that down the most? ")).toBe(true);
    expect(endsSentence("You said “by hand.”")).toBe(true);
    expect(endsSentence("Thanks, that helps")).toBe(false);
    expect(endsSentence("I'll ask Dr.")).toBe(false);
    expect(endsSentence("It takes 3.")).toBe(true);
    expect(endsSentence("Ask J.")).toBe(false);
  });
});

describe("after the read-back, in a language the rules do not read", () => {
  it("keeps listening while the participant still says something of substance, on the model path too", () => {
    const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
    const said = [
      "Ich backe seit zwanzig Jahren Torten und nehme die meisten Bestellungen am Telefon an.",
      "Kunden sollen ihre Torte am Vortag online bestellen und eine Abholzeit auswählen können.",
    ];
    const messages: InterviewMessage[] = [
      { role: "ai", content: "Was ist Ihre Rolle?", timestamp: at(0) },
      { role: "user", content: said[0]!, timestamp: at(1) },
      { role: "ai", content: "Wie bestellen Kunden heute?", timestamp: at(1) },
      { role: "user", content: said[1]!, timestamp: at(2) },
      { role: "ai", content: `${READ_BACK_OPENING}\n- ${said[1]}\n${READ_BACK_QUESTION}`, timestamp: at(2) },
      { role: "user", content: "Nein, da fehlt noch etwas.", timestamp: at(3) },
      { role: "ai", content: "Was fehlt noch?", timestamp: at(3) },
      {
        role: "user",
        content:
          "Die Abholzeiten sollten möglichst übersichtlich angezeigt werden, damit niemand lange suchen muss.",
        timestamp: at(4),
      },
    ];
    const ctx = {
      plan,
      project: PROJECT,
      stakeholderType: "business" as const,
      messages,
      now: START + 240_000,
      timeLimitMinutes: 12,
    };
    expect(decideTurn(ctx).action).toBe("follow_up");
    // A goodbye still closes.
    const bye = [
      ...messages.slice(0, -1),
      { role: "user" as const, content: "Danke, das war alles.", timestamp: at(4) },
    ];
    expect(decideTurn({ ...ctx, messages: bye }).action).toBe("close");
  });

  it("closes on 'do you need anything else from me?' in the model's words, with no English put in front", async () => {
    const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
    const said = "Kunden sollen ihre Torte am Vortag online bestellen und eine Abholzeit auswählen können.";
    const messages: InterviewMessage[] = [
      { role: "ai", content: "Was ist Ihre Rolle?", timestamp: at(0) },
      { role: "user", content: "Ich backe seit zwanzig Jahren Torten für den Laden.", timestamp: at(1) },
      { role: "ai", content: "Wie bestellen Kunden heute?", timestamp: at(1) },
      { role: "user", content: said, timestamp: at(2) },
      { role: "ai", content: `${READ_BACK_OPENING}\n- ${said}\n${READ_BACK_QUESTION}`, timestamp: at(2) },
      { role: "user", content: "Ja, genau. Brauchen Sie sonst noch etwas von mir?", timestamp: at(3) },
    ];
    const closing = "Nichts weiter, vielen Dank! Sie können jetzt 'End Interview' drücken.";
    const model: InterviewProvider = {
      complete: async () => "",
      structured: async () => "",
      async *stream() {
        yield closing;
      },
    };
    const turn = await interviewTurn(
      {
        plan,
        project: PROJECT,
        stakeholderType: "business",
        messages,
        now: START + 180_000,
        timeLimitMinutes: 12,
      },
      model,
    );
    expect(turn.decision.action).toBe("close");
    expect(await collect(turn.stream)).toBe(closing);
  });
});
