import { Alert, Button, Card, List, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle, IconTrash } from "@tabler/icons-react";
import { deletionDay } from "../../features/privacy/retention";
import { formatDate } from "../../lib/dates";
import type { OwnAnswers } from "./types";

/** A placeholder is one word to the eye: "[PERSON 1]" never breaks across lines. */
const Nowrap = ({ children }: { children: string }) => (
  <span style={{ whiteSpace: "nowrap" }}>{children}</span>
);

/** How long what they said is kept, by the project's setting. */
export function keptSentence(answers: Pick<OwnAnswers, "completedAt" | "retentionDays">): string {
  if (answers.retentionDays === null)
    return "Kept until the project's owner deletes the interview, or you delete it here.";
  const until = deletionDay(answers.completedAt, answers.retentionDays);
  return `Kept for ${answers.retentionDays} days after the interview${
    until ? `, until ${formatDate(until.toISOString())}` : ""
  }, then deleted automatically.`;
}

/**
 * The top of the private link's page: which interview this is, how long it is kept, whether the
 * team has used it, and the way to delete it.
 */
export function AnswersSummary({ answers, onDelete }: { answers: OwnAnswers; onDelete: () => void }) {
  const userMessages = answers.messages.filter((m) => m.role === "user").length;
  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <Stack gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            {answers.projectTitle}
          </Text>
          <Title order={1} size="h2">
            What you said
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            Interview “{answers.interviewName}”
            {answers.completedAt ? `, ended on ${formatDate(answers.completedAt)}` : ""}
          </Text>
        </div>
        <List size="sm" spacing={4}>
          <List.Item>
            {userMessages} {userMessages === 1 ? "answer" : "answers"}
            {answers.images > 0 ? `, ${answers.images} ${answers.images === 1 ? "image" : "images"}` : ""}
            {answers.notes?.trim() ? " and your notes" : ""}.
          </List.Item>
          <List.Item data-testid="kept">{keptSentence(answers)}</List.Item>
          {answers.personalDetails > 0 && (
            <List.Item>
              {answers.personalDetails} personal {answers.personalDetails === 1 ? "detail" : "details"} (such
              as names or emails) found in what you said: the AI service got placeholders such as{" "}
              <Nowrap>[PERSON 1]</Nowrap> instead.
            </List.Item>
          )}
        </List>
        {answers.usedInDocuments ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title="The team has already used your answers in documents"
            data-testid="used-in-documents"
          >
            If you delete, what you said is removed from the record. The documents stay, with placeholders
            such as <Nowrap>[PERSON 1]</Nowrap> in place of personal details.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" data-testid="not-used-in-documents">
            The team has not used your answers in a document yet. If you delete now, none of what you said is
            kept.
          </Text>
        )}
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          w={{ base: "100%", xs: "auto" }}
          style={{ alignSelf: "flex-start" }}
        >
          Delete what I said
        </Button>
      </Stack>
    </Card>
  );
}
