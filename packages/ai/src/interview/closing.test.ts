import { describe, expect, it } from "vitest";
import { askMore, isDone, probeOnHard, unreadRemark, yesToMore } from "./closing";
import { normalise } from "./text";

const roomy = { elapsedMinutes: 4, answers: 4 };

describe("the hard part named before the read-back", () => {
  it("asks once what goes wrong with a hard part, and what a doubt depends on", () => {
    const hard = "The map itself is easy, keeping the job state in step across devices is the hard part.";
    expect(probeOnHard({ ...roomy, lastAnswer: hard }, 12, [])).toBe("What goes wrong with that?");
    expect(probeOnHard({ ...roomy, lastAnswer: hard }, 12, ["what goes wrong with that"])).toBeNull();
    const doubt = "We assume owners will accept automatic emails, and we're least sure about that.";
    expect(probeOnHard({ ...roomy, lastAnswer: doubt }, 12, [])).toBe("What does it depend on?");
  });

  it("leaves the read-back where it is when no exchange is left before the closing margin", () => {
    const hard = "Getting the drivers to use it is the hardest part.";
    expect(probeOnHard({ elapsedMinutes: 9, answers: 9, lastAnswer: hard }, 12, [])).toBeNull();
    expect(probeOnHard({ ...roomy, lastAnswer: "We want it on phones." }, 12, [])).toBeNull();
  });
});

describe("after a question that invites more", () => {
  it.each([
    ["Is there anything more you'd add?", "Yes. Yeah.", true],
    ["What else would help you day to day?", "Yes.", true],
    ["Is there more the system should do for you?", "Yeah. So for now, that's the CBR.", true],
    ["Got it: “a list.” Is there anything more you'd add?", "Yes.", true],
    ["What else would help you day to day?", "No, that's all.", false],
    ["How often does that happen?", "Yes.", false],
    ["Thank you. What more would you like to add?", "Yeah.", false],
  ])("after %j, %j asks what they would add: %s", (asked, answer, expected) => {
    expect(yesToMore(asked, answer)).toBe(expected);
  });

  it.each([
    ["No, that's all.", true],
    ["I can't think of something.", true],
    ["Thanks, bye.", true],
    ["Thank you very much!", true],
    ["No.", true],
    ["no thank you", true],
    [
      "Maybe you know you want lessons for the trailer licence too, so after I'm done I can stay with the same school.",
      false,
    ],
    ["That's a minor issue, but...", false],
  ])("%j is a goodbye: %s", (answer, expected) => {
    expect(isDone(answer)).toBe(expected);
  });
});

describe("a short remark in a language the rules do not read, after the closing", () => {
  it("is taken as leaving, not as more to note", () => {
    expect(unreadRemark("geh jetzt weg, bitte")).toBe(true);
    expect(unreadRemark("vete ya, por favor")).toBe(true);
    expect(isDone("laisse-moi tranquille")).toBe(true);
  });

  it("leaves short English alone, slips and all", () => {
    expect(unreadRemark("Great idea")).toBe(false);
    expect(unreadRemark("cloud storage is fine for me")).toBe(false);
    expect(unreadRemark("maybe a basic 1h course")).toBe(false);
    expect(unreadRemark("ok thats all i need")).toBe(false);
  });
});

describe("asking for more in a long conversation", () => {
  it("uses each way once, then other ways, never words said before", () => {
    const said: string[] = [];
    const asked: string[] = [];
    for (let q = askMore(said); q !== null; q = askMore(said)) {
      asked.push(q);
      said.push(normalise(`I've noted that. ${q}`));
    }
    expect(asked.length).toBeGreaterThan(6);
    expect(new Set(asked).size).toBe(asked.length);
  });
});

describe("done, said plainly", () => {
  it("hears 'I can't think of something' and 'nothing comes to mind' as done", () => {
    expect(isDone("I can't think of something.")).toBe(true);
    expect(isDone("Nothing else comes to mind.")).toBe(true);
    expect(isDone("I can't think how the rota would work without it.")).toBe(false);
  });
});
