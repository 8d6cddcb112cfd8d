import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconBold, IconH2, IconItalic, IconList } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { JobProgress } from "../../features/jobs/JobProgress";
import { copyText, downloadText, slug } from "../../lib/download";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { ContentSkeleton } from "../ContentSkeleton";
import { LoadError } from "../LoadError";
import { ChatPanel } from "./ChatPanel";
import { interviewNamer, LanguageNotices, SynthesisPanels } from "./Evidence";
import type { Interview, Project } from "./labels";
import { Markdown } from "./Markdown";
import { SavedVersionsList } from "./SavedVersionsList";
import { summarizeBlocker, useSummarize, useSynthesisJob } from "./useSummarize";

const AUTOSAVE_MS = 1000;
const TOOLTIP_OPEN_MS = 700;
const TOOLTIP_SKIP_MS = 300;
/** The edit toolbar: markdown for bold, italic, a heading and a bullet. */
const FORMATS = [
  { kind: "bold", label: "Bold", Icon: IconBold },
  { kind: "italic", label: "Italic", Icon: IconItalic },
  { kind: "heading", label: "Heading", Icon: IconH2 },
  { kind: "bullet", label: "Bullet", Icon: IconList },
] as const;

type Doc = { id: number; title: string; content: string; isActive: boolean; createdAt: string };

/** Wraps the selection (or inserts at the caret) with markdown, for the edit toolbar. */
function applyFormat(
  area: HTMLTextAreaElement,
  value: string,
  kind: "bold" | "italic" | "heading" | "bullet",
) {
  const { selectionStart: start, selectionEnd: end } = area;
  const selected = value.slice(start, end);
  if (kind === "bold" || kind === "italic") {
    const mark = kind === "bold" ? "**" : "_";
    return value.slice(0, start) + mark + (selected || "text") + mark + value.slice(end);
  }
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const prefix = kind === "heading" ? "## " : "- ";
  return value.slice(0, lineStart) + prefix + value.slice(lineStart);
}

export function SummaryTab({
  project,
  interviews,
}: {
  project: Project;
  interviews: Interview[] | undefined;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const summary = useQuery(trpc.documents.summary.queryOptions({ projectId: project.id }));
  const versions = useQuery(trpc.documents.list.queryOptions({ projectId: project.id, kind: "summary" }));
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [viewing, setViewing] = useState<Doc | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const summaryKey = trpc.documents.summary.queryKey({ projectId: project.id });
  const versionsKey = trpc.documents.list.queryKey({ projectId: project.id, kind: "summary" });

  useEffect(() => {
    if (!editing && summary.data) setText(summary.data.summary);
  }, [summary.data, editing]);

  // One mutation for autosave and Save Changes, so the 'Saving...'/'Saved' line follows both. An
  // autosave failure is only logged (spec 1 §8); Save Changes says what failed in its own toast.
  const save = useMutation(
    trpc.documents.saveSummary.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(summaryKey, data),
      meta: { errorToast: false },
    }),
  );
  // Autosave about a second after typing stops.
  const autosave = useDebouncedCallback((value: string) => {
    save.mutate(
      { projectId: project.id, summary: value },
      { onError: (e) => console.error("Autosave failed", e) },
    );
  }, AUTOSAVE_MS);

  const refreshVersions = () => queryClient.invalidateQueries({ queryKey: versionsKey });
  const saveVersion = useMutation({
    mutationFn: async (title: string) => {
      const doc = await client.documents.create.mutate({
        projectId: project.id,
        kind: "summary",
        title,
        content: text,
        interviewIds: [],
        status: "completed",
      });
      return client.documents.activate.mutate({ id: doc.id });
    },
    onSuccess: () => {
      refreshVersions();
      toast({ title: "Version saved", description: "The summary was saved as a new version." });
    },
    meta: { errorTitle: "Error saving documentation" },
  });
  const activate = useMutation(
    trpc.documents.activate.mutationOptions({
      onSuccess: async (doc) => {
        setEditing(false);
        setViewing(null);
        queryClient.setQueryData(summaryKey, { summary: doc.content });
        setText(doc.content);
        await refreshVersions();
        toast({ title: "Summary loaded", description: `“${doc.title}” is now the active summary.` });
      },
      meta: { errorTitle: "Error saving documentation" },
    }),
  );
  const summarize = useSummarize(project, interviews, () => setEditing(false));
  const synthesis = useSynthesisJob(project, () => setEditing(false));
  const blocker = summarizeBlocker(interviews);
  const evidence = useQuery(trpc.evidence.synthesis.queryOptions({ projectId: project.id }));

  const format = (kind: (typeof FORMATS)[number]["kind"]) => {
    if (!area.current) return;
    const next = applyFormat(area.current, text, kind);
    setText(next);
    autosave(next);
    area.current.focus();
  };

  const active = text.trim();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack>
          <Group justify="space-between">
            <Title order={3}>Summary</Title>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={summary.isError}
                onClick={() => setEditing((e) => !e)}
              >
                {editing ? "View" : "Edit"}
              </Button>
              {editing && (
                <Button
                  size="xs"
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { projectId: project.id, summary: text },
                      {
                        onSuccess: () =>
                          toast({ title: "Changes saved", description: "The summary is up to date." }),
                        onError: (e) =>
                          toast({
                            title: "Error saving documentation",
                            description: e.message,
                            variant: "destructive",
                          }),
                      },
                    )
                  }
                >
                  Save Changes
                </Button>
              )}
              <Button
                size="xs"
                variant="light"
                disabled={!active}
                loading={saveVersion.isPending}
                onClick={() => saveVersion.mutate(`${project.title} - Summary`)}
              >
                Save Version
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={!active}
                onClick={() => saveVersion.mutate(`${project.title} - Summary (copy)`)}
              >
                Duplicate
              </Button>
              <Button
                size="xs"
                variant="light"
                loading={summarize.isPending}
                disabled={Boolean(synthesis.followed)}
                aria-describedby={blocker ? "summary-blocker" : undefined}
                onClick={() => summarize.mutate()}
              >
                New from Interviews
              </Button>
            </Group>
          </Group>
          {blocker && (
            <Text id="summary-blocker" size="xs" c="dimmed" ta={{ base: "left", sm: "right" }}>
              {blocker}
            </Text>
          )}
          <LanguageNotices
            notices={evidence.data?.notices}
            nameOf={interviewNamer(interviews)}
            what="summary"
          />
          <Card withBorder radius="lg" p="lg" mih={300}>
            {synthesis.followed && (
              <JobProgress
                label="Summarizing interviews"
                followed={synthesis.followed}
                job={synthesis.job}
                lostError={synthesis.lostError}
                onCancel={synthesis.stop}
                onRetry={() => {
                  synthesis.stop();
                  summarize.mutate();
                }}
              />
            )}
            {synthesis.followed && !active ? null : summary.isLoading ? (
              <ContentSkeleton label="Loading summary" count={1} height={220} cols={1} />
            ) : summary.isError ? (
              <LoadError
                title="Error loading summary"
                message="The summary could not be loaded."
                query={summary}
              />
            ) : editing ? (
              <Stack gap="xs">
                <Group gap={4}>
                  {/* Spec 1 §9: tooltips open after 700 ms; moving to the next within 300 ms skips the delay. */}
                  <Tooltip.Group openDelay={TOOLTIP_OPEN_MS} closeDelay={TOOLTIP_SKIP_MS}>
                    {FORMATS.map(({ kind, label, Icon }) => (
                      <Tooltip key={kind} label={label}>
                        <ActionIcon variant="default" onClick={() => format(kind)} aria-label={label}>
                          <Icon size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ))}
                  </Tooltip.Group>
                  <Text size="xs" c="dimmed" ml="auto">
                    {save.isPending ? "Saving..." : save.isSuccess ? "Saved" : "Changes save automatically"}
                  </Text>
                </Group>
                <Textarea
                  ref={area}
                  aria-label="Summary text"
                  autosize
                  minRows={16}
                  value={text}
                  onChange={(e) => {
                    setText(e.currentTarget.value);
                    autosave(e.currentTarget.value);
                  }}
                  styles={{ input: { fontFamily: "ui-monospace, monospace", fontSize: 13 } }}
                />
              </Stack>
            ) : active ? (
              <Markdown>{text}</Markdown>
            ) : (
              <Stack align="center" py="xl" gap="xs">
                <Title order={4}>No summary yet</Title>
                <Text c="dimmed" ta="center" maw={420}>
                  Summarize completed interviews, or start writing one yourself with Edit.
                </Text>
              </Stack>
            )}
          </Card>
          <SynthesisPanels projectId={project.id} interviews={interviews} />
          <Title order={4} mt="md">
            Saved versions
          </Title>
          {versions.isLoading ? (
            <ContentSkeleton label="Loading saved versions" count={2} height={56} cols={1} />
          ) : versions.isError ? (
            <LoadError
              title="Error loading saved versions"
              message="The saved versions could not be loaded."
              query={versions}
            />
          ) : (
            <SavedVersionsList
              versions={versions.data ?? []}
              emptyText="No saved versions yet."
              onView={setViewing}
              onLoad={(doc) => activate.mutate({ id: doc.id })}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <ChatPanel projectId={project.id} summary={text} />
      </Grid.Col>
      <Modal opened={Boolean(viewing)} onClose={() => setViewing(null)} title={viewing?.title} size="xl">
        {viewing && (
          <Stack>
            <Card withBorder p="md" mah="60vh" style={{ overflow: "auto" }}>
              <Markdown>{viewing.content}</Markdown>
            </Card>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={async () => {
                  if (await copyText(viewing.content))
                    toast({ title: "Copied", description: "The summary is on your clipboard." });
                }}
              >
                Copy
              </Button>
              <Button
                variant="default"
                onClick={() => downloadText(`${slug(viewing.title)}.md`, viewing.content)}
              >
                Download as .md
              </Button>
              <Button onClick={() => activate.mutate({ id: viewing.id })} loading={activate.isPending}>
                Make Active
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Grid>
  );
}
