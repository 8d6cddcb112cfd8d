import { Button, Center, Group, Loader, ScrollArea, Stack, Text, Textarea } from "@mantine/core";
import { IconCopy, IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { SectionCard } from "../../components/SectionCard";
import type { PersonalDetail } from "../../features/privacy/details";
import { MarkedText } from "../../features/privacy/MarkedText";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import { type ConversationMessage, conversationToTranscript } from "../../lib/transcript";
import { useTRPC, useTRPCClient } from "../../lib/trpc";

const TRANSCRIPT_HEIGHT = 400;

/** What the Conversation tab can show when no transcript has been saved yet (spec 2 §2.3). */
type BuiltTranscript =
  | { kind: "empty" } // no conversation, or one without messages
  | { kind: "unparsable"; failed: boolean } // messages, but none of them reads as text
  | { kind: "text"; text: string };

/** A message as stored, or as a JSON string of one (older conversations); null when it has no text. */
function parseMessage(raw: unknown): ConversationMessage | null {
  const message: unknown = typeof raw === "string" ? JSON.parse(raw) : raw;
  if (!message || typeof message !== "object") return null;
  const { role, content, type } = message as Partial<ConversationMessage>;
  if (type === "image" || (role !== "ai" && role !== "user")) return null;
  if (typeof content !== "string" || !content.trim()) return null;
  return { role, content };
}

function buildTranscript(messages: readonly unknown[] | undefined): BuiltTranscript {
  if (!messages?.length) return { kind: "empty" };
  try {
    const readable = messages.map(parseMessage).filter((m) => m !== null);
    if (!readable.length) return { kind: "unparsable", failed: false };
    return { kind: "text", text: conversationToTranscript(readable) };
  } catch (error) {
    console.error("Could not parse the conversation messages", error);
    return { kind: "unparsable", failed: true };
  }
}

/**
 * The Conversation tab: the transcript (saved, or built from the conversation), edit, summarise. In
 * view mode the participant's personal details are marked (issue 26).
 */
export function InterviewConversationPanel({
  interviewId,
  name,
  projectId,
  onSummary,
  details = [],
  showPersonalDetails = false,
}: {
  interviewId: number;
  name: string;
  projectId: number;
  onSummary: (documentation: string) => void;
  details?: readonly PersonalDetail[];
  showPersonalDetails?: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const conversation = useQuery(trpc.participant.conversation.queryOptions({ interviewId }));
  const transcript = useQuery(trpc.participant.transcript.queryOptions({ interviewId }));
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");

  const built = useMemo(() => buildTranscript(conversation.data?.messages), [conversation.data]);
  const savedText = transcript.data?.content.trim() ? transcript.data.content : "";
  const transcriptText = savedText || (built.kind === "text" ? built.text : "");

  useEffect(() => {
    if (built.kind === "unparsable" && built.failed && !savedText) {
      toast({
        title: "Error generating transcript",
        description: "Could not parse the conversation messages.",
        variant: "destructive",
      });
    }
  }, [built, savedText]);

  const saveTranscript = useMutation({
    mutationFn: async (content: string) => {
      if (transcript.data) {
        await client.participant.updateTranscript.mutate({
          transcriptId: transcript.data.id,
          content,
          corrected: true,
        });
        return { created: false };
      }
      await client.participant.saveTranscript.mutate({ interviewId, content, corrected: true });
      return { created: true };
    },
    onSuccess: async ({ created }) => {
      setEditing(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.participant.transcript.queryKey({ interviewId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.interviews.get.queryKey({ id: interviewId }) }),
      ]);
      toast(
        created
          ? { title: "Transcript saved", description: "The transcript was saved with your corrections." }
          : { title: "Transcript updated", description: "Your corrections were saved." },
      );
    },
    meta: { errorTitle: "Error updating transcript", errorFallback: "Could not update the transcript." },
  });
  const generate = useMutation({
    mutationFn: () =>
      client.ai.generateDocumentation.mutate({ transcripts: [transcriptText], title: name, projectId }),
    onSuccess: ({ documentation }) => {
      onSummary(documentation);
      toast({ title: "Summary generated", description: "Review it, then create a document from it." });
    },
    onError: (error) => console.error("Generating the interview summary failed", error),
    meta: {
      errorTitle: "Error generating summary",
      errorDescription: "Could not generate summary from the transcript.",
    },
  });
  const copy = async (text: string, title: string) => {
    if (await copyText(text)) toast({ title, description: "It is on your clipboard." });
  };

  return (
    <SectionCard
      title="Transcript"
      actions={
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCopy size={14} />}
            disabled={!transcriptText}
            onClick={() => copy(transcriptText, "Transcript copied")}
          >
            Copy
          </Button>
          {editing ? (
            <>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={saveTranscript.isPending}
                onClick={() => saveTranscript.mutate(draft)}
              >
                Save Transcript
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="light"
              disabled={!transcriptText}
              onClick={() => {
                setDraft(transcriptText);
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconSparkles size={14} />}
            disabled={!transcriptText || generate.isPending || editing}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
          >
            Generate Summary
          </Button>
        </Group>
      }
    >
      {conversation.isLoading || transcript.isLoading ? (
        <Center h={TRANSCRIPT_HEIGHT}>
          <Loader />
        </Center>
      ) : conversation.isError || transcript.isError ? (
        <Center h={TRANSCRIPT_HEIGHT}>
          <Stack align="center" gap="xs">
            <Text c="red">Error loading the conversation</Text>
            <Button
              size="xs"
              variant="light"
              loading={conversation.isFetching || transcript.isFetching}
              onClick={() => {
                void conversation.refetch();
                void transcript.refetch();
              }}
            >
              Try again
            </Button>
          </Stack>
        </Center>
      ) : editing ? (
        <Textarea
          aria-label="Transcript"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          h={TRANSCRIPT_HEIGHT}
          styles={{ wrapper: { height: "100%" }, input: { height: "100%" } }}
        />
      ) : !transcriptText ? (
        <Center h={TRANSCRIPT_HEIGHT}>
          <Text c="dimmed">
            {built.kind === "unparsable"
              ? "No valid conversation content could be parsed for this interview."
              : "No conversation content found for this interview yet."}
          </Text>
        </Center>
      ) : (
        <ScrollArea h={TRANSCRIPT_HEIGHT}>
          <Text style={{ whiteSpace: "pre-wrap" }} size="sm" data-testid="transcript-view">
            <MarkedText text={transcriptText} details={details} showPersonalDetails={showPersonalDetails} />
          </Text>
        </ScrollArea>
      )}
    </SectionCard>
  );
}
