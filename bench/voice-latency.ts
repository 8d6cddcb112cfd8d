/**
 * Issue 16: how soon the interviewer is heard after the participant stops talking, in Debian's
 * Chromium with the fake microphone fed an espeak-ng WAV (looped, so the participant speaks again
 * every cycle), against a local fake OpenAI-compatible server with realistic timings (transcription
 * 300 ms; chat first token 300 ms then 25 ms a token; speech first byte 250 ms, body streamed at four
 * times real time). Measured per turn from the end of the utterance (the recorder stops: the page's
 * `parley:utterance-end` mark) to the first agent audio playing (`parley:agent-audio`), with the number
 * of model calls made in between (a chat call answers only once all of it is written, as a hosted
 * model's does, so a structured decision before the question costs about a second), for two shapes
 * of reply, each in its own interview (issue 34: one opening with an acknowledgement, one opening by
 * repeating the participant's words), with issue 34's targets. Then the same
 * without a key: a stand-in browser recognizer that answers 300 ms after the speech ends, the
 * offline interviewer and the browser's own speech.
 *   npx tsx bench/voice-latency.ts [turns]      (needs the web build: pnpm --filter @parley/web build)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { FakeOpenAi, REALISTIC_PROFILE, type RecordedRequest } from "../packages/ai/test/fake-openai";
import { benchDatabase, launchChromium, percentile, proOwnerWithInterview, startServer } from "./lib";

const TURNS = Number(process.argv[2] ?? 8);
const DIR = "/tmp/parley-bench-voice";
const SPEECH_WAV = `${DIR}/speech-loop.wav`;
const SILENCE_WAV = `${DIR}/silence.wav`;
/**
 * The interviewer's replies, in two shapes (issue 34): one that opens with a short acknowledgement
 * that does not repeat the participant's words (kept, and spoken as soon as it is whole), and one
 * that opens by quoting them back (dropped by the checks, so the question is the first thing said).
 * Short, so each is said before the participant's next sentence comes round (about 4.5 s of audio),
 * and different every turn, so no sentence's speech comes from the browser's cache.
 */
// Seven words to the acknowledgement (as issue 34's "That helps me picture the front desk."), eight
// to the question, eight to the words repeated.
const OPENERS = [
  "That helps me picture",
  "That helps me understand",
  "Now I can picture",
  "Now I better understand",
];
const SUBJECTS = ["the loading bay.", "the morning rush.", "your whole team.", "the daily routine."];
const ASKS = [
  "What slows it down most",
  "Which step takes the longest",
  "Who has to wait for it",
  "What goes wrong most often",
];
const WHEN = ["on busy days?", "for your team?", "in the winter?", "at month end?"];
/** The n-th of 16 distinct pairings of two lists of four. */
const pick = (first: string[], second: string[], n: number) =>
  `${first[n % 4]} ${second[Math.floor(n / 4) % 4]}`;
const TRANSCRIPT = "We plan every route by hand each morning.";
/** Words of the participant's the repeating reply quotes back (the checks drop such an opening). */
const REPEATED = "we plan every route by hand";
type Shape = "acknowledgement" | "repeat";
let shape: Shape = "acknowledgement";
let replies = 0;
const reply = (body: any) => {
  const format = body?.response_format?.json_schema?.name;
  if (format === "turn_decision") return decisionFor(body);
  if (format === "answer_reading") return JSON.stringify({ reading: "answer" });
  const n = replies++;
  const opening = shape === "acknowledgement" ? pick(OPENERS, SUBJECTS, n) : `You said "${REPEATED}".`;
  return `${opening} ${pick(ASKS, WHEN, n)}`;
};

/**
 * A decision as a model writes one (about 40 tokens, so at 25 ms a token it takes as long as a real
 * one), on a topic of the plan in the request: what the code before issue 24 asked for before each
 * question, kept so the bench measures that code too.
 */
function decisionFor(body: any): string {
  const prompt = String(body.messages?.at(-1)?.content ?? "");
  const topicId = prompt.match(/^(\S+) \[asked\]/m)?.[1] ?? prompt.match(/^(\S+) \[open\]/m)?.[1] ?? "";
  return JSON.stringify({
    action: "follow_up",
    topicId,
    reason: "The answer names a two-hour manual task that is worth quantifying.",
    reflect: "two hours",
  });
}

/**
 * Model calls the first word waits for, per voice turn: those started after the utterance's
 * transcription reached the fake, up to and including the streamed question (a call started after
 * the question's stream began, such as a reading beside it, delays nothing).
 */
function callsBeforeFirstWord(requests: RecordedRequest[]): number[] {
  const counts: number[] = [];
  requests.forEach((r, i) => {
    if (!r.path.endsWith("/audio/transcriptions")) return;
    const question = requests.findIndex(
      (s, j) => j > i && s.path.endsWith("/chat/completions") && s.body?.stream,
    );
    if (question < 0) return;
    counts.push(
      requests.slice(i + 1, question + 1).filter((c) => c.path.endsWith("/chat/completions")).length,
    );
  });
  return counts;
}

/**
 * Per voice turn, the time from the transcription's arrival at the fake to the streamed question's:
 * the transcription itself, the browser's way back and the server's work before the model is asked.
 */
function transcriptionToQuestion(requests: RecordedRequest[]): number[] {
  return requests.flatMap((r, i) => {
    if (!r.path.endsWith("/audio/transcriptions")) return [];
    const question = requests.find((s, j) => j > i && s.path.endsWith("/chat/completions") && s.body?.stream);
    return question ? [question.at - r.at] : [];
  });
}

/** Per voice turn, from the streamed question's arrival at the fake to its first sentence's speech request. */
function questionToSpeech(requests: RecordedRequest[]): number[] {
  return requests.flatMap((r, i) => {
    if (!(r.path.endsWith("/chat/completions") && r.body?.stream)) return [];
    const speech = requests.find((s, j) => j > i && s.path.endsWith("/audio/speech"));
    return speech ? [speech.at - r.at] : [];
  });
}

/** sox's output format: 48 kHz mono 16-bit PCM, as Chromium's fake microphone reads it. */
const PCM_48K_MONO = ["-r", "48000", "-c", "1", "-b", "16", "-e", "signed-integer"];

/** A sentence with 9 s of silence before it: the loop repeats it about every 12.5 s. */
function makeAudio() {
  mkdirSync(DIR, { recursive: true });
  if (!existsSync(SPEECH_WAV)) {
    const raw = `${DIR}/raw.wav`;
    execFileSync("espeak-ng", [
      "-w",
      raw,
      "We plan every route by hand each morning and it takes two hours.",
    ]);
    execFileSync("sox", [raw, ...PCM_48K_MONO, SPEECH_WAV, "pad", "9", "0"]);
  }
  if (!existsSync(SILENCE_WAV)) {
    execFileSync("sox", ["-n", ...PCM_48K_MONO, SILENCE_WAV, "trim", "0", "5"]);
  }
}

/** The share link of a Pro owner's hour-long interview. */
const interviewFor = async (baseUrl: string, dbUrl: string, email: string) =>
  (await proOwnerWithInterview(baseUrl, dbUrl, email, { name: "P", timeLimitMinutes: 60 })).interview
    .shareLink;

/**
 * The recorder's stop() is the end of the utterance; the page marks it again when the recording is
 * handed on (onstop, a little later). The stand-in recognizer's speech end is marked by the page.
 */
const MARK_RECORDER_STOP = `(() => {
  const stop = MediaRecorder.prototype.stop;
  MediaRecorder.prototype.stop = function () {
    if (this.onstop) performance.mark("bench:recorder-stop");
    return stop.call(this);
  };
})()`;

/** Pairs each end of utterance with the first agent audio after it, before the next utterance. */
const LATENCIES = `(() => {
  const stops = performance.getEntriesByName("bench:recorder-stop").map((e) => e.startTime);
  const ends = stops.length ? stops : performance.getEntriesByName("parley:utterance-end").map((e) => e.startTime);
  const audio = performance.getEntriesByName("parley:agent-audio").map((e) => e.startTime);
  const out = [];
  ends.forEach((end, i) => {
    const next = ends[i + 1] ?? Infinity;
    const heard = audio.find((t) => t > end && t < next);
    if (heard !== undefined) out.push(heard - end);
  });
  return out;
})()`;

/** A stand-in for the browser's recognizer: hears 2 s of speech, then answers 300 ms after it ends. */
const STAND_IN_RECOGNIZER = `(() => {
  class StandIn {
    constructor() { this.onresult = null; this.onerror = null; this.onend = null; this.onspeechend = null; }
    start() {
      this.timer = setTimeout(() => {
        this.onspeechend && this.onspeechend();
        this.timer = setTimeout(() => {
          const alternative = Object.assign([{ transcript: "We plan every route by hand each morning." }], { isFinal: true });
          this.onresult && this.onresult({ results: [alternative] });
          this.onend && this.onend();
        }, 300);
      }, 2000);
    }
    abort() { clearTimeout(this.timer); }
  }
  window.SpeechRecognition = StandIn;
  window.webkitSpeechRecognition = StandIn;
})()`;

async function measure(
  browser: Browser,
  url: string,
  fake?: FakeOpenAi,
  initScript?: string,
): Promise<number[]> {
  const context = await browser.newContext();
  await context.addInitScript(MARK_RECORDER_STOP);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  const deadline = Date.now() + (TURNS + 4) * 15_000;
  let latencies: number[] = [];
  while (Date.now() < deadline) {
    latencies = (await page.evaluate(LATENCIES)) as number[];
    if (latencies.length >= TURNS) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (process.env.BENCH_VERBOSE) {
    console.log(latencies.map(Math.round).join(" "));
    // Per turn, as epoch ms: the end of the utterance, the transcription sent and answered, the
    // question asked, the first speech asked and its first byte, the first agent audio.
    const turns = (await page.evaluate(`(() => {
      const ends = performance.getEntriesByName("parley:utterance-end").map((e) => e.startTime);
      const resources = performance.getEntriesByType("resource");
      const audio = performance.getEntriesByName("parley:agent-audio").map((e) => e.startTime);
      const epoch = (v) => (v === undefined ? undefined : performance.timeOrigin + v);
      return ends.map((end, i) => {
        const next = ends[i + 1] ?? Infinity;
        const within = (e) => e.startTime > end - 50 && e.startTime < next;
        const first = (part) => resources.find((e) => within(e) && e.name.includes(part));
        const s = first("/api/ai/tts");
        // Issue 34: one request transcribes and answers; its first byte is the transcript.
        const v = first("/api/ai/voice-turn");
        if (v) return {
          end: epoch(end), sent: epoch(v.startTime), transcribed: epoch(v.responseStart), combined: 1,
          spoken: epoch(s?.startTime), firstByte: epoch(s?.responseStart),
          audio: epoch(audio.find((a) => a > end && a < next)),
        };
        const t = first("/api/ai/transcribe"), q = first("interviewResponseStream");
        return {
          end: epoch(end), sent: epoch(t?.startTime), transcribed: epoch(t?.responseEnd),
          asked: epoch(q?.startTime), spoken: epoch(s?.startTime), firstByte: epoch(s?.responseStart),
          audio: epoch(audio.find((a) => a > end && a < next)),
        };
      });
    })()`)) as Array<Record<string, number | undefined>>;
    const detail = hops(turns, fake);
    console.log((detail as string[]).join("\n"));
  }
  await context.close();
  return latencies.slice(0, TURNS);
}

/** How many voices the browser's own speech has (they may load a moment after the page). */
async function browserVoices(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage();
  await page.goto(url);
  const count = (await page.evaluate(`new Promise((resolve) => {
    const count = () => speechSynthesis.getVoices().length;
    if (count()) return resolve(count());
    speechSynthesis.onvoiceschanged = () => resolve(count());
    setTimeout(() => resolve(count()), 2000);
  })`)) as number;
  await page.close();
  return count;
}

/**
 * Where each turn's time goes, in ms, from the page's and the fake's clocks (one machine, epoch
 * time): to the server and the fake with the recording; the transcription's way back past the
 * fake's 300 ms; the page before it asks; the server before the model is asked; the model's first
 * sentence until the page asks for its speech (the fake's floor: 300 ms + 25 ms a token); the speech
 * request to the fake; its first byte back past the fake's 250 ms; the first sound after that byte.
 */
function hops(turns: Array<Record<string, number | undefined>>, fake?: FakeOpenAi): string[] {
  if (!fake) return [];
  const epoch = (r: { at: number }) => performance.timeOrigin + r.at;
  const find = (path: string, after: number, stream?: boolean) =>
    fake.requests.find(
      (r) =>
        r.path.endsWith(path) &&
        epoch(r) >= after - 5 &&
        (stream === undefined || !!r.body?.stream === stream),
    );
  return turns.map((t, i) => {
    const combined = Boolean(t.combined);
    if (
      !t.sent ||
      !t.transcribed ||
      (!combined && !t.asked) ||
      !t.spoken ||
      !t.firstByte ||
      !t.audio ||
      !t.end
    )
      return `turn ${i + 1}: incomplete`;
    const heard = find("/audio/transcriptions", t.sent);
    const asked = heard && find("/chat/completions", combined ? epoch(heard) : t.asked!, true);
    const spoken = find("/audio/speech", t.spoken);
    if (!heard || !asked || !spoken) return `turn ${i + 1}: not matched at the fake`;
    const ms = (v: number) => Math.round(v);
    // From the fake's transcript to the fake being asked for the reply: the whole of the machine's
    // work between the two model calls (one request or two).
    const between = ms(epoch(asked) - epoch(heard) - REALISTIC_PROFILE.transcriptionMs);
    return [
      `turn ${i + 1} (${ms(t.audio - t.end)} ms):`,
      `recorder ${ms(t.sent - t.end)}`,
      `upload ${ms(epoch(heard) - t.sent)}`,
      `transcript back ${ms(t.transcribed - epoch(heard) - REALISTIC_PROFILE.transcriptionMs)}`,
      ...(combined
        ? [`transcript → model asked ${between}`]
        : [
            `page ${ms(t.asked! - t.transcribed)}`,
            `server ${ms(epoch(asked) - t.asked!)}`,
            `(transcript → model asked ${between})`,
          ]),
      `first sentence → speech asked ${ms(t.spoken - epoch(asked))}`,
      `to fake ${ms(epoch(spoken) - t.spoken)}`,
      `first byte back ${ms(t.firstByte - epoch(spoken) - REALISTIC_PROFILE.speechFirstByteMs)}`,
      `sound ${ms(t.audio - t.firstByte)}`,
    ].join(" ");
  });
}

const line = (label: string, values: number[]) =>
  `${label}: first agent audio after end of utterance p50 ${Math.round(percentile(values, 50))} ms, p95 ${Math.round(percentile(values, 95))} ms (${values.length} turns)`;

makeAudio();
const launch = (wav: string) =>
  launchChromium([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${wav}`,
    "--autoplay-policy=no-user-gesture-required",
  ]);

const fake = new FakeOpenAi({
  reply,
  profile: REALISTIC_PROFILE,
  transcript: TRANSCRIPT,
});
const fakeUrl = await fake.start();
const voiceDb = await benchDatabase("voicelat");
const voice = await startServer({
  DATABASE_URL: voiceDb.url,
  OPENAI_API_KEY: "bench",
  OPENAI_BASE_URL: fakeUrl,
});
/** Issue 34's targets per reply shape: p50 and p95 (none for a repeat's p95), in ms. */
const TARGETS: Record<Shape, { p50: number; p95?: number }> = {
  acknowledgement: { p50: 1100, p95: 1400 },
  repeat: { p50: 1300 },
};
try {
  const browser = await launch(SPEECH_WAV);
  try {
    for (const next of ["acknowledgement", "repeat"] as const) {
      shape = next;
      replies = 0;
      const from = fake.requests.length;
      const shareLink = await interviewFor(voice.url, voiceDb.url, `voice-latency-${next}@example.com`);
      const latencies = await measure(browser, `${voice.url}/interview/${shareLink}`, fake);
      const label = `voice, ${next === "acknowledgement" ? "opening with an acknowledgement" : "opening by repeating the participant's words"}`;
      const target = TARGETS[next];
      console.log(
        `${line(label, latencies)}; target p50 ≤ ${target.p50} ms${target.p95 ? `, p95 ≤ ${target.p95} ms` : ""}`,
      );
      const turns = fake.requests.slice(from);
      const calls = callsBeforeFirstWord(turns).slice(0, latencies.length);
      if (process.env.BENCH_VERBOSE) {
        const gaps = transcriptionToQuestion(turns).slice(0, latencies.length).map(Math.round);
        console.log(`transcription → question request at the fake (ms per turn): ${gaps.join(" ")}`);
        const speech = questionToSpeech(turns)
          .slice(1, latencies.length + 1)
          .map(Math.round);
        console.log(`question request → first speech request at the fake (ms per turn): ${speech.join(" ")}`);
      }
      console.log(
        `voice: model calls before the first word ${Math.max(...calls)} (per turn: ${calls.join(" ")})`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await voice.stop();
  await voiceDb.drop();
  await fake.stop();
}

const keylessDb = await benchDatabase("voicekeyless");
const keyless = await startServer({ DATABASE_URL: keylessDb.url });
try {
  const shareLink = await interviewFor(keyless.url, keylessDb.url, "voice-keyless@example.com");
  const browser = await launch(SILENCE_WAV);
  try {
    const label = "voice (no key: browser recognizer stand-in, offline interviewer, browser speech)";
    const voices = await browserVoices(browser, keyless.url);
    if (voices === 0) {
      // The page then shows each question to read (issue 24): there is no first audio to time.
      console.log(`${label}: not measured, this Chromium has no speech voices (speech-dispatcher)`);
    } else {
      const values = await measure(
        browser,
        `${keyless.url}/interview/${shareLink}`,
        undefined,
        STAND_IN_RECOGNIZER,
      );
      console.log(line(label, values));
    }
  } finally {
    await browser.close();
  }
} finally {
  await keyless.stop();
  await keylessDb.drop();
}
