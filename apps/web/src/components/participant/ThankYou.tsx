import { Button, Card, Center, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPCClient } from "../../lib/trpc";

/** After the interview: review and correct the transcript, add feedback, and save. */
export function ThankYou({ interviewId, transcript }: { interviewId: number; transcript: string }) {
  const client = useTRPCClient();
  const [review, setReview] = useState(transcript);
  const [feedback, setFeedback] = useState("");
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await client.participant.saveTranscript.mutate({
        interviewId,
        content: review,
        corrected: review !== transcript,
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
      <Card withBorder radius="lg" p="xl" w="100%" maw={760}>
        <Stack>
          <Title order={2}>Thank you for your time!</Title>
          <Text c="dimmed">
            Here is what was captured. Correct anything that's wrong, add feedback if you like, then save your
            responses.
          </Text>
          <Textarea
            label="Your interview"
            aria-label="Transcript review"
            autosize
            minRows={10}
            maxRows={24}
            value={review}
            onChange={(e) => setReview(e.currentTarget.value)}
          />
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
