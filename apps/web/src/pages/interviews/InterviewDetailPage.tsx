import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconArrowLeft, IconCopy, IconSparkles, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AppHeader } from "../../components/AppHeader";
import { LoadFailurePage } from "../../components/NoticePage";
import {
  STATUS_OPTIONS,
  stakeholderLabel,
  statusColor,
  statusLabel,
} from "../../components/workspace/labels";
import { Markdown } from "../../components/workspace/Markdown";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import { type ConversationMessage, conversationToTranscript } from "../../lib/transcript";
import { useTRPC, useTRPCClient } from "../../lib/trpc";

const TRANSCRIPT_HEIGHT = 400;
const SUMMARY_HEIGHT = 500;
const NOTES_AUTOSAVE_MS = 1000;

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

export default function InterviewDetailPage() {
  const { id } = useParams();
  const interviewId = Number(id);
  const valid = Number.isInteger(interviewId) && interviewId > 0;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const interview = useQuery({ ...trpc.interviews.get.queryOptions({ id: interviewId }), enabled: valid });
  const conversation = useQuery({
    ...trpc.participant.conversation.queryOptions({ interviewId }),
    enabled: interview.isSuccess,
  });
  const transcript = useQuery({
    ...trpc.participant.transcript.queryOptions({ interviewId }),
    enabled: interview.isSuccess,
  });
  const [tab, setTab] = useState<string>("conversation");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [notes, setNotes] = useState<string | null>(null);
  const [notesState, setNotesState] = useState<"idle" | "saving" | "saved">("idle");
  const [summary, setSummary] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const interviewKey = trpc.interviews.get.queryKey({ id: interviewId });

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

  useEffect(() => {
    if (interview.data && notes === null) setNotes(interview.data.notes ?? "");
  }, [interview.data, notes]);

  const status = useMutation(
    trpc.participant.setStatus.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(interviewKey, data);
        toast({ title: "Status updated", description: `The interview is now ${statusLabel(data.status)}.` });
      },
      onError: (error) =>
        toast({
          title: "Error updating status",
          description: error.message || "Could not update the interview status.",
          variant: "destructive",
        }),
    }),
  );
  const remove = useMutation(
    trpc.interviews.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Interview deleted", description: "The interview and its transcript were deleted." });
        const projectId = interview.data?.projectId;
        navigate(projectId ? `/projects/${projectId}` : "/");
      },
      onError: (error) =>
        toast({
          title: "Error deleting interview",
          description: error.message || "Could not delete the interview.",
          variant: "destructive",
        }),
    }),
  );
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
        queryClient.invalidateQueries({ queryKey: interviewKey }),
      ]);
      toast(
        created
          ? { title: "Transcript saved", description: "The transcript was saved with your corrections." }
          : { title: "Transcript updated", description: "Your corrections were saved." },
      );
    },
    onError: (error) =>
      toast({
        title: "Error updating transcript",
        description: error.message || "Could not update the transcript.",
        variant: "destructive",
      }),
  });
  const saveNotes = useDebouncedCallback((value: string) => {
    setNotesState("saving");
    client.participant.setNotes
      .mutate({ interviewId, notes: value })
      .then(() => setNotesState("saved"))
      .catch(() => {
        setNotesState("idle");
        toast({
          title: "Error saving notes",
          description: "Your notes are still here; try again.",
          variant: "destructive",
        });
      });
  }, NOTES_AUTOSAVE_MS);
  const generate = useMutation({
    mutationFn: () =>
      client.ai.generateDocumentation.mutate({
        transcripts: [transcriptText],
        title: interview.data?.name ?? "Interview",
        projectId: interview.data?.projectId,
      }),
    onSuccess: ({ documentation }) => {
      setSummary(documentation);
      setTab("summary");
      toast({ title: "Summary generated", description: "Review it, then create a document from it." });
    },
    onError: (error) => {
      console.error("Generating the interview summary failed", error);
      toast({
        title: "Error generating summary",
        description: "Could not generate summary from the transcript.",
        variant: "destructive",
      });
    },
  });
  const createDocument = useMutation({
    mutationFn: () =>
      client.documents.create.mutate({
        title: `${interview.data?.name} - Documentation`,
        content: summary,
        projectId: interview.data?.projectId ?? 0,
        interviewIds: [interviewId],
        status: "completed",
        kind: "documentation",
      }),
    onSuccess: () =>
      toast({
        title: "Document created",
        description: `“${interview.data?.name} - Documentation” was saved to the project.`,
      }),
    onError: () =>
      toast({
        title: "Error creating document",
        description: "Could not create a document from the summary.",
        variant: "destructive",
      }),
  });

  if (!valid || interview.isError)
    return <LoadFailurePage what="interview" query={interview} validId={valid} backTo="/" />;
  if (interview.isLoading || !interview.data) {
    return (
      <Box mih="100vh" bg="gray.0">
        <AppHeader />
        <Center py={80}>
          <Loader aria-label="Loading interview" />
        </Center>
      </Box>
    );
  }
  const data = interview.data;
  const copy = async (text: string, title: string) => {
    if (await copyText(text)) toast({ title, description: "It is on your clipboard." });
  };

  return (
    <Box mih="100vh" bg="gray.0">
      <AppHeader />
      <Container size="lg" py="lg">
        <Stack gap="lg">
          <Anchor component={Link} to={`/projects/${data.projectId}`} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> Back to project
            </Group>
          </Anchor>
          <Card withBorder radius="lg" p="lg">
            <Group justify="space-between" align="flex-start">
              <div>
                <Group gap="sm">
                  <Title order={2}>{data.name}</Title>
                  <Badge color={statusColor(data.status)} variant="light">
                    {statusLabel(data.status)}
                  </Badge>
                </Group>
                <Text c="dimmed" size="sm">
                  {stakeholderLabel(data.stakeholderType)} · Created on{" "}
                  {new Date(data.createdAt).toLocaleDateString()}
                  {data.participantName ? ` · ${data.participantName}` : ""}
                  {data.duration ? ` · ${data.duration} ${data.duration === 1 ? "minute" : "minutes"}` : ""}
                </Text>
              </div>
              <Group>
                <Select
                  aria-label="Status"
                  data={STATUS_OPTIONS}
                  value={data.status}
                  onChange={(value) =>
                    value && value !== data.status && status.mutate({ interviewId, status: value as never })
                  }
                  allowDeselect={false}
                  w={180}
                />
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setConfirmDelete(true)}
                >
                  Delete Interview
                </Button>
              </Group>
            </Group>
          </Card>

          <Tabs value={tab} onChange={(v) => setTab(v ?? "conversation")}>
            <Tabs.List>
              <Tabs.Tab value="conversation">Conversation</Tabs.Tab>
              <Tabs.Tab value="notes">Notes</Tabs.Tab>
              <Tabs.Tab value="summary">Summary</Tabs.Tab>
            </Tabs.List>

            <Tabs.Panel value="conversation" pt="md">
              <Card withBorder radius="lg" p="lg">
                <Group justify="space-between" mb="sm">
                  <Title order={4}>Transcript</Title>
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
                </Group>
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
                    <Text style={{ whiteSpace: "pre-wrap" }} size="sm">
                      {transcriptText}
                    </Text>
                  </ScrollArea>
                )}
              </Card>
            </Tabs.Panel>

            <Tabs.Panel value="notes" pt="md">
              <Card withBorder radius="lg" p="lg">
                <Group justify="space-between" mb="sm">
                  <Title order={4}>Notes</Title>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {notesState === "saving" ? "Saving..." : notesState === "saved" ? "Saved" : ""}
                    </Text>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconCopy size={14} />}
                      disabled={!notes}
                      onClick={() => copy(notes ?? "", "Notes copied")}
                    >
                      Copy
                    </Button>
                  </Group>
                </Group>
                <Textarea
                  aria-label="Interview notes"
                  autosize
                  minRows={10}
                  value={notes ?? ""}
                  placeholder="Notes about this interview"
                  onChange={(e) => {
                    setNotes(e.currentTarget.value);
                    setNotesState("saving");
                    saveNotes(e.currentTarget.value);
                  }}
                />
              </Card>
            </Tabs.Panel>

            <Tabs.Panel value="summary" pt="md">
              <Card withBorder radius="lg" p="lg">
                <Group justify="space-between" mb="sm">
                  <Title order={4}>Summary</Title>
                  <Button
                    size="xs"
                    disabled={!summary}
                    loading={createDocument.isPending}
                    onClick={() => createDocument.mutate()}
                  >
                    Create Document
                  </Button>
                </Group>
                <ScrollArea h={SUMMARY_HEIGHT}>
                  {summary ? (
                    <Markdown>{summary}</Markdown>
                  ) : (
                    <Text c="dimmed">Generate a summary from the transcript on the Conversation tab.</Text>
                  )}
                </ScrollArea>
              </Card>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete this interview?">
        <Text size="sm">
          The interview, its conversation, transcript, notes and images will be deleted. This cannot be
          undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: interviewId })}>
            Delete Interview
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}
