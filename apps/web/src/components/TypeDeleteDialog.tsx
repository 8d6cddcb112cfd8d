import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";

/**
 * Deleting an account takes two steps (spec 2 §5): a confirmation that says what goes, then typing
 * DELETE exactly. Closing at any point deletes nothing.
 */
export function TypeDeleteDialog({
  opened,
  onClose,
  title,
  children,
  onConfirm,
  pending,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  pending: boolean;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [typed, setTyped] = useState("");
  const close = () => {
    setStep(1);
    setTyped("");
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      {step === 1 ? (
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={() => setStep(2)}>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <TextInput
            label="Type DELETE to confirm"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" disabled={typed !== "DELETE"} loading={pending} onClick={onConfirm}>
              Delete Account
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
