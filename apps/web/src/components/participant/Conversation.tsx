import { Anchor, Badge, Box, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconVolumeOff } from "@tabler/icons-react";
import { readNotSaid } from "../../features/voice/notSaid";
import type { SpeakerEngine } from "../../features/voice/speechQueue";
import type { VoiceOutput } from "../../features/voice/useVoiceLoop";
import type { ListenerEngine, VoiceStatus } from "../../features/voice/voiceMachine";
import { READ_THE_QUESTION, SOUND_BLOCKED_TEXT } from "../../features/voice/voiceToasts";

/** One message of the conversation; the part of a reply the participant talked over is marked. */
export function Bubble({ speaker, text }: { speaker: "ai" | "user"; text: string }) {
  const mine = speaker === "user";
  const { said, notSaid } = mine ? { said: text, notSaid: null } : readNotSaid(text);
  return (
    <Box
      maw="85%"
      ml={mine ? "auto" : 0}
      px="md"
      py="xs"
      // White on indigo 8 is 5.7:1; indigo 6 was 4.1:1, under WCAG AA's 4.5:1.
      bg={mine ? "indigo.8" : "gray.1"}
      c={mine ? "white" : "dark"}
      style={{ borderRadius: 14, whiteSpace: "pre-wrap" }}
      data-speaker={speaker}
    >
      {said && (
        <Text size="sm" data-said>
          {said}
        </Text>
      )}
      {notSaid && (
        <Box mt={4} data-not-said>
          {/* The bubble stays light in both schemes, so its grey is fixed too ("dimmed" turns light in dark mode). */}
          <Text size="xs" c="gray.7" fw={600}>
            Not said aloud (you started speaking):
          </Text>
          <Text size="sm" c="gray.7" fs="italic">
            {notSaid}
          </Text>
        </Box>
      )}
    </Box>
  );
}

const VOICE_LABELS: Record<VoiceStatus, string> = {
  off: "",
  initializing: "Starting the microphone…",
  welcome: "The interviewer is speaking…",
  listening: "Listening… speak when you're ready",
  processing: "Thinking…",
  speaking: "The interviewer is speaking…",
  paused: "Paused",
  thinking: "Take your time. I'll listen when you're ready.",
};

/** A microphone that gives no sound (issue 24): named, with typing offered. */
export const SILENT_MICROPHONE_NOTICE =
  "No sound from your microphone for 10 seconds. Check that it is on and not muted, or type your answer instead.";

/** Which speech is in use, so a participant without the server's knows whose it is. */
function engineLabel(listener: ListenerEngine | null, speaker: SpeakerEngine | null): string | null {
  if (listener === "browser")
    return speaker === "browser"
      ? "Speech by your browser (its own recognition and voice)"
      : speaker === "server"
        ? "Listening by your browser; the voice is Parley's speech service"
        : "Listening by your browser; questions are shown, not spoken";
  if (listener === "server")
    return speaker === "server"
      ? "Speech by Parley's speech service"
      : speaker === "browser"
        ? "Listening by Parley's speech service; the voice is your browser's"
        : "Listening by Parley's speech service; questions are shown, not spoken";
  return null;
}

export function VoiceBar({
  status,
  listener,
  speaker,
  output,
  micSilent = false,
  held = "",
  onPauseOrResume,
  onSwitchToText,
  onAllowSound,
}: {
  status: VoiceStatus;
  listener: ListenerEngine | null;
  speaker: SpeakerEngine | null;
  output: VoiceOutput;
  /** The microphone has given no sound for 10 s of listening. */
  micSilent?: boolean;
  /** Words heard of an answer that is not sent yet (unfinished, or paused for time). */
  held?: string;
  onPauseOrResume: () => void;
  onSwitchToText: () => void;
  onAllowSound: () => void;
}) {
  const resumes = status === "paused" || status === "thinking";
  const engine = engineLabel(listener, speaker);
  // Nothing is heard here (no voice, sound refused, or the reply could not be played): the question
  // is on screen, and the bar says to read it; never a "speaking" that makes no sound.
  const label = status === "listening" && output !== "sound" ? READ_THE_QUESTION : VOICE_LABELS[status];
  return (
    <Stack gap="xs">
      {output === "blocked" && (
        <Group gap="xs" wrap="nowrap" data-voice-output="blocked">
          <IconVolumeOff size={16} aria-hidden />
          <Text size="sm" role="status" style={{ flex: 1 }}>
            {SOUND_BLOCKED_TEXT}
          </Text>
          <Button size="compact-xs" variant="light" onClick={onAllowSound}>
            Turn sound on
          </Button>
        </Group>
      )}
      <Group justify="space-between">
        <div>
          <Group gap="xs">
            {status === "listening" ? (
              <Badge color="green">Listening</Badge>
            ) : status === "processing" ? (
              <Loader size="xs" />
            ) : null}
            <Text size="sm" aria-live="polite" data-voice-state={status} data-voice-output={output}>
              {label}
            </Text>
          </Group>
          {held && (status === "listening" || status === "thinking") && (
            <Text size="xs" c="dimmed" lineClamp={2} data-held>
              So far: “{held.replace(/(\.\.\.|…)$/u, "")}…”
            </Text>
          )}
          {micSilent && status === "listening" && (
            <Text size="sm" c="orange.9" role="status" data-mic-silent>
              {SILENT_MICROPHONE_NOTICE}{" "}
              <Anchor component="button" type="button" size="sm" onClick={onSwitchToText}>
                Type instead
              </Anchor>
            </Text>
          )}
          {engine && (
            <Text size="xs" c="dimmed" data-speech-engine={listener}>
              {engine}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={resumes ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            onClick={onPauseOrResume}
          >
            {resumes ? "Resume" : "Pause"}
          </Button>
          <Button size="xs" variant="light" onClick={onSwitchToText}>
            Switch to Text
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
