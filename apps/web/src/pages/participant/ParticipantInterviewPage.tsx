import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { type NoteImage, NotesPad } from "../../components/participant/NotesPad";
import {
  AlreadyCompleted,
  LoadingInterview,
  NotFound,
  ParticipantShell,
  Welcome,
} from "../../components/participant/states";
import { ThankYou } from "../../components/participant/ThankYou";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import {
  type ConversationMessage,
  conversationToTranscript,
  isImageMessage,
  notesSection,
} from "../../lib/transcript";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { VOICE, VoiceCapture } from "../../lib/voice/capture";
import { judgeRecording, messagePreview, microphoneFailure, readTranscription } from "../../lib/voice/rules";
import { speak, stopSpeaking } from "../../lib/voice/speech";
import { canSend } from "./sendRules";

type Phase = "welcome" | "active" | "done";
type Mode = "text" | "voice";
type VoiceState = "initializing" | "welcome" | "listening" | "processing" | "speaking" | "paused";

const VOICE_LABELS: Record<VoiceState, string> = {
  initializing: "Starting the microphone…",
  welcome: "The interviewer is speaking…",
  listening: "Listening… speak when you're ready",
  processing: "Thinking…",
  speaking: "The interviewer is speaking…",
  paused: "Paused",
};

const now = () => new Date().toISOString();

const SPEECH_UNAVAILABLE_TOAST = {
  title: "Speech Recognition Unavailable",
  description:
    "The speech recognition service requires an API key. Would you like to continue with text input instead?",
  variant: "destructive",
  duration: 6000,
} as const;
const AUDIO_PROCESSING_TOAST = {
  title: "Audio Processing Error",
  description: "There was an issue processing your audio. Please try speaking again.",
  variant: "destructive",
} as const;
const SPEECH_PROCESSING_TOAST = {
  title: "Speech Processing Issue",
  description: "I had trouble understanding that. Could you try again?",
  variant: "destructive",
} as const;
const MICROPHONE_TOASTS = {
  denied: {
    title: "Microphone Access Error",
    description: "Please check your microphone permissions and try again.",
    variant: "destructive",
  },
  failed: {
    title: "Voice Recognition Failed",
    description: "Could not access microphone. Please check permissions and try again.",
    variant: "destructive",
  },
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

  const [phase, setPhase] = useState<Phase>("welcome");
  const [mode, setMode] = useState<Mode>("text");
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState(false);
  const [notes, setNotes] = useState("");
  const [images, setImages] = useState<NoteImage[]>([]);
  const [finalTranscript, setFinalTranscript] = useState("");
  const [voiceState, setVoiceState] = useState<VoiceState>("initializing");
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [clock, setClock] = useState(Date.now());
  const conversationId = useRef<number | null>(null);
  const messagesRef = useRef<ConversationMessage[]>([]);
  const capture = useRef<VoiceCapture | null>(null);
  const voiceStateRef = useRef<VoiceState>("initializing");
  const modeRef = useRef<Mode>("text");
  const viewport = useRef<HTMLDivElement>(null);
  const initialised = useRef(false);
  /** A voice turn (transcription, reply, speech) is under way: no second one starts meanwhile. */
  const turnInFlight = useRef(false);
  /** A text send is under way (guards a second Enter before React re-renders). */
  const sending = useRef(false);
  /** Older image messages of the saved conversation that no note image stands for: kept on every save. */
  const keptImageMessages = useRef<ConversationMessage[]>([]);

  const interview = share.data?.interview;
  const interviewId = interview?.id ?? 0;

  const setVoice = useCallback((state: VoiceState) => {
    voiceStateRef.current = state;
    setVoiceState(state);
  }, []);
  const updateMessages = useCallback((next: ConversationMessage[]) => {
    messagesRef.current = next;
    setMessages(next);
  }, []);

  // Resume where the participant was: a reload keeps the conversation, notes and images.
  useEffect(() => {
    if (!share.data || initialised.current) return;
    initialised.current = true;
    const saved = (share.data.conversation?.messages ?? []) as ConversationMessage[];
    conversationId.current = share.data.conversation?.id ?? null;
    setNotes(share.data.interview.notes ?? "");
    setImages(share.data.images);
    if (share.data.interview.startedAt) setStartedAt(Date.parse(share.data.interview.startedAt));
    const chat = saved.filter((m) => !isImageMessage(m));
    const noteImageIds = new Set(share.data.images.map((image) => image.id));
    keptImageMessages.current = saved.filter(
      (m) => isImageMessage(m) && (m.imageId === undefined || !noteImageIds.has(m.imageId)),
    );
    if (chat.length && share.data.interview.status !== "completed") {
      updateMessages(chat);
      setPhase("active");
    }
  }, [share.data, updateMessages]);

  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const streamLength = streaming?.length ?? 0;
  useEffect(() => {
    if (messages.length || streamLength) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages.length, streamLength]);

  useEffect(() => () => capture.current?.close(), []);

  const persist = useCallback(
    async (list: ConversationMessage[]) => {
      const payload = [...list, ...keptImageMessages.current].map((m) => ({
        ...m,
        timestamp: m.timestamp ?? now(),
      }));
      if (conversationId.current) {
        await client.participant.updateConversation.mutate({
          conversationId: conversationId.current,
          messages: payload,
        });
      } else {
        const saved = await client.participant.saveConversation.mutate({ interviewId, messages: payload });
        conversationId.current = saved.id;
      }
    },
    [client, interviewId],
  );

  /** Asks the interviewer for its next message, shown as it streams in, then saved. */
  const agentTurn = useCallback(
    async (history: ConversationMessage[]): Promise<string> => {
      setStreaming("");
      let reply = "";
      const stream = await client.ai.interviewResponseStream.mutate(
        {
          interviewId,
          messages: history.map(({ role, content, timestamp }) => ({ role, content, timestamp })),
          templateType: interview?.stakeholderType,
          projectInfo: {
            objective: share.data?.project.objective,
            targetAudience: share.data?.project.targetAudience,
          },
          notesContext: notes,
          imageContext: images
            .map((i) => i.description)
            .filter(Boolean)
            .join("\n"),
        },
        { context: { stream: true } },
      );
      for await (const chunk of stream) {
        reply += chunk;
        setStreaming(reply);
      }
      const next = [...history, { role: "ai" as const, content: reply.trim(), timestamp: now() }];
      updateMessages(next);
      setStreaming(null);
      await persist(next);
      return reply.trim();
    },
    [client, interviewId, interview?.stakeholderType, share.data, notes, images, persist, updateMessages],
  );

  /**
   * One exchange: the participant's words, saved, then the interviewer's reply. On failure the
   * words are taken back off the screen and null is returned; the caller says what went wrong.
   */
  const exchange = useCallback(
    async (text: string): Promise<string | null> => {
      const history = [...messagesRef.current, { role: "user" as const, content: text, timestamp: now() }];
      updateMessages(history);
      try {
        await persist(history);
        return await agentTurn(history);
      } catch {
        setStreaming(null);
        updateMessages(history.slice(0, -1));
        return null;
      }
    },
    [agentTurn, persist, updateMessages],
  );

  const loading = busy || streaming !== null;

  // Enter and the Send button share one rule: nothing to send, or a reply still on its way.
  const sendText = async () => {
    if (sending.current || !canSend(draft, loading)) return;
    const text = draft.trim();
    sending.current = true;
    setBusy(true);
    setDraft("");
    const reply = await exchange(text);
    if (reply === null) {
      setDraft(text); // keep what they wrote
      toast({
        title: "Error",
        description: "Could not send message. Please try again.",
        variant: "destructive",
      });
    }
    setBusy(false);
    sending.current = false;
  };

  // ----- voice -----
  const listenAfter = useCallback(
    (ms: number) => {
      setTimeout(() => {
        if (modeRef.current !== "voice" || voiceStateRef.current === "paused" || turnInFlight.current) return;
        setVoice("listening");
        capture.current?.start();
      }, ms);
    },
    [setVoice],
  );

  /** Says the text, then listens again, unless the participant paused or left voice meanwhile. */
  const say = useCallback(
    async (text: string, after: number, state: VoiceState = "speaking") => {
      setVoice(state);
      capture.current?.stop();
      await speak(text, interviewId);
      if (modeRef.current === "voice" && voiceStateRef.current !== "paused") listenAfter(after);
    },
    [interviewId, listenAfter, setVoice],
  );

  const switchToText = useCallback(() => {
    modeRef.current = "text";
    setMode("text");
    capture.current?.close();
    capture.current = null;
    stopSpeaking();
  }, []);

  /** Paused or out of voice mode: the turn's result stays on screen, nothing is said or heard. */
  const voiceHeldBack = useCallback(
    () => modeRef.current !== "voice" || voiceStateRef.current === "paused",
    [],
  );

  /** One voice turn, checked in the spec's order (spec 2 §5, §8). */
  const voiceTurn = useCallback(
    async (blob: Blob, speechMs: number) => {
      if (judgeRecording({ bytes: blob.size, speechMs }) === "no-speech") {
        toast({
          title: "No speech detected",
          description: "I didn't hear anything. Please try speaking again.",
          duration: 3000, // short: listening is already back after about 1 s
        });
        return listenAfter(VOICE.noSpeechRetryMs);
      }
      const form = new FormData();
      form.append("interviewId", String(interviewId));
      form.append("audio", blob, "speech.webm");
      let heard: ReturnType<typeof readTranscription>;
      try {
        const res = await fetch("/api/ai/transcribe", { method: "POST", body: form, credentials: "include" });
        heard = readTranscription(res.status, await res.json().catch(() => null));
      } catch {
        heard = { kind: "retry" };
      }
      if (heard.kind === "unavailable") {
        toast(SPEECH_UNAVAILABLE_TOAST);
        return switchToText();
      }
      if (heard.kind === "retry") {
        toast(AUDIO_PROCESSING_TOAST);
        return listenAfter(VOICE.errorRetryMs);
      }
      if (heard.kind === "invalid") return listenAfter(VOICE.noSpeechRetryMs);

      toast({ title: "Message sent", description: messagePreview(heard.text), duration: 2000 });
      const reply = await exchange(heard.text);
      if (reply === null) {
        toast(SPEECH_PROCESSING_TOAST);
        return listenAfter(VOICE.errorRetryMs);
      }
      if (voiceHeldBack()) return;
      await say(reply, VOICE.replyListenDelayMs);
    },
    [exchange, interviewId, listenAfter, say, switchToText, voiceHeldBack],
  );

  const onUtterance = useCallback(
    async (blob: Blob, speechMs: number) => {
      // Skipped while the agent speaks or a turn is already being processed.
      if (voiceStateRef.current !== "listening" || turnInFlight.current) return;
      capture.current?.stop();
      turnInFlight.current = true;
      setVoice("processing");
      try {
        await voiceTurn(blob, speechMs);
      } catch {
        toast(SPEECH_PROCESSING_TOAST);
        listenAfter(VOICE.errorRetryMs);
      } finally {
        turnInFlight.current = false;
      }
    },
    [listenAfter, setVoice, voiceTurn],
  );

  const startVoice = useCallback(async () => {
    modeRef.current = "voice";
    setMode("voice");
    setVoice("initializing");
    try {
      const voice = await VoiceCapture.open();
      capture.current = voice;
      voice.onUtterance = ({ blob, speechMs }) => void onUtterance(blob, speechMs);
      return true;
    } catch (error) {
      // A refused permission and any other microphone failure read differently; both fall back to text.
      toast(MICROPHONE_TOASTS[microphoneFailure(error)]);
      switchToText();
      return false;
    }
  }, [onUtterance, setVoice, switchToText]);

  const begin = async (chosen: Mode) => {
    setStarting(true);
    try {
      await client.participant.setStatus.mutate({ interviewId, status: "in_progress" });
      await client.participant.start.mutate({ interviewId });
      setStartedAt((s) => s ?? Date.now());
    } catch {
      setStarting(false);
      toast({
        title: "Error",
        description: "Could not start the interview. Please try again.",
        variant: "destructive",
      });
      return;
    }
    setPhase("active");
    setStarting(false);
    const voiceReady = chosen === "voice" ? await startVoice() : false;
    try {
      const welcome = await agentTurn([]);
      if (voiceReady && !voiceHeldBack()) await say(welcome, VOICE.welcomeListenDelayMs, "welcome");
    } catch {
      setStreaming(null);
      toast({
        title: "Error",
        description: "Could not start the interview. Please try again.",
        variant: "destructive",
      });
    }
  };

  const changeMode = async (next: Mode) => {
    if (next === mode) return;
    if (next === "text") return switchToText();
    if (await startVoice()) listenAfter(VOICE.resumeDelayMs);
  };

  const pauseOrResume = () => {
    if (voiceStateRef.current === "paused") {
      // A turn still being processed carries on to its reply; otherwise listening resumes.
      if (turnInFlight.current) return setVoice("processing");
      setVoice("listening");
      listenAfter(VOICE.resumeDelayMs);
    } else {
      capture.current?.stop();
      stopSpeaking();
      setVoice("paused");
    }
  };

  const transcriptText = () => conversationToTranscript(messagesRef.current) + notesSection(notes, images);

  const end = async () => {
    setEnding(true);
    switchToText();
    try {
      const imageMessages: ConversationMessage[] = images.map(
        (img) =>
          ({
            role: "user",
            type: "image",
            content: img.url,
            description: img.description ?? "",
            imageId: img.id,
            timestamp: now(),
          }) as ConversationMessage,
      );
      await persist([...messagesRef.current, ...imageMessages]);
      await client.participant.setNotes.mutate({ interviewId, notes });
      await client.participant.setStatus.mutate({ interviewId, status: "completed" });
      const text = transcriptText();
      await client.participant.saveTranscript.mutate({ interviewId, content: text, corrected: false });
      setFinalTranscript(text);
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

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void sendText();
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
        <ThankYou interviewId={interviewId} transcript={finalTranscript} />
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
          objective={share.data.project.objective}
          minutes={interview.timeLimitMinutes}
          starting={starting}
          onVoice={() => void begin("voice")}
          onText={() => void begin("text")}
        />
      </ParticipantShell>
    );
  }

  const elapsed = startedAt ? Math.max(0, Math.floor((Math.max(clock, Date.now()) - startedAt) / 60_000)) : 0;
  const left = interview.timeLimitMinutes - elapsed;

  return (
    <ParticipantShell>
      <Container size="xl" py="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card
              withBorder
              radius="lg"
              p={0}
              style={{
                display: "flex",
                flexDirection: "column",
                height: "calc(100vh - 120px)",
                minHeight: 480,
              }}
            >
              <Stack gap={6} p="md" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Title order={3} size="h4">
                      {share.data.project.title}
                    </Title>
                    <Text size="xs" c="dimmed" aria-live="polite">
                      {left > 1
                        ? `About ${left} minutes left`
                        : "We're nearly at time: wrap up whenever you're ready"}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <SegmentedControl
                      size="xs"
                      value={mode}
                      onChange={(v) => void changeMode(v as Mode)}
                      data={[
                        { value: "text", label: "Text" },
                        { value: "voice", label: "Voice" },
                      ]}
                      aria-label="Interview mode"
                    />
                    <Button
                      size="xs"
                      variant="default"
                      onClick={async () => {
                        if (await copyText(transcriptText()))
                          toast({
                            title: "Transcript copied",
                            description: "The conversation is on your clipboard.",
                          });
                      }}
                    >
                      Copy Transcript
                    </Button>
                    <Button size="xs" color="red" loading={ending} onClick={() => void end()}>
                      End Interview
                    </Button>
                  </Group>
                </Group>
              </Stack>
              <ScrollArea style={{ flex: 1 }} viewportRef={viewport} p="md">
                <Stack gap="sm">
                  {messages.map((m, index) => (
                    <Bubble key={`${index}-${m.timestamp}`} speaker={m.role} text={m.content} />
                  ))}
                  {streaming !== null && <Bubble speaker="ai" text={streaming || "…"} />}
                </Stack>
              </ScrollArea>
              <Box p="md" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
                {mode === "voice" ? (
                  <Group justify="space-between">
                    <Group gap="xs">
                      {voiceState === "listening" ? (
                        <Badge color="green">Listening</Badge>
                      ) : voiceState === "processing" ? (
                        <Loader size="xs" />
                      ) : null}
                      <Text size="sm" aria-live="polite" data-voice-state={voiceState}>
                        {VOICE_LABELS[voiceState]}
                      </Text>
                    </Group>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={
                          voiceState === "paused" ? (
                            <IconPlayerPlay size={14} />
                          ) : (
                            <IconPlayerPause size={14} />
                          )
                        }
                        onClick={pauseOrResume}
                      >
                        {voiceState === "paused" ? "Resume" : "Pause"}
                      </Button>
                      <Button size="xs" variant="light" onClick={switchToText}>
                        Switch to Text
                      </Button>
                    </Group>
                  </Group>
                ) : (
                  <Group align="flex-end" gap="xs" wrap="nowrap">
                    <Textarea
                      style={{ flex: 1 }}
                      autosize
                      minRows={1}
                      maxRows={6}
                      placeholder="Type your answer (Enter to send, Shift+Enter for a new line)"
                      aria-label="Your answer"
                      value={draft}
                      onChange={(e) => setDraft(e.currentTarget.value)}
                      onKeyDown={onKeyDown}
                    />
                    <ActionIcon
                      size="xl"
                      onClick={() => void sendText()}
                      disabled={!canSend(draft, loading)}
                      aria-label="Send"
                    >
                      {loading ? <Loader size="xs" color="white" /> : <IconSend size={20} />}
                    </ActionIcon>
                  </Group>
                )}
              </Box>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NotesPad
              interviewId={interviewId}
              notes={notes}
              onNotes={setNotes}
              images={images}
              onImages={setImages}
              disabled={ending}
            />
          </Grid.Col>
        </Grid>
      </Container>
    </ParticipantShell>
  );
}

function Bubble({ speaker, text }: { speaker: "ai" | "user"; text: string }) {
  const mine = speaker === "user";
  return (
    <Box
      maw="85%"
      ml={mine ? "auto" : 0}
      px="md"
      py="xs"
      bg={mine ? "indigo.6" : "gray.1"}
      c={mine ? "white" : "dark"}
      style={{ borderRadius: 14, whiteSpace: "pre-wrap" }}
      data-speaker={speaker}
    >
      <Text size="sm">{text}</Text>
    </Box>
  );
}
