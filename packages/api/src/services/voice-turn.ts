import { isServiceUnavailableText, isValidTranscription } from "@parley/ai/speech";
import { stepOf } from "@parley/ai/voice/endOfTurn";
import type { Context } from "../context";
import { toHttpError } from "../errors";
import type { InterviewAccess } from "../participant";
import {
  allowInterviewAi,
  billInterview,
  interviewTurn,
  participantCall,
  prepareTurn,
  type TurnPreparation,
  ZInterviewTurnInput,
} from "./interview-turn";

/**
 * What a voice turn's one request answers (POST /api/ai/voice-turn, issue 34), in order: the
 * transcript, and whether it was taken as the participant's answer; then, when it was, the reply's
 * text as the model writes it and `{ final, turnId }` as the interview turn's stream ends it, or
 * `{ error }` where the turn was refused or failed (the words are kept as in POST /api/ai/response).
 */
export type VoiceTurnEvent =
  | { text: string; turn: boolean }
  | string
  | { final: boolean; turnId: number | null }
  | { error: { status: number; message: string } };

export interface VoiceTurnInput {
  audio: Buffer;
  mimeType: string;
  /** The web's id for the answer (as `answer.id` of an interview turn). */
  answerId: string;
  /** Words of the answer the page holds, waiting for more, and how many utterances they were said in. */
  held: string;
  heldPieces: number;
  notesContext?: string | null | undefined;
  imageContext?: string | null | undefined;
}

/**
 * A recording transcribed and answered in one request. What the interview turn does before its
 * model call (the turn's lease, the interviewer's state, the call's reservation against the
 * owner's plan and the privacy vault's read) needs no words, so it starts beside the transcription
 * instead of after it and a second request (issue 34: the first words sooner). The transcript is
 * read by the rules the page reads it by (`isValidTranscription`, `stepOf`): an answer the page
 * would send is answered here; nothing heard, or words that wait for more (an unfinished thought,
 * a request for time), end the request after the transcript, and what was prepared is given back.
 * The transcription is refused or fails before anything is sent (its status, as POST
 * /api/ai/transcribe answers it); the turn itself is rate-limited, reserved and kept as a turn sent
 * on its own is.
 */
export async function* voiceTurn(
  ctx: Context & { interview: InterviewAccess },
  input: VoiceTurnInput,
  signal?: AbortSignal,
): AsyncGenerator<VoiceTurnEvent> {
  // The transcription's own checks first: a refused transcription prepares nothing.
  await allowInterviewAi(ctx, ctx.interview, "transcription");
  // The turn's preparation starts once the transcription's call is reserved and on its way (a turn
  // after it): its database work then neither delays the recording's way to the speech service nor
  // races it for the payer's last call (the transcription, asked first, gets it). The owner's
  // preview stores nothing and holds no lease: its turn is made as a turn sent alone.
  let prepared: TurnPreparation | undefined;
  let heardBack = false;
  const prepare = () => {
    if (!heardBack && ctx.interview.as === "participant") prepared = prepareTurn(ctx);
  };
  try {
    const text = await participantCall(ctx.interview, () =>
      ctx.ai.transcribe({
        audio: input.audio,
        mimeType: input.mimeType,
        billTo: billInterview(ctx.interview),
        onReserved: () => setImmediate(prepare),
      }),
    );
    // Not prepared by now (a transcription quicker than a turn of the event loop): the turn is made
    // as a turn sent alone.
    heardBack = true;
    const heard = !isServiceUnavailableText(text) && isValidTranscription(text);
    const step = heard ? stepOf({ text: input.held, pieces: input.heldPieces }, text.trim()) : undefined;
    if (step?.kind !== "send") {
      yield { text, turn: false };
      return;
    }
    // The answer as a turn sent alone takes it (the held words and the transcript together can be
    // longer than either).
    const asked = ZInterviewTurnInput.safeParse({
      answer: { id: input.answerId, content: step.text },
      notesContext: input.notesContext ?? null,
      imageContext: input.imageContext ?? null,
    });
    if (!asked.success) {
      yield { text, turn: true };
      yield { error: { status: 400, message: asked.error.issues[0]?.message ?? "Answer is not valid" } };
      return;
    }
    const turn = interviewTurn(ctx, asked.data, signal, prepared);
    // Answered below, once the transcript is on its way.
    turn.catch(() => undefined);
    yield { text, turn: true };
    try {
      const reply = await turn;
      for await (const chunk of reply.stream) yield chunk;
      yield { final: reply.final, turnId: reply.turn.id };
    } catch (error) {
      const answer = toHttpError(error);
      if (answer.status >= 500) {
        ctx.logger.error({ err: error, interviewId: ctx.interview.id }, "a voice turn's reply failed");
      }
      yield { error: { status: answer.status, message: answer.body.message } };
    }
  } finally {
    // Nothing once the turn took it over (it gives back what it does not use); else given back here,
    // and nothing is prepared after this.
    heardBack = true;
    await prepared?.release();
  }
}
