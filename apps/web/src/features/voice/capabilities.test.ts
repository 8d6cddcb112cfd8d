import { describe, expect, it } from "vitest";
import { type BrowserVoice, planVoice } from "./capabilities";

const KEY = { transcribe: true, speak: true };
const NO_KEY = { transcribe: false, speak: false };
const CHROME: BrowserVoice = { recognition: true, recording: true, playback: true, voices: true };
const HEADLESS_CHROMIUM: BrowserVoice = { recognition: true, recording: true, playback: true, voices: false };
const SAFARI: BrowserVoice = { recognition: false, recording: true, playback: true, voices: true };
const FIREFOX_NO_VOICES: BrowserVoice = {
  recognition: false,
  recording: true,
  playback: true,
  voices: false,
};
const INSECURE_PAGE: BrowserVoice = { recognition: false, recording: false, playback: true, voices: true };

describe("planVoice", () => {
  it("records for the server's transcription and plays the server's voice when the server has speech", () => {
    expect(planVoice(KEY, CHROME)).toEqual({ listener: "server", speaker: "server", cannotListen: null });
    expect(planVoice(KEY, SAFARI)).toEqual({ listener: "server", speaker: "server", cannotListen: null });
    expect(planVoice(KEY, FIREFOX_NO_VOICES)).toEqual({
      listener: "server",
      speaker: "server",
      cannotListen: null,
    });
  });

  it("uses the browser's own recognizer and voice when the server has no speech service", () => {
    expect(planVoice(NO_KEY, CHROME)).toEqual({
      listener: "browser",
      speaker: "browser",
      cannotListen: null,
    });
  });

  it("says nobody can listen in Firefox or Safari without the server's speech, so voice is not offered", () => {
    expect(planVoice(NO_KEY, FIREFOX_NO_VOICES)).toMatchObject({
      listener: null,
      cannotListen: "no-service",
    });
    expect(planVoice(NO_KEY, SAFARI)).toMatchObject({ listener: null, cannotListen: "no-service" });
  });

  it("says the browser cannot record when the server could transcribe but nothing can reach it", () => {
    expect(planVoice(KEY, INSECURE_PAGE)).toMatchObject({ listener: null, cannotListen: "no-recorder" });
  });

  it("shows questions instead of speaking them when there is no voice to say them", () => {
    expect(planVoice(NO_KEY, HEADLESS_CHROMIUM)).toEqual({
      listener: "browser",
      speaker: null,
      cannotListen: null,
    });
    expect(planVoice(KEY, { ...FIREFOX_NO_VOICES, playback: false })).toMatchObject({ speaker: null });
  });

  it("speaks with the browser's voice when the server's audio cannot play here", () => {
    expect(planVoice(KEY, { ...CHROME, playback: false })).toMatchObject({
      listener: "server",
      speaker: "browser",
    });
  });
});
