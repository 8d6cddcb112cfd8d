/** Speech capture constants (spec 1 §9, spec 2 §4–§5). */
export const VOICE = {
  threshold: 8,
  silenceMs: 2000,
  minSpeechMs: 1000,
  maxUtteranceMs: 24000,
  checkEveryMs: 100,
  chunkMs: 250,
  /** Recordings under this many characters of (base64) data hold no speech (spec 2 §5). */
  minAudioChars: 100,
  welcomeListenDelayMs: 200,
  replyListenDelayMs: 300,
  resumeDelayMs: 500,
  noSpeechRetryMs: 1000,
  errorRetryMs: 1500,
} as const;

/**
 * Recording types in order of preference: Safari before 18.4 records only mp4 (AAC), and
 * `new MediaRecorder(stream, { mimeType: "audio/webm" })` throws there.
 */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"];
const recordingType = () => RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));

export interface Utterance {
  blob: Blob;
  speechMs: number;
}

/**
 * Listens on the microphone: the level is checked every 100 ms, recording starts when it passes the
 * threshold, and 2 s of silence (or 24 s in all) ends the utterance. Every recording is handed on with
 * how long it held sound: the page decides what counts as speech, in the spec's order (rules.ts).
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
  onUtterance: (utterance: Utterance) => void = () => {};
  onLevel: (level: number) => void = () => {};

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

  start() {
    if (this.#timer) return;
    void this.#context.resume();
    this.#timer = setInterval(() => this.#tick(), VOICE.checkEveryMs);
  }

  /** Stops listening; a recording in progress is dropped. */
  stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#recorder && this.#recorder.state !== "inactive") {
      this.#recorder.onstop = null;
      this.#recorder.stop();
    }
    this.#recorder = undefined;
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
    const loud = level > VOICE.threshold;
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
    const mimeType = recordingType();
    this.#chunks = [];
    this.#speechStart = now;
    this.#lastSound = now;
    const recorder = new MediaRecorder(this.#stream, mimeType ? { mimeType } : {});
    recorder.ondataavailable = (event) => {
      if (event.data.size) this.#chunks.push(event.data);
    };
    this.#recorder = recorder;
    recorder.start(VOICE.chunkMs);
  }

  #finish() {
    const recorder = this.#recorder;
    if (!recorder) return;
    const speechMs = this.#lastSound - this.#speechStart;
    this.#recorder = undefined;
    recorder.onstop = () => {
      const type = (recorder.mimeType || "audio/webm").split(";")[0] as string;
      this.onUtterance({ blob: new Blob(this.#chunks, { type }), speechMs });
    };
    recorder.stop();
  }
}
