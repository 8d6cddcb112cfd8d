import { describe, expect, it } from "vitest";
import { END_OF_TURN, joinSpoken, readUtterance, TurnPatience, takesTheTurn } from "./endOfTurn";

describe("readUtterance", () => {
  it.each([
    // Finished: the spec's 2 s of silence ends the turn as before.
    ["We plan every route by hand each morning.", "finished"],
    ["It takes about two hours", "finished"],
    ["I think so.", "finished"],
    ["I don't think so", "finished"],
    ["Maybe ten minutes or so.", "finished"],
    ["That's how we used to.", "finished"],
    ["It works fine though.", "finished"],
    ["We've done it that way for a while.", "finished"],
    ["It's the team I work with.", "finished"],
    ["I don't know what it looks like.", "finished"],
    ["Hmm, we mostly use Excel.", "finished"],
    ["Let me think. We use Excel for the routes.", "finished"],
    ["Yeah.", "finished"],
    ["Right.", "finished"],
    ["Mm-hmm.", "finished"], // a spoken yes
    ["Uh-huh", "finished"],
    // Unfinished: listening waits longer and joins what comes next.
    ["We plan every route by hand and", "unfinished"],
    ["We plan every route by hand, and...", "unfinished"],
    ["It's slow because", "unfinished"],
    ["It's slow, so", "unfinished"],
    ["The drivers call in, but", "unfinished"],
    ["We put it in the", "unfinished"],
    ["Mostly it's our", "unfinished"],
    ["There are a lot of", "unfinished"],
    ["We have to", "unfinished"],
    ["It depends on whether", "unfinished"],
    ["It's slow, I mean", "unfinished"],
    ["First we check the board and then", "unfinished"],
    ["We use a spreadsheet, um", "unfinished"],
    ["We use a spreadsheet, uh...", "unfinished"],
    ["We used to do it differently —", "unfinished"],
    ["We use the, uh", "unfinished"],
    // Thinking: a request for time, never the answer.
    ["Hmm.", "thinking"],
    ["Um, uh", "thinking"],
    ["Mm.", "thinking"],
    ["Give me a minute.", "thinking"],
    ["Give me a sec, please.", "thinking"],
    ["Let me think.", "thinking"],
    ["Hmm, let me think about that for a second.", "thinking"],
    ["Oh, let me see", "thinking"],
    ["Just a moment", "thinking"],
    ["Hold on.", "thinking"],
    ["Bear with me.", "thinking"],
    ["That's a good question.", "thinking"],
    ["Oh, good question, um", "thinking"],
  ])("%j reads as %s", (said, kind) => {
    expect(readUtterance(said).kind).toBe(kind);
  });

  it("tells why words leave the thought open", () => {
    expect(readUtterance("We plan every route by hand and")).toEqual({
      kind: "unfinished",
      why: "open-word",
    });
    expect(readUtterance("We use a spreadsheet, um")).toEqual({ kind: "unfinished", why: "filler" });
    expect(readUtterance("Well, we used to…")).toEqual({ kind: "unfinished", why: "trailing-off" });
  });

  it("keeps what was said before a request for time, and counts a courtesy only when said alone", () => {
    expect(readUtterance("We use Excel mostly, but let me think")).toEqual({
      kind: "thinking",
      before: "We use Excel mostly, but",
    });
    expect(readUtterance("Give me a minute")).toEqual({ kind: "thinking", before: "" });
    // Fillers and "oh" before it are not words to keep.
    expect(readUtterance("Hmm, give me a minute.")).toEqual({ kind: "thinking", before: "" });
    expect(readUtterance("Oh, um, let me think.")).toEqual({ kind: "thinking", before: "" });
    expect(readUtterance("We use Excel, but um, hmm, hold on")).toEqual({
      kind: "thinking",
      before: "We use Excel, but",
    });
    expect(readUtterance("Our manager asked a good question.").kind).toBe("finished");
    expect(readUtterance("We hold on to the invoices.").kind).toBe("finished");
  });
});

describe("joinSpoken", () => {
  it("joins the pieces of an answer with one space, dropping the trailing-off mark", () => {
    expect(joinSpoken("We plan every route by hand and...", "it takes two hours.")).toBe(
      "We plan every route by hand and it takes two hours.",
    );
    expect(joinSpoken("", " We use Excel. ")).toBe("We use Excel.");
    expect(joinSpoken("We use Excel, but", "")).toBe("We use Excel, but");
  });
});

describe("TurnPatience", () => {
  it("sends a finished answer at once, as the spec's 2 s silence rule always did", () => {
    const turn = new TurnPatience();
    expect(turn.take("We plan every route by hand.", 0)).toEqual({
      kind: "send",
      text: "We plan every route by hand.",
    });
    expect(turn.held).toBe("");
  });

  it("waits longer after unfinished words and joins the rest before sending", () => {
    const turn = new TurnPatience();
    expect(turn.take("We plan every route by hand and", 0)).toEqual({ kind: "wait", reason: "unfinished" });
    expect(turn.held).toBe("We plan every route by hand and");
    expect(turn.due(END_OF_TURN.unfinishedWaitMs - 100, false)).toBeNull();
    expect(turn.take("it takes two hours.", 2000)).toEqual({
      kind: "send",
      text: "We plan every route by hand and it takes two hours.",
    });
  });

  it("sends the unfinished words as they are when nothing more comes within the wait", () => {
    const turn = new TurnPatience();
    turn.take("It's slow because", 1000);
    expect(turn.due(1000 + END_OF_TURN.unfinishedWaitMs - 1, false)).toBeNull();
    expect(turn.due(1000 + END_OF_TURN.unfinishedWaitMs, false)).toBe("It's slow because");
    expect(turn.held).toBe("");
  });

  it("does not send while the participant is speaking again, and waits afresh after", () => {
    const turn = new TurnPatience();
    turn.take("It's slow because", 0);
    expect(turn.due(5000, true)).toBeNull();
    expect(turn.due(5000 + END_OF_TURN.unfinishedWaitMs - 1, false)).toBeNull();
    expect(turn.due(5000 + END_OF_TURN.unfinishedWaitMs, false)).toBe("It's slow because");
  });

  it("stops waiting after a limit of pieces, so an answer always ends", () => {
    const turn = new TurnPatience();
    for (let i = 1; i < END_OF_TURN.maxPieces; i += 1)
      expect(turn.take(`Part ${i} and`, i * 1000).kind).toBe("wait");
    const last = turn.take("part five and", 9000);
    expect(last.kind).toBe("send");
    expect(last.kind === "send" && last.text).toBe(
      "Part 1 and Part 2 and Part 3 and Part 4 and part five and",
    );
  });

  it("pauses on 'give me a minute' until the participant speaks again, and never sends it", () => {
    const turn = new TurnPatience();
    expect(turn.take("Give me a minute.", 0)).toEqual({ kind: "wait", reason: "thinking" });
    expect(turn.thinking).toBe(true);
    // However long they think, nothing is due.
    expect(turn.due(120_000, false)).toBeNull();
    expect(turn.take("We check the weather first.", 130_000)).toEqual({
      kind: "send",
      text: "We check the weather first.",
    });
    expect(turn.thinking).toBe(false);
  });

  it("keeps what was said before 'let me think' and joins it with what follows", () => {
    const turn = new TurnPatience();
    expect(turn.take("We use Excel mostly, but let me think", 0)).toEqual({
      kind: "wait",
      reason: "thinking",
    });
    expect(turn.held).toBe("We use Excel mostly, but");
    expect(turn.take("also a paper board.", 20_000)).toEqual({
      kind: "send",
      text: "We use Excel mostly, but also a paper board.",
    });
  });

  it("after Resume, sends words held before a request for time once the wait has passed", () => {
    const turn = new TurnPatience();
    turn.take("We use Excel mostly, but hold on", 0);
    expect(turn.due(60_000, false)).toBeNull();
    turn.resumed(60_000);
    expect(turn.thinking).toBe(false);
    expect(turn.due(60_000 + END_OF_TURN.unfinishedWaitMs - 1, false)).toBeNull();
    expect(turn.due(60_000 + END_OF_TURN.unfinishedWaitMs, false)).toBe("We use Excel mostly, but");
  });
});

describe("takesTheTurn", () => {
  it.each([
    // Backchannels (voiced length as espeak-ng says them): the interviewer goes on.
    ["yeah", 240, false],
    ["uh-huh", 310, false],
    ["right", 330, false],
    ["okay", 400, false],
    ["mm-hmm", 530, false],
    ["yeah, yeah", 680, false],
    // Taking the turn: the interviewer stops.
    ["sorry, actually no", 1260, true],
    ["wait, can I add something?", 1490, true],
  ])("sound of %j (%i ms) over the interviewer takes the turn: %s", (_said, ms, takes) => {
    expect(takesTheTurn(ms)).toBe(takes);
  });
});
