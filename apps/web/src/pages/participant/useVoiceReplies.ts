import type { VoicePlan } from "../../features/voice/capabilities";
import { type ReplySpeaker, useVoiceLoop } from "../../features/voice/useVoiceLoop";
import {
  CANNOT_LISTEN_REASONS,
  CANNOT_LISTEN_TITLE,
  SPEECH_PROCESSING_TOAST,
} from "../../features/voice/voiceToasts";
import { toast } from "../../lib/toast";
import { VOICE } from "../../lib/voice/timing";
import type { ExchangeResult, useInterviewSession } from "./useInterviewSession";

type Session = ReturnType<typeof useInterviewSession>;

/**
 * The voice loop wired to the interview session: what the participant says is sent as their answer,
 * `replyAloud` speaks a reply as it streams and marks what a barge-in left unsaid, and
 * `switchToVoice` is the mode switch's way into voice.
 */
export function useVoiceReplies(session: Session, interviewId: number, plan: VoicePlan) {
  const replyAloud = async (
    speaker: ReplySpeaker | null,
    ask: (onChunk?: (c: string) => void) => Promise<ExchangeResult>,
  ) => {
    const result = await ask(speaker ? (chunk) => speaker.push(chunk) : undefined);
    if (result.kind !== "replied") {
      speaker?.stop();
      return result;
    }
    const cut = await speaker?.end(result.reply);
    if (cut) await session.markReplyNotSaid(result.index, cut.said, cut.notSaid);
    return result;
  };

  const voice = useVoiceLoop({
    interviewId,
    plan,
    turnContext: session.turnContext,
    onHeard: async (text, started) => {
      const result = await replyAloud(voice.speakReply(), (onChunk) =>
        session.exchange(text, onChunk, started),
      );
      if (result.kind === "failed") {
        toast(SPEECH_PROCESSING_TOAST);
        voice.listenAfter(VOICE.errorRetryMs);
      } else if (result.kind === "refused") {
        // Too fast: listen again later. Allowance used up: text, where the message stays in view.
        if (result.status === 429) voice.listenAfter(VOICE.errorRetryMs);
        else voice.stop();
      }
    },
  });
  /**
   * The mode switch, tapped: voice where something can listen here (else why not), with sound
   * unlocked in the same tap.
   */
  const switchToVoice = async () => {
    if (plan.cannotListen) {
      toast({ title: CANNOT_LISTEN_TITLE, description: CANNOT_LISTEN_REASONS[plan.cannotListen] });
      return;
    }
    voice.unlock();
    if (await voice.start()) voice.listenAfter(VOICE.resumeDelayMs);
  };

  return { voice, replyAloud, switchToVoice };
}
