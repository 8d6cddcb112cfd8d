import { Box, Card, Container, Drawer, Grid, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useVisibleHeight, VISIBLE_HEIGHT_VAR } from "../../hooks/useVisibleHeight";
import { SHELL_HEADER_PX } from "./states";

/**
 * The running interview's layout: the conversation card (toolbar, messages, answer box) beside the
 * notes on a wide screen; on a phone the card fills what is visible of the screen (above the keyboard,
 * when it is open) and the notes open in a bottom drawer.
 */
export function InterviewRoom({
  phone,
  toolbar,
  messages,
  answer,
  notes,
  notesOpen,
  onCloseNotes,
}: {
  phone: boolean;
  toolbar: ReactNode;
  messages: ReactNode;
  answer: ReactNode;
  notes: ReactNode;
  notesOpen: boolean;
  onCloseNotes: () => void;
}) {
  const padding = phone ? "sm" : "md";
  useVisibleHeight(phone);
  return (
    <>
      <Container size="xl" py={phone ? 0 : "md"} px={phone ? 0 : "md"}>
        <Grid gap={phone ? 0 : "md"}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card
              withBorder={!phone}
              radius={phone ? 0 : "lg"}
              p={0}
              style={{
                display: "flex",
                flexDirection: "column",
                height: phone
                  ? `calc(var(${VISIBLE_HEIGHT_VAR}, 100dvh) - ${SHELL_HEADER_PX}px)`
                  : "calc(100vh - 120px)",
                minHeight: phone ? 0 : 480,
              }}
            >
              <Stack
                gap={6}
                p={padding}
                style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
              >
                {toolbar}
              </Stack>
              {messages}
              <Box
                p={padding}
                style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
                data-testid="answer-box"
              >
                {answer}
              </Box>
            </Card>
          </Grid.Col>
          {!phone && <Grid.Col span={{ base: 12, md: 4 }}>{notes}</Grid.Col>}
        </Grid>
      </Container>
      {phone && (
        <Drawer
          opened={notesOpen}
          onClose={onCloseNotes}
          position="bottom"
          size="85%"
          title="Notes and images"
          keepMounted
          closeButtonProps={{ "aria-label": "Close notes" }}
        >
          {notes}
        </Drawer>
      )}
    </>
  );
}
