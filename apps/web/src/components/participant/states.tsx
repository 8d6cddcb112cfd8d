import { Alert, Anchor, Box, Button, Card, Center, List, Loader, Stack, Text, Title } from "@mantine/core";
import { IconMessageCircle, IconMicrophone, IconMicrophoneOff, IconVolumeOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { VoicePlan } from "../../features/voice/capabilities";
import {
  CANNOT_LISTEN_REASONS,
  CANNOT_LISTEN_TITLE,
  CANNOT_SPEAK_TEXT,
} from "../../features/voice/voiceToasts";
import { Brand } from "../Brand";

/** The height of the shell's brand bar, so a full-height chat can fill the rest of the screen. */
export const SHELL_HEADER_PX = 57;

export function ParticipantShell({
  children,
  fullHeight = false,
}: {
  children: ReactNode;
  fullHeight?: boolean;
}) {
  return (
    <Box mih={fullHeight ? "100dvh" : "100vh"} bg="var(--parley-page-bg)" style={{ overflowX: "clip" }}>
      <Box
        bg="var(--parley-surface)"
        py="sm"
        px="md"
        h={SHELL_HEADER_PX}
        style={{ borderBottom: "1px solid var(--parley-border)" }}
      >
        <Brand to="/" />
      </Box>
      {children}
    </Box>
  );
}

export function LoadingInterview() {
  return (
    <Center h="70vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>Loading Interview...</Text>
      </Stack>
    </Center>
  );
}

export function NotFound() {
  return (
    <Center py={80} px="md">
      <Card withBorder radius="lg" p="xl" maw={480} ta="center">
        <Title order={2}>Interview Not Found</Title>
        <Text c="dimmed" mt="sm">
          The interview link you've followed is invalid or has expired.
        </Text>
      </Card>
    </Center>
  );
}

export function AlreadyCompleted() {
  return (
    <Center py={80} px="md">
      <Stack maw={520} gap="lg">
        <Card withBorder radius="lg" p="xl" ta="center">
          <Title order={2}>Interview Already Completed</Title>
          <Text c="dimmed" mt="sm">
            You have already been interviewed. Thank you for the input.
          </Text>
        </Card>
        <Card radius="lg" p="xl" bg="indigo.8" c="white">
          <Title order={3}>Run interviews like this one</Title>
          <Text mt="xs" size="sm">
            Parley interviews your stakeholders with AI and turns their answers into summaries, requirements
            and build prompts.
          </Text>
          <Button component={Link} to="/" variant="white" mt="md">
            Try Parley free
          </Button>
        </Card>
      </Stack>
    </Center>
  );
}

/** How long the answers are kept, by the project's setting (issue 26). */
export function keptText(retentionDays: number | null): string {
  return retentionDays === null
    ? "Kept: until the owner deletes the interview. You can ask for it to be deleted."
    : `Kept: ${retentionDays} days after the interview, then deleted. Documents the team makes from it keep placeholders only.`;
}

export function Welcome({
  projectTitle,
  ownerName,
  objective,
  minutes,
  onVoice,
  onText,
  starting,
  voice,
  retentionDays,
}: {
  projectTitle: string;
  ownerName: string | null;
  objective: string | null;
  minutes: number;
  onVoice: () => void;
  onText: () => void;
  starting: boolean;
  /** What voice can do here, said before the participant starts (issue 24). */
  voice: VoicePlan;
  /** How long the project keeps raw conversations; null: until the owner deletes them. */
  retentionDays: number | null;
}) {
  const canListen = voice.cannotListen === null;
  return (
    <Center py={60} px="md">
      <Card withBorder radius="lg" p="xl" maw={560}>
        <Stack>
          <Title order={2}>Welcome! Thanks for helping with {projectTitle}</Title>
          <Text data-testid="who-is-asking">
            {ownerName ? <strong>{ownerName}</strong> : "The project's owner"} is asking, for the project{" "}
            <strong>{projectTitle}</strong>.
          </Text>
          {objective && <Text c="dimmed">{objective}</Text>}
          <Text>
            An AI interviewer will ask you a few questions, one at a time. It takes about {minutes} minutes.
            You can take notes and add images as you go, and review everything before you save.
          </Text>
          <Box>
            <Text fw={600} size="sm">
              What happens to your answers
            </Text>
            <List size="sm" spacing={4} mt={4}>
              <List.Item>
                Recorded: the conversation as text (in voice mode your speech is transcribed; the audio is not
                kept), plus any notes and images you add.
              </List.Item>
              {/* Speech reaches the transcription service as sound: only its text can be redacted. */}
              <List.Item data-testid="placeholders-notice">
                Personal details: names of people you mention and your own contact details (names, emails,
                phone and card numbers, addresses) are replaced by placeholders such as [PERSON 1] before
                anything is sent to the AI service. In voice mode the AI service hears your speech as said, to
                write it down; the details are then replaced in the written text.
              </List.Item>
              <List.Item>
                Shown to: {ownerName ?? "the project's owner"} only, and the AI service that runs the
                interview.
              </List.Item>
              <List.Item data-testid="kept-notice">{keptText(retentionDays)}</List.Item>
              <List.Item>
                After the interview you get a private link to see what you said and delete it.
              </List.Item>
            </List>
            <Anchor
              component={Link}
              to="/privacy-policy#interviewees"
              size="sm"
              mt={6}
              display="inline-block"
            >
              Privacy policy for interviewees
            </Anchor>
          </Box>
          <Stack gap="sm" mt="sm">
            <Button
              size="lg"
              leftSection={canListen ? <IconMicrophone size={20} /> : <IconMicrophoneOff size={20} />}
              onClick={onVoice}
              loading={starting}
              disabled={!canListen}
              aria-describedby={!canListen || !voice.speaker ? "voice-here" : undefined}
            >
              Start Voice Interview
            </Button>
            {voice.cannotListen && (
              <Alert
                id="voice-here"
                color="gray"
                icon={<IconMicrophoneOff size={18} />}
                title={CANNOT_LISTEN_TITLE}
                data-voice-plan="cannot-listen"
              >
                {CANNOT_LISTEN_REASONS[voice.cannotListen]}
              </Alert>
            )}
            {canListen && !voice.speaker && (
              <Alert
                id="voice-here"
                color="gray"
                icon={<IconVolumeOff size={18} />}
                data-voice-plan="cannot-speak"
              >
                {CANNOT_SPEAK_TEXT}
              </Alert>
            )}
            <Button
              size="lg"
              variant="light"
              leftSection={<IconMessageCircle size={20} />}
              onClick={onText}
              disabled={starting}
            >
              Start Text Interview
            </Button>
          </Stack>
          <Text size="xs" c="dimmed">
            Voice interviews need access to your microphone; your browser will ask for permission.
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
