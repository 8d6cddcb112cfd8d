import { Anchor, Badge, Box, Button, Group, Loader, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { readNotSaid } from "../../features/voice/sentences";
import type { ListenerEngine, VoiceStatus } from "../../features/voice/voiceMachine";

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
      bg={mine ? "indigo.6" : "gray.1"}
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
          <Text size="xs" c="dimmed" fw={600}>
            Not said aloud (you started speaking):
          </Text>
          <Text size="sm" c="dimmed" fs="italic">
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

export function VoiceBar({
  status,
  listener,
  serverSpeech,
  micSilent = false,
  held = "",
  onPauseOrResume,
  onSwitchToText,
}: {
  status: VoiceStatus;
  listener: ListenerEngine | null;
  serverSpeech: boolean;
  /** The microphone has given no sound for 10 s of listening. */
  micSilent?: boolean;
  /** Words heard of an answer that is not sent yet (unfinished, or paused for time). */
  held?: string;
  onPauseOrResume: () => void;
  onSwitchToText: () => void;
}) {
  const resumes = status === "paused" || status === "thinking";
  // Which speech is in use, so a participant without the server's speech knows it is their browser's.
  const engine =
    listener === "browser"
      ? "Speech by your browser (its own recognition and voice)"
      : serverSpeech
        ? "Speech by Parley's speech service"
        : null;
  return (
    <Group justify="space-between">
      <div>
        <Group gap="xs">
          {status === "listening" ? (
            <Badge color="green">Listening</Badge>
          ) : status === "processing" ? (
            <Loader size="xs" />
          ) : null}
          <Text size="sm" aria-live="polite" data-voice-state={status}>
            {VOICE_LABELS[status]}
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
          <Text size="xs" c="dimmed" data-speech-engine={listener === "browser" ? "browser" : "server"}>
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
  );
}
