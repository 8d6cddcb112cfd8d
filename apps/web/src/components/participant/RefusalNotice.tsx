import { Button, CloseButton, Group, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";

/**
 * The server refused the interviewer's reply (too fast, or the allowance is used up): its own
 * message on one line above the answer box, with a way to ask again. One line, so that on a phone
 * with the keyboard open the answer box and what is being typed stay in view; a tap on the message
 * shows all of it. What the participant said stays saved in the conversation.
 */
export function RefusalNotice({
  message,
  retrying,
  onRetry,
  onClose,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const [whole, setWhole] = useState(false);
  return (
    <Group
      role="alert"
      aria-label="The interviewer can't answer right now"
      gap={6}
      wrap="nowrap"
      mb={6}
      pl="xs"
      py={2}
      bg="var(--mantine-color-orange-light)"
      style={{ borderRadius: "var(--mantine-radius-sm)" }}
      data-refusal
    >
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-orange-9)"
        style={{ flex: "none" }}
        aria-hidden
      />
      <UnstyledButton
        onClick={() => setWhole((w) => !w)}
        aria-expanded={whole}
        title={message}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Text size="sm" truncate={whole ? undefined : "end"}>
          {message}
        </Text>
      </UnstyledButton>
      <Button size="compact-sm" variant="subtle" color="orange.9" loading={retrying} onClick={onRetry}>
        Ask again
      </Button>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onClose} />
    </Group>
  );
}
