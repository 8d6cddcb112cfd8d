import { ActionIcon, Group, type GroupProps, Loader, Textarea } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import type { FocusEvent, KeyboardEvent } from "react";

/** About how long a phone's on-screen keyboard takes to open. */
const KEYBOARD_OPENS_MS = 300;

interface MessageComposerProps extends Omit<GroupProps, "onChange"> {
  value: string;
  onChange: (text: string) => void;
  /** Enter (without Shift) and the button both call it; the caller's own rule decides what is sent. */
  onSend: () => void;
  canSend: boolean;
  /** A reply is on its way: the button shows a spinner. */
  loading?: boolean;
  label: string;
  placeholder: string;
  sendLabel: string;
  maxRows: number;
  /** "xl" beside the participant's answer, "lg" in the narrower chat panel. */
  buttonSize?: "lg" | "xl";
}

/** A message box that grows with its text, sends on Enter (Shift+Enter for a new line), and its send button. */
export function MessageComposer({
  value,
  onChange,
  onSend,
  canSend,
  loading = false,
  label,
  placeholder,
  sendLabel,
  maxRows,
  buttonSize = "xl",
  ...group
}: MessageComposerProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      onSend();
    }
  };
  // Once the keyboard is open, the box being typed in is brought into view (iOS pans the page instead
  // of shrinking it).
  const onFocus = (event: FocusEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    setTimeout(() => box.scrollIntoView({ block: "nearest" }), KEYBOARD_OPENS_MS);
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" {...group}>
      <Textarea
        style={{ flex: 1 }}
        autosize
        minRows={1}
        maxRows={maxRows}
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      />
      <ActionIcon size={buttonSize} onClick={onSend} disabled={!canSend} aria-label={sendLabel}>
        {loading ? <Loader size="xs" color="white" /> : <IconSend size={buttonSize === "xl" ? 20 : 18} />}
      </ActionIcon>
    </Group>
  );
}
