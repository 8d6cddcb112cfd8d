import { Button, Group, Modal, Text } from "@mantine/core";
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  /** Label of the destructive button; "Delete" unless told. */
  confirmLabel?: string;
  onConfirm: () => void;
}

const ConfirmContext = createContext<((request: ConfirmRequest) => void) | null>(null);

/**
 * One confirmation dialog for the destructive actions below it: `useConfirm()` opens it, Cancel,
 * Escape or a click outside close it with nothing done; the red button runs `onConfirm`.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  return (
    <ConfirmContext.Provider value={setRequest}>
      {children}
      <Modal opened={request !== null} onClose={close} title={request?.title} centered>
        <Text size="sm">{request?.message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              request?.onConfirm();
              close();
            }}
          >
            {request?.confirmLabel ?? "Delete"}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** Opens the nearest ConfirmProvider's dialog. */
export function useConfirm(): (request: ConfirmRequest) => void {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmProvider above it");
  return confirm;
}
