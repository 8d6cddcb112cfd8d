import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import type { NoteImage } from "../../components/participant/NotesPad";
import {
  AlreadyCompleted,
  LoadingInterview,
  NotFound,
  ParticipantShell,
  Welcome,
} from "../../components/participant/states";
import { useVoicePlan } from "../../features/voice/useVoicePlan";
import { nowIso } from "../../lib/dates";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import {
  type ConversationMessage,
  conversationToTranscript,
  imageMessages,
  notesSection,
} from "../../lib/transcript";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { canSend } from "./sendRules";
import { useInterviewSession } from "./useInterviewSession";
import { useLeaveWarning } from "./useLeaveWarning";
import { useMinutesLeft } from "./useMinutesLeft";
import { useVoiceReplies } from "./useVoiceReplies";

/** The started interview's screens: their own chunk, fetched on Start (see room.ts). */
const loadRoom = () => import("./room");
const MessageComposer = lazy(() => loadRoom().then((m) => ({ default: m.MessageComposer })));
const MessageScroll = lazy(() => loadRoom().then((m) => ({ default: m.MessageScroll })));
const Bubble = lazy(() => loadRoom().then((m) => ({ default: m.Bubble })));
const VoiceBar = lazy(() => loadRoom().then((m) => ({ default: m.VoiceBar })));
const FinalNotice = lazy(() => loadRoom().then((m) => ({ default: m.FinalNotice })));
const InterviewRoom = lazy(() => loadRoom().then((m) => ({ default: m.InterviewRoom })));
const EndConfirm = lazy(() => loadRoom().then((m) => ({ default: m.EndConfirm })));
const InterviewToolbar = lazy(() => loadRoom().then((m) => ({ default: m.InterviewToolbar })));
const NotesPad = lazy(() => loadRoom().then((m) => ({ default: m.NotesPad })));
const RefusalNotice = lazy(() => loadRoom().then((m) => ({ default: m.RefusalNotice })));
const ThankYou = lazy(() => loadRoom().then((m) => ({ default: m.ThankYou })));

type Phase = "welcome" | "active" | "done";
type Mode = "text" | "voice";

const START_FAILED_TOAST = {
  title: "Error",
  description: "Could not start the interview. Please try again.",
  variant: "destructive",
} as const;
const SEND_FAILED_TOAST = {
  title: "Error",
  description: "Could not send message. Please try again.",
  variant: "destructive",
} as const;

export default function ParticipantInterviewPage() {
  const { shareLink = "" } = useParams();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const share = useQuery({
    ...trpc.participant.open.queryOptions({ shareLink }),
    retry: false,
    refetchOnMount: false,
  });
  const plan = useVoicePlan(share.data?.voice);

  const [phase, setPhase] = useState<Phase>("welcome");
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState(false);
  const [notes, setNotes] = useState("");
  const [images, setImages] = useState<NoteImage[]>([]);
  const [finalReview, setFinalReview] = useState<{ messages: ConversationMessage[]; notes: string } | null>(
    null,
  );
  const [confirming, setConfirming] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const phone = useMediaQuery("(max-width: 61.99em)") ?? false;
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const initialised = useRef(false);

  const interview = share.data?.interview;
  const interviewId = interview?.id ?? 0;
  const minutesLeft = useMinutesLeft(startedAt, interview?.timeLimitMinutes ?? 0);

  const turnContext = useCallback(
    () => ({
      notes,
      imageContext: images
        .map((i) => i.description)
        .filter(Boolean)
        .join("\n"),
    }),
    [notes, images],
  );
  const session = useInterviewSession(share.data, turnContext);

  const { voice, replyAloud, switchToVoice } = useVoiceReplies(session, interviewId, plan);
  const mode: Mode = voice.status === "off" ? "text" : "voice";

  // Resume where the participant was: a reload keeps the conversation, notes and images.
  useEffect(() => {
    if (!share.data || initialised.current) return;
    initialised.current = true;
    setNotes(share.data.interview.notes ?? "");
    setImages(share.data.images);
    if (share.data.interview.startedAt) setStartedAt(Date.parse(share.data.interview.startedAt));
    if (session.resume(share.data) && share.data.interview.status !== "completed") {
      void loadRoom();
      setPhase("active");
    }
  }, [share.data, session.resume]);

  const loading = busy || session.streaming !== null;
  const answered = session.messages.filter((m) => m.role === "user").length;
  useLeaveWarning(phase === "active" && interview?.status !== "completed");

  // Enter and the Send button share one rule: nothing to send, or a reply still on its way.
  const sendText = async () => {
    if (!canSend(draft, loading)) return;
    const text = draft.trim();
    setBusy(true);
    setDraft("");
    const result = await session.exchange(text);
    if (result.kind === "failed") {
      setDraft(text); // keep what they wrote
      toast(SEND_FAILED_TOAST);
    }
    setBusy(false);
  };

  /** After a refusal: the interviewer is asked again for the conversation as it stands. */
  const askAgain = async () => {
    setRetrying(true);
    const speaker = mode === "voice" ? voice.speakReply() : null;
    const result = await replyAloud(speaker, session.reply);
    if (result.kind === "failed") toast(SEND_FAILED_TOAST);
    setRetrying(false);
  };

  const begin = async (chosen: Mode) => {
    void loadRoom(); // alongside the start calls, so the room is there when they answer
    setStarting(true);
    try {
      await client.participant.setStatus.mutate({ interviewId, status: "in_progress" });
      await client.participant.start.mutate({ interviewId });
      setStartedAt((s) => s ?? Date.now());
    } catch {
      setStarting(false);
      toast(START_FAILED_TOAST);
      return;
    }
    setPhase("active");
    setStarting(false);
    const voiceReady = chosen === "voice" ? await voice.start() : false;
    const result = await replyAloud(voiceReady ? voice.speakReply(true) : null, session.reply);
    if (result.kind === "failed") toast(START_FAILED_TOAST);
  };

  /** Out of voice; words heard of an answer not yet sent go into the answer box. */
  const toText = () => {
    if (voice.held) setDraft((d) => d || voice.held);
    voice.stop();
  };

  const changeMode = async (next: Mode) => {
    if (next === mode) return;
    if (next === "text") return toText();
    await switchToVoice();
  };

  const transcriptText = () =>
    conversationToTranscript(session.current().messages) + notesSection(notes, images);

  const end = async () => {
    setEnding(true);
    voice.stop();
    try {
      // One server workflow: the note images (all the end adds to the server's record), notes, status
      // and transcript land together or not at all.
      const text = transcriptText();
      const messages = await session.finalMessages(imageMessages(images, nowIso()));
      await client.participant.complete.mutate({ interviewId, messages, notes, transcript: text });
      setFinalReview({ messages: session.current().messages, notes: notesSection(notes, images) });
      setConfirming(false);
      setPhase("done");
      toast({ title: "Interview Completed", description: "Thank you! Review your answers below." });
    } catch {
      toast({
        title: "Error",
        description: "Failed to complete the interview. Please try again.",
        variant: "destructive",
      });
    } finally {
      setEnding(false);
    }
  };

  // ----- screens -----
  if (share.isLoading)
    return (
      <ParticipantShell>
        <LoadingInterview />
      </ParticipantShell>
    );
  if (share.isError || !share.data || !interview)
    return (
      <ParticipantShell>
        <NotFound />
      </ParticipantShell>
    );
  if (phase === "done")
    return (
      <ParticipantShell>
        <Suspense fallback={<LoadingInterview />}>
          <ThankYou
            interviewId={interviewId}
            messages={finalReview?.messages ?? []}
            notesText={finalReview?.notes ?? ""}
          />
        </Suspense>
      </ParticipantShell>
    );
  if (interview.status === "completed")
    return (
      <ParticipantShell>
        <AlreadyCompleted />
      </ParticipantShell>
    );
  if (phase === "welcome") {
    return (
      <ParticipantShell>
        <Welcome
          projectTitle={share.data.project.title}
          ownerName={share.data.project.ownerName}
          objective={share.data.project.objective}
          retentionDays={share.data.project.retentionDays}
          minutes={interview.timeLimitMinutes}
          starting={starting}
          voice={plan}
          onVoice={() => {
            voice.unlock(); // in the tap itself, before begin() awaits anything
            void begin("voice");
          }}
          onText={() => void begin("text")}
        />
      </ParticipantShell>
    );
  }

  const copyTranscript = async () => {
    if (await copyText(transcriptText()))
      toast({ title: "Transcript copied", description: "The conversation is on your clipboard." });
  };

  return (
    <ParticipantShell fullHeight={phone}>
      <Suspense fallback={<LoadingInterview />}>
        <InterviewRoom
          phone={phone}
          toolbar={
            <InterviewToolbar
              title={share.data.project.title}
              answered={answered}
              minutesLeft={minutesLeft}
              mode={mode}
              onMode={(v) => void changeMode(v)}
              onCopy={() => void copyTranscript()}
              onEnd={() => setConfirming(true)}
              onNotes={() => setNotesOpen(true)}
              ending={ending}
              compact={phone}
              final={session.final}
            />
          }
          messages={
            <MessageScroll
              grows={`${session.messages.length}:${session.streaming?.length ?? 0}`}
              p={phone ? "sm" : "md"}
            >
              {session.messages.map((m, index) => (
                <Bubble key={`${index}-${m.timestamp}`} speaker={m.role} text={m.content} />
              ))}
              {session.streaming !== null && <Bubble speaker="ai" text={session.streaming || "…"} />}
            </MessageScroll>
          }
          answer={
            <>
              {session.final && <FinalNotice />}
              {session.refusal && (
                <RefusalNotice
                  message={session.refusal}
                  retrying={retrying}
                  onRetry={() => void askAgain()}
                  onClose={session.dismissRefusal}
                />
              )}
              {mode === "voice" ? (
                <VoiceBar
                  status={voice.status}
                  listener={voice.listener}
                  speaker={plan.speaker}
                  output={voice.output}
                  micSilent={voice.micSilent}
                  held={voice.held}
                  onPauseOrResume={voice.pauseOrResume}
                  onSwitchToText={toText}
                  onAllowSound={voice.unlock}
                />
              ) : (
                <MessageComposer
                  value={draft}
                  onChange={setDraft}
                  onSend={() => void sendText()}
                  canSend={canSend(draft, loading)}
                  loading={loading}
                  label="Your answer"
                  placeholder="Type your answer (Enter to send, Shift+Enter for a new line)"
                  sendLabel="Send"
                  maxRows={6}
                />
              )}
            </>
          }
          notes={
            <NotesPad
              interviewId={interviewId}
              notes={notes}
              onNotes={setNotes}
              images={images}
              onImages={setImages}
              disabled={ending}
            />
          }
          notesOpen={notesOpen}
          onCloseNotes={() => setNotesOpen(false)}
        />
        <EndConfirm
          opened={confirming}
          answered={answered}
          ending={ending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void end()}
        />
      </Suspense>
    </ParticipantShell>
  );
}
