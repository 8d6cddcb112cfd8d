import { Box, Card, Stack, Text, Title } from "@mantine/core";
import type { OwnAnswers } from "./types";

/** The conversation as kept: the interviewer's questions and the participant's words, then their notes. */
export function AnswersConversation({ answers }: { answers: OwnAnswers }) {
  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <Title order={2} size="h3" mb="sm">
        The conversation
      </Title>
      {answers.messages.length === 0 ? (
        <Text c="dimmed">Nothing was said in this interview.</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {answers.messages.map((m, index) => {
            const mine = m.role === "user";
            return (
              <Box
                component="li"
                key={`${index}-${m.at}`}
                maw={{ base: "92%", sm: "80%" }}
                ml={mine ? "auto" : 0}
                data-speaker={m.role}
              >
                <Text size="xs" fw={700} c="dimmed" ta={mine ? "right" : "left"} mb={2}>
                  {mine ? "You" : "Interviewer"}
                </Text>
                <Box
                  px="md"
                  py="xs"
                  bg={mine ? "var(--mantine-color-indigo-light)" : "var(--parley-subtle-surface)"}
                  style={{
                    borderRadius: 14,
                    border: "1px solid var(--parley-border)",
                    whiteSpace: "pre-wrap",
                    overflowWrap: "anywhere",
                  }}
                >
                  <Text size="sm">{m.content}</Text>
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
      {answers.notes?.trim() && (
        <Box mt="lg">
          <Title order={3} size="h4">
            Your notes
          </Title>
          <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {answers.notes}
          </Text>
        </Box>
      )}
      {answers.images > 0 && (
        <Text size="sm" c="dimmed" mt="md">
          You added {answers.images} {answers.images === 1 ? "image" : "images"};{" "}
          {answers.images === 1 ? "it is" : "they are"} kept with your answers and deleted with them.
        </Text>
      )}
    </Card>
  );
}
