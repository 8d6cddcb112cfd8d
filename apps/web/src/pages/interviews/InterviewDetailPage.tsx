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
import { IconArrowLeft, IconCopy, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AppHeader } from "../../components/AppHeader";
import { LoadFailurePage } from "../../components/NoticePage";
import { PageShell } from "../../components/PageShell";
import { SectionCard } from "../../components/SectionCard";
import {
  STATUS_OPTIONS,
  stakeholderLabel,
  statusColor,
  statusLabel,
} from "../../components/workspace/labels";
import { Markdown } from "../../components/workspace/Markdown";
import { formatDate } from "../../lib/dates";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { InterviewConversationTab } from "./InterviewConversationTab";
import { InterviewPlanPanel } from "./InterviewPlanPanel";

const SUMMARY_HEIGHT = 500;
const NOTES_AUTOSAVE_MS = 1000;

export default function InterviewDetailPage() {
  const { id } = useParams();
  const interviewId = Number(id);
  const valid = Number.isInteger(interviewId) && interviewId > 0;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const interview = useQuery({ ...trpc.interviews.get.queryOptions({ id: interviewId }), enabled: valid });
  const [tab, setTab] = useState<string>("conversation");
  const [notes, setNotes] = useState<string | null>(null);
  const [notesState, setNotesState] = useState<"idle" | "saving" | "saved">("idle");
  // The saved summary (issue 17): loaded with the page, saved each time one is generated.
  const savedSummary = useQuery({
    ...trpc.interviews.summary.queryOptions({ id: interviewId }),
    enabled: valid,
  });
  const [generatedSummary, setSummary] = useState<string | null>(null);
  const summary = generatedSummary ?? savedSummary.data?.content ?? "";
  const [confirmDelete, setConfirmDelete] = useState(false);
  const interviewKey = trpc.interviews.get.queryKey({ id: interviewId });

  useEffect(() => {
    if (interview.data && notes === null) setNotes(interview.data.notes ?? "");
  }, [interview.data, notes]);

  const status = useMutation(
    trpc.participant.setStatus.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(interviewKey, data);
        toast({ title: "Status updated", description: `The interview is now ${statusLabel(data.status)}.` });
      },
      meta: { errorTitle: "Error updating status", errorFallback: "Could not update the interview status." },
    }),
  );
  const remove = useMutation(
    trpc.interviews.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Interview deleted", description: "The interview and its transcript were deleted." });
        const projectId = interview.data?.projectId;
        navigate(projectId ? `/projects/${projectId}` : "/");
      },
      meta: { errorTitle: "Error deleting interview", errorFallback: "Could not delete the interview." },
    }),
  );
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
    meta: {
      errorTitle: "Error creating document",
      errorDescription: "Could not create a document from the summary.",
    },
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
    <PageShell>
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
                  {stakeholderLabel(data.stakeholderType)} · Created on {formatDate(data.createdAt)}
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
              <Tabs.Tab value="plan">Plan</Tabs.Tab>
            </Tabs.List>

            <Tabs.Panel value="conversation" pt="md">
              <InterviewConversationTab
                interview={data}
                onSummary={(documentation) => {
                  setSummary(documentation);
                  setTab("summary");
                  client.interviews.saveSummary
                    .mutate({ id: interviewId, content: documentation })
                    .then((saved) =>
                      queryClient.setQueryData(trpc.interviews.summary.queryKey({ id: interviewId }), saved),
                    )
                    .catch(() =>
                      toast({
                        title: "Error saving summary",
                        description: "The summary is shown but was not saved; generate it again.",
                        variant: "destructive",
                      }),
                    );
                }}
              />
            </Tabs.Panel>

            <Tabs.Panel value="notes" pt="md">
              <SectionCard
                title="Notes"
                actions={
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
                }
              >
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
              </SectionCard>
            </Tabs.Panel>

            <Tabs.Panel value="summary" pt="md">
              <SectionCard
                title="Summary"
                actions={
                  <Button
                    size="xs"
                    disabled={!summary}
                    loading={createDocument.isPending}
                    onClick={() => createDocument.mutate()}
                  >
                    Create Document
                  </Button>
                }
              >
                <ScrollArea h={SUMMARY_HEIGHT}>
                  {summary ? (
                    <Markdown>{summary}</Markdown>
                  ) : (
                    <Text c="dimmed">Generate a summary from the transcript on the Conversation tab.</Text>
                  )}
                </ScrollArea>
              </SectionCard>
            </Tabs.Panel>

            <Tabs.Panel value="plan" pt="md">
              <InterviewPlanPanel interviewId={interviewId} />
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
    </PageShell>
  );
}
