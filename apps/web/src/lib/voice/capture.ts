import { RECORDING_TYPES } from "@parley/ai/audioFormat";
import { VOICE } from "./timing";

export { VOICE };

/**
 * A microphone that gives no sound at all for this long while listening is named to the participant
 * (issue 24): a muted or dead input otherwise leaves "Listening…" forever.
 */
export const SILENT_MICROPHONE_MS = 10_000;
/**
 * "No sound": the level (average of the byte frequency data, 0–255) under 1. Digital silence (a muted
 * or dead input) is exactly 0; speech measures 50–77 (TESTING-NOTES.md).
 */
const NO_SOUND_LEVEL = 1;

/** The first container this browser can record in (RECORDING_TYPES, best first), or null if none. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

const browserRecordingType = () =>
  typeof MediaRecorder === "undefined"
    ? null
    : pickRecordingType((type) => MediaRecorder.isTypeSupported(type));

/**
 * Watches the level for a microphone that gives no sound: says "silent" once when it has given none
 * for 10 s, and "sound" once when sound comes back after that.
 */
export class SilenceWatch {
  #quietSince: number | null = null;
  #silent = false;

  reset() {
    this.#quietSince = null;
    this.#silent = false;
  }

  update(level: number, now: number): "silent" | "sound" | null {
    if (level >= NO_SOUND_LEVEL) {
      this.#quietSince = null;
      if (!this.#silent) return null;
      this.#silent = false;
      return "sound";
    }
    this.#quietSince ??= now;
    if (this.#silent || now - this.#quietSince < SILENT_MICROPHONE_MS) return null;
    this.#silent = true;
    return "silent";
  }
}

/**
 * How long a recording held sound, from the first and last loud level reads. The level is read every
 * 100 ms, so the span is a whole number of reads: it is rounded to one, and a timer that fires a
 * millisecond or two early (reads 1000 ms apart measuring 998 ms) does not turn a 1 s utterance into
 * "no speech" (rules.ts: 1000 ms at least).
 */
export function speechSpanMs(firstLoud: number, lastLoud: number): number {
  return Math.round((lastLoud - firstLoud) / VOICE.checkEveryMs) * VOICE.checkEveryMs;
}

export interface Utterance {
  blob: Blob;
  speechMs: number;
}

/**
 * Listens on the microphone: the level is checked every 100 ms, recording starts when it passes the
 * threshold, and 2 s of silence (or 24 s in all) ends the utterance. Every recording is handed on with
 * how long it held sound: the page decides what counts as speech, in the spec's order (rules.ts).
 * It records in the browser's own format (WebM/Opus, else MP4/AAC as in Safari before 18.4, else
 * Ogg) and labels the recording with the type the recorder really wrote.
 */
export class VoiceCapture {
  #stream: MediaStream;
  #context: AudioContext;
  #ownsContext: boolean;
  #source: MediaStreamAudioSourceNode;
  #analyser: AnalyserNode;
  #timer: ReturnType<typeof setInterval> | undefined;
  #recorder: MediaRecorder | undefined;
  #chunks: Blob[] = [];
  #speechStart = 0;
  #lastSound = 0;
  #type = browserRecordingType();
  #record = true;
  #loud = false;
  #lastLoud = 0;
  #silence = new SilenceWatch();
  onUtterance: (utterance: Utterance) => void = () => {};
  onLevel: (level: number) => void = () => {};
  /** The participant started speaking (a recording started, or sound while only watching). */
  onSpeechStart: () => void = () => {};
  /** No sound at all for 10 s of listening (true), or sound again after that (false). */
  onSilence: (silent: boolean) => void = () => {};
  /** The recorder could not start or broke: the page says so and falls back to text (spec 2 §8). */
  onFailure: (error: unknown) => void = () => {};

  private constructor(stream: MediaStream, context?: AudioContext) {
    this.#stream = stream;
    // The page's context, unlocked in the participant's tap: iOS keeps one made later suspended.
    this.#context = context ?? new AudioContext();
    this.#ownsContext = !context;
    this.#source = this.#context.createMediaStreamSource(stream);
    this.#analyser = this.#context.createAnalyser();
    this.#analyser.fftSize = 256;
    this.#analyser.smoothingTimeConstant = 0;
    this.#source.connect(this.#analyser);
  }

  static async open(context?: AudioContext): Promise<VoiceCapture> {
    if (!navigator.mediaDevices?.getUserMedia) throw new Error("Media devices are not supported");
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    return new VoiceCapture(stream, context);
  }

  level(): number {
    const data = new Uint8Array(this.#analyser.frequencyBinCount);
    this.#analyser.getByteFrequencyData(data);
    let sum = 0;
    for (const value of data) sum += value;
    return sum / data.length;
  }

  get listening() {
    return this.#timer !== undefined;
  }

  /** A recording is under way: the participant is speaking. */
  get recording() {
    return this.#recorder !== undefined;
  }

  /** The participant is speaking: a recording is under way, or there was sound in the last 2 s. */
  get speaking() {
    return this.recording || (this.listening && Date.now() - this.#lastLoud < VOICE.silenceMs);
  }

  /** This browser can record speech for the server to transcribe. */
  get canRecord() {
    return this.#type !== null;
  }

  /**
   * Listens: records utterances, or with `record: false` only watches the level (for speech onset and
   * a silent microphone) while the browser's own recognizer does the hearing.
   */
  start({ record = true }: { record?: boolean } = {}) {
    this.#record = record;
    if (this.#timer) return;
    this.#loud = false;
    this.#silence.reset();
    void this.#context.resume();
    this.#timer = setInterval(() => this.#tick(), VOICE.checkEveryMs);
  }

  /** Stops listening; a recording in progress is dropped. */
  stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const recorder = this.#recorder;
    this.#recorder = undefined;
    if (!recorder || recorder.state === "inactive") return;
    recorder.onstop = null;
    recorder.onerror = null;
    try {
      recorder.stop();
    } catch {
      // a recorder that failed may refuse to stop; it is dropped either way
    }
  }

  close() {
    this.stop();
    for (const track of this.#stream.getTracks()) track.stop();
    this.#source.disconnect();
    if (this.#ownsContext) void this.#context.close();
  }

  #tick() {
    const level = this.level();
    this.onLevel(level);
    const now = Date.now();
    const silence = this.#silence.update(level, now);
    if (silence) this.onSilence(silence === "silent");
    const loud = level > VOICE.threshold;
    if (loud) this.#lastLoud = now;
    if (!this.#record) {
      if (loud && !this.#loud) this.onSpeechStart();
      this.#loud = loud;
      return;
    }
    if (!this.#recorder) {
      if (loud) this.#startRecording(now);
      return;
    }
    if (loud) this.#lastSound = now;
    if (now - this.#lastSound >= VOICE.silenceMs || now - this.#speechStart >= VOICE.maxUtteranceMs) {
      this.#finish();
    }
  }

  #startRecording(now: number) {
    this.#chunks = [];
    this.#speechStart = now;
    this.#lastSound = now;
    try {
      if (!this.#type) throw new DOMException("This browser cannot record audio", "NotSupportedError");
      const recorder = new MediaRecorder(this.#stream, { mimeType: this.#type });
      recorder.ondataavailable = (event) => {
        if (event.data.size) this.#chunks.push(event.data);
      };
      recorder.onerror = (event) => this.#fail((event as Event & { error?: unknown }).error ?? event);
      this.#recorder = recorder;
      recorder.start(VOICE.chunkMs);
    } catch (error) {
      return this.#fail(error);
    }
    this.onSpeechStart();
  }

  #fail(error: unknown) {
    this.stop();
    this.onFailure(error);
  }

  #finish() {
    const recorder = this.#recorder;
    if (!recorder) return;
    const speechMs = speechSpanMs(this.#speechStart, this.#lastSound);
    this.#recorder = undefined;
    const type = recorder.mimeType || this.#type || "audio/webm";
    recorder.onstop = () => {
      this.onUtterance({ blob: new Blob(this.#chunks, { type }), speechMs });
    };
    recorder.stop();
  }
}
