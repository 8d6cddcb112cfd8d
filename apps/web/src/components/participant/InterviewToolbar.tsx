import { ActionIcon, Button, Group, Menu, Modal, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconCopy, IconDotsVertical, IconNotes, IconPlayerStop } from "@tabler/icons-react";
import { useState } from "react";

type Mode = "text" | "voice";

/** "Question 3" while answering; "About N minutes left" as the clock runs. */
export function progressLine(answered: number, minutesLeft: number): { question: string; time: string } {
  return {
    question: `Question ${answered + 1}`,
    time:
      minutesLeft > 1
        ? `About ${minutesLeft} minutes left`
        : "We're nearly at time: wrap up whenever you're ready",
  };
}

/** "You answered N questions. End now?" before the irreversible end. */
export function EndConfirm({
  opened,
  answered,
  ending,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  answered: number;
  ending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="End the interview?"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Text>
          You answered {answered} {answered === 1 ? "question" : "questions"}. End now?
        </Text>
        <Text size="sm" c="dimmed">
          Once ended, the conversation cannot continue; you can still correct your answers on the next screen.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={ending}>
            Keep going
          </Button>
          <Button color="red" onClick={onConfirm} loading={ending}>
            End now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The chat's header: title, progress, mode switch and actions (an overflow menu on a phone). */
export function InterviewToolbar({
  title,
  answered,
  minutesLeft,
  mode,
  onMode,
  onCopy,
  onEnd,
  onNotes,
  ending,
  compact,
  final = false,
}: {
  title: string;
  answered: number;
  minutesLeft: number;
  mode: Mode;
  onMode: (mode: Mode) => void;
  onCopy: () => void;
  onEnd: () => void;
  onNotes: () => void;
  ending: boolean;
  compact: boolean;
  /** The interviewer has closed: End Interview is shown prominently (on a phone, outside the menu too). */
  final?: boolean;
}) {
  const progress = progressLine(answered, minutesLeft);
  const [menuOpen, setMenuOpen] = useState(false);
  const modeSwitch = (
    <SegmentedControl
      size="xs"
      value={mode}
      onChange={(v) => onMode(v as Mode)}
      data={[
        { value: "text", label: "Text" },
        { value: "voice", label: "Voice" },
      ]}
      aria-label="Interview mode"
    />
  );
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Title order={3} size="h4" lineClamp={1}>
          {title}
        </Title>
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="interview-progress">
          {progress.question} · {progress.time}
        </Text>
      </div>
      {compact ? (
        <Group gap={6} wrap="nowrap">
          {final ? (
            <Button size="xs" color="red" loading={ending} onClick={onEnd}>
              End Interview
            </Button>
          ) : (
            modeSwitch
          )}
          <Menu opened={menuOpen} onChange={setMenuOpen} position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="More actions">
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconNotes size={16} />} onClick={onNotes}>
                Notes and images
              </Menu.Item>
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={onCopy}>
                Copy Transcript
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconPlayerStop size={16} />} onClick={onEnd}>
                End Interview
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap">
          {modeSwitch}
          <Button size="xs" variant="default" onClick={onCopy}>
            Copy Transcript
          </Button>
          <Button size={final ? "md" : "xs"} color="red" loading={ending} onClick={onEnd}>
            End Interview
          </Button>
        </Group>
      )}
    </Group>
  );
}
