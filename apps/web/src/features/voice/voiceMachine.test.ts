import { describe, expect, it } from "vitest";
import { initialVoiceState, type VoiceAction, type VoiceState, voiceReducer } from "./voiceMachine";

const run = (actions: VoiceAction[], from: VoiceState = initialVoiceState) =>
  actions.reduce(voiceReducer, from);

describe("voice loop", () => {
  it("goes initializing → welcome → listening → processing → speaking → listening", () => {
    const states: string[] = [];
    let state = initialVoiceState;
    for (const action of [
      { type: "open" },
      { type: "ready", listener: "server" },
      { type: "speak", welcome: true },
      { type: "listen" },
      { type: "heard" },
      { type: "speak" },
      { type: "turnDone", turn: 1 },
      { type: "listen" },
    ] satisfies VoiceAction[]) {
      state = voiceReducer(state, action);
      states.push(state.status);
    }
    expect(states).toEqual([
      "initializing",
      "initializing",
      "welcome",
      "listening",
      "processing",
      "speaking",
      "speaking",
      "listening",
    ]);
    expect(state.listener).toBe("server");
  });

  it("skips an utterance while the agent speaks or a turn is processed, and does not listen mid-turn", () => {
    const processing = run([{ type: "open" }, { type: "listen" }, { type: "heard" }]);
    expect(voiceReducer(processing, { type: "heard" })).toBe(processing);
    expect(voiceReducer(processing, { type: "listen" })).toBe(processing);
    const speaking = voiceReducer(processing, { type: "speak" });
    expect(voiceReducer(speaking, { type: "heard" })).toBe(speaking);
  });

  it("pauses anything, resumes to the turn still under way or to listening, and stays quiet meanwhile", () => {
    const paused = run([{ type: "open" }, { type: "listen" }, { type: "heard" }, { type: "pause" }]);
    expect(paused.status).toBe("paused");
    expect(run([{ type: "speak" }, { type: "listen" }], paused).status).toBe("paused");
    expect(voiceReducer(paused, { type: "resume" }).status).toBe("processing");
    const idle = run([{ type: "turnDone", turn: paused.turn ?? 0 }, { type: "resume" }], paused);
    expect(idle.status).toBe("listening");
  });

  it("ends the agent's turn at a barge-in, so the participant's next words are taken", () => {
    const speaking = run([{ type: "open" }, { type: "listen" }, { type: "heard" }, { type: "speak" }]);
    const barged = voiceReducer(speaking, { type: "bargeIn" });
    expect(barged).toMatchObject({ status: "listening", turn: null });
    // The old turn finishing later does not end the next one.
    const next = run([{ type: "heard" }, { type: "turnDone", turn: speaking.turn ?? 0 }], barged);
    expect(next.status).toBe("processing");
    expect(next.turn).not.toBeNull();
    expect(voiceReducer(run([{ type: "open" }, { type: "listen" }]), { type: "bargeIn" }).status).toBe(
      "listening",
    );
  });

  it("takes its time after 'give me a minute': listens behind 'Take your time' until they speak or resume", () => {
    const asked = run([{ type: "open" }, { type: "listen" }, { type: "heard" }, { type: "think" }]);
    expect(asked.status).toBe("thinking");
    const waiting = voiceReducer(asked, { type: "turnDone", turn: asked.turn ?? 0 });
    // Listening again (after the turn) keeps the participant's time; their next words are taken.
    expect(voiceReducer(waiting, { type: "listen" }).status).toBe("thinking");
    expect(voiceReducer(waiting, { type: "heard" }).status).toBe("processing");
    expect(voiceReducer(waiting, { type: "resume" }).status).toBe("listening");
    // Pause still pauses, and Resume from there listens.
    expect(run([{ type: "pause" }, { type: "resume" }], waiting).status).toBe("listening");
  });

  it("names a silent microphone only while listening, and forgets it when listening ends", () => {
    const listening = run([{ type: "open" }, { type: "listen" }]);
    const silent = voiceReducer(listening, { type: "micSilent", silent: true });
    expect(silent.micSilent).toBe(true);
    expect(voiceReducer(silent, { type: "micSilent", silent: false }).micSilent).toBe(false);
    expect(voiceReducer(silent, { type: "heard" }).micSilent).toBe(false);
    expect(voiceReducer(silent, { type: "pause" }).micSilent).toBe(false);
    const speaking = run([{ type: "heard" }, { type: "speak" }], listening);
    expect(voiceReducer(speaking, { type: "micSilent", silent: true }).micSilent).toBe(false);
  });

  it("leaves voice entirely on close", () => {
    const closed = run([{ type: "open" }, { type: "listen" }, { type: "heard" }, { type: "close" }]);
    expect(closed).toMatchObject({ status: "off", listener: null, turn: null });
    expect(voiceReducer(closed, { type: "speak" }).status).toBe("off");
  });
});
