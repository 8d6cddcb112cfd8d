import { Button, Card, Code, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconCopy, IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { copyText, downloadText, slug } from "../../lib/download";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { ContentSkeleton } from "../ContentSkeleton";
import { LoadError } from "../LoadError";
import { CodingAgentCard } from "./CodingAgentCard";
import type { Project } from "./labels";
import { SavedVersionsList } from "./SavedVersionsList";

const AUTOSAVE_MS = 1000;
const NOTHING_TO_BUILD_FROM = "No requirements or summary available";

export function PromptTab({ project }: { project: Project }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prompts = useQuery(trpc.prompts.list.queryOptions({ projectId: project.id }));
  const active = prompts.data?.find((p) => p.isActive) ?? null;
  const [content, setContent] = useState("");
  const [editing, setEditing] = useState(false);
  const listKey = trpc.prompts.list.queryKey({ projectId: project.id });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

  useEffect(() => {
    if (!editing) setContent(active?.content ?? "");
  }, [active, editing]);

  // The list shows the edit at once, so leaving edit mode before the save lands shows the new text.
  const update = useMutation(
    trpc.prompts.update.mutationOptions({
      onMutate: ({ id, content }) =>
        queryClient.setQueryData(listKey, (list) => list?.map((p) => (p.id === id ? { ...p, content } : p))),
      onSuccess: (saved) =>
        queryClient.setQueryData(listKey, (list) => list?.map((p) => (p.id === saved.id ? saved : p))),
      onError: () => refresh(),
      meta: { errorToast: false },
    }),
  );
  // Like the summary: autosave about a second after typing stops; failures are only logged (spec 1 §8).
  const autosave = useDebouncedCallback(
    (id: number, value: string) => {
      if (!value.trim()) return;
      update.mutate(
        { id, content: value },
        { onError: (e) => console.error("Autosave of the prompt failed", e) },
      );
    },
    { delay: AUTOSAVE_MS, flushOnUnmount: true },
  );
  const toggleEditing = () => {
    if (editing) autosave.flush();
    setEditing((e) => !e);
  };

  // One server workflow reads the project, summary, requirements and evidence and saves the prompt.
  const generate = useMutation(
    trpc.evidence.generatePrompt.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        await refresh();
        toast({ title: "Prompt generated", description: "Your optimized build prompt is ready." });
      },
      onError: (error) => {
        if (error.message === NOTHING_TO_BUILD_FROM) {
          toast({
            title: NOTHING_TO_BUILD_FROM,
            description: "Summarize interviews or create requirements first.",
            variant: "destructive",
          });
          return;
        }
        toast({
          title: "Error generating Replit prompt",
          description: error.message,
          variant: "destructive",
        });
      },
      // Nothing to build from has its own toast.
      meta: { errorToast: false },
    }),
  );
  const saveVersion = useMutation(
    trpc.prompts.create.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        await refresh();
        toast({ title: "Prompt saved", description: "A new version of the prompt was saved." });
      },
      meta: { errorTitle: "Error saving Replit prompt" },
    }),
  );
  const load = useMutation(
    trpc.prompts.activate.mutationOptions({
      onSuccess: async () => {
        setEditing(false);
        await refresh();
      },
      meta: { errorTitle: "Error saving Replit prompt" },
    }),
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Build Prompt</Title>
        <Button
          leftSection={<IconSparkles size={16} />}
          loading={generate.isPending}
          onClick={() => generate.mutate({ projectId: project.id })}
        >
          AI Optimized Prompt
        </Button>
      </Group>
      {generate.isPending && (
        <Text size="sm" c="dimmed" role="status" ta="right">
          Writing the build prompt from the summary, requirements and interview evidence…
        </Text>
      )}
      <Card withBorder radius="lg" p="lg" mih={260}>
        {prompts.isLoading ? (
          <ContentSkeleton label="Loading prompt" count={1} height={200} cols={1} />
        ) : prompts.isError ? (
          <LoadError
            title="Error loading prompts"
            message="The saved prompts could not be loaded."
            query={prompts}
          />
        ) : !content.trim() && !editing ? (
          <Stack align="center" py="xl" gap="xs">
            <Title order={4}>No prompt yet</Title>
            <Text c="dimmed" ta="center" maw={460}>
              Generate an optimized prompt for an AI app builder from your requirements and summary.
            </Text>
          </Stack>
        ) : (
          <Stack>
            <Group justify="flex-end" gap="xs">
              {editing && (
                <Text size="xs" c="dimmed" mr="auto">
                  {update.isPending ? "Saving..." : update.isSuccess ? "Saved" : "Changes save automatically"}
                </Text>
              )}
              <Button size="xs" variant="default" onClick={toggleEditing}>
                {editing ? "View" : "Edit"}
              </Button>
              <Button
                size="xs"
                leftSection={<IconCopy size={14} />}
                onClick={async () => {
                  if (await copyText(content))
                    toast({ title: "Copied", description: "The prompt is on your clipboard." });
                }}
              >
                Copy
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => downloadText(`${slug(project.title)}-prompt.md`, content)}
              >
                Download as markdown
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!content.trim()}
                loading={saveVersion.isPending}
                onClick={() =>
                  saveVersion.mutate({
                    projectId: project.id,
                    title: `${project.title} - Prompt`,
                    content,
                    status: "completed",
                  })
                }
              >
                Save Version
              </Button>
            </Group>
            {editing ? (
              <Textarea
                aria-label="Prompt text"
                autosize
                minRows={16}
                value={content}
                onChange={(e) => {
                  setContent(e.currentTarget.value);
                  if (active) autosave(active.id, e.currentTarget.value);
                }}
                styles={{ input: { fontFamily: "ui-monospace, monospace", fontSize: 13 } }}
              />
            ) : (
              // The prompt is pasted into an app builder as it stands: shown as the text it is.
              <Code
                block
                tabIndex={0}
                aria-label="Build prompt"
                fz="sm"
                mah={560}
                style={{ whiteSpace: "pre-wrap", overflowY: "auto", lineHeight: 1.55 }}
              >
                {content}
              </Code>
            )}
          </Stack>
        )}
      </Card>
      <CodingAgentCard />
      <Title order={4}>Saved prompts</Title>
      {prompts.isError ? null : (
        <SavedVersionsList
          versions={prompts.data ?? []}
          emptyText="Saved prompts appear here."
          disableActiveLoad
          onLoad={(prompt) => load.mutate({ id: prompt.id })}
        />
      )}
    </Stack>
  );
}
