import { Button, Card, Center, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { type ConversationMessage, conversationToTranscript } from "../../lib/transcript";
import { useTRPCClient } from "../../lib/trpc";
import { PrivateLinkCard } from "./PrivateLinkCard";

/** One answer under review: the question it answered (read-only) and the participant's own words. */
interface ReviewCard {
  question: string;
  answer: string;
}

/** Pairs each of the participant's messages with the interviewer's message before it. */
export function reviewCards(messages: ConversationMessage[]): ReviewCard[] {
  const cards: ReviewCard[] = [];
  let question = "";
  for (const m of messages) {
    if (m.role === "ai") question = m.content.trim();
    else cards.push({ question, answer: m.content });
  }
  return cards;
}

/** The reviewed transcript: the conversation with the participant's corrected words, then the notes. */
function reviewedTranscript(messages: ConversationMessage[], answers: string[], notes: string): string {
  let index = 0;
  const edited = messages.map((m) =>
    m.role === "user" ? { ...m, content: answers[index++] ?? m.content } : m,
  );
  return conversationToTranscript(edited) + notes;
}

/**
 * After the interview: the participant's private link (issue 26), then one card per answer where only
 * the participant's words are editable, the notes they took (read-only), feedback, and save.
 */
export function ThankYou({
  interviewId,
  messages,
  notesText,
}: {
  interviewId: number;
  /** The conversation as it ended (no image messages). */
  messages: ConversationMessage[];
  /** The notes section as saved with the transcript ("" when there were none). */
  notesText: string;
}) {
  const client = useTRPCClient();
  const cards = reviewCards(messages);
  const [answers, setAnswers] = useState(() => cards.map((c) => c.answer));
  const [feedback, setFeedback] = useState("");
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setSaving(true);
    const corrected = answers.some((a, i) => a !== cards[i]?.answer);
    try {
      await client.participant.saveTranscript.mutate({
        interviewId,
        content: reviewedTranscript(messages, answers, notesText),
        corrected,
        additionalFeedback: feedback.trim() || null,
      });
      setSaved(true);
      toast({ title: "Responses Saved", description: "Thank you! Your answers were saved." });
    } catch {
      toast({
        title: "Error",
        description: "Failed to save your responses. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Center py={40} px="md">
      <Card withBorder radius="lg" p={{ base: "md", sm: "xl" }} w="100%" maw={760}>
        <Stack>
          <Title order={2}>Thank you for your time!</Title>
          <PrivateLinkCard interviewId={interviewId} />
          <Text c="dimmed">
            Here is what you said. Correct any answer that's wrong, add feedback if you like, then save your
            responses.
          </Text>
          {cards.length === 0 && <Text>You did not answer any questions.</Text>}
          {cards.map((card, i) => (
            <Card
              key={`${i}-${card.question.slice(0, 20)}`}
              withBorder
              radius="md"
              p="md"
              data-testid="review-card"
            >
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                Question {i + 1}
              </Text>
              <Text size="sm" mt={4} mb="xs">
                {card.question || "(The interviewer's opening)"}
              </Text>
              <Textarea
                label={`Your answer to question ${i + 1}`}
                autosize
                minRows={2}
                maxRows={12}
                value={answers[i]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAnswers((all) => all.map((a, j) => (j === i ? value : a)));
                }}
              />
            </Card>
          ))}
          <Textarea
            label="Additional Feedback"
            placeholder="Anything else the team should know?"
            autosize
            minRows={3}
            value={feedback}
            onChange={(e) => setFeedback(e.currentTarget.value)}
          />
          <Button onClick={save} loading={saving} size="md">
            Save Responses
          </Button>
          {saved && (
            <Text c="green.7" fw={500} role="status">
              Your responses were saved. You can close this page.
            </Text>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
