import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { ConfirmProvider } from "../ConfirmDialog";
import { LoadError } from "../LoadError";
import type { Interview, Project } from "./labels";
import { AddDialog, type AddRequest } from "./requirements/AddDialogs";
import { EpicCard } from "./requirements/EpicCard";
import { SavedRequirements } from "./requirements/SavedRequirements";
import { useRequirementsActions } from "./requirements/useRequirementsActions";
import { collectTranscripts } from "./useSummarize";

interface RequirementsTabProps {
  project: Project;
  interviews: Interview[] | undefined;
}

export function RequirementsTab(props: RequirementsTabProps) {
  return (
    <ConfirmProvider>
      <RequirementsWorkspace {...props} />
    </ConfirmProvider>
  );
}

/** Create/Refresh Requirements: one click reads the summary and transcripts, generates, saves a version. */
function useGenerateRequirements(project: Project, interviews: Interview[] | undefined, existing: string) {
  const client = useTRPCClient();
  const actions = useRequirementsActions(project.id);
  return useMutation({
    mutationFn: async () => {
      const { summary } = await client.documents.summary.query({ projectId: project.id });
      if (!summary.trim()) throw new Error("NO_SUMMARY");
      const { transcripts } = await collectTranscripts(client, interviews ?? []);
      const result = await client.ai.generateRequirements.mutate({
        title: project.title,
        content: summary,
        transcripts,
        existingRequirements: existing,
        isRefresh: Boolean(existing.trim()),
        projectId: project.id,
      });
      await client.requirements.save.mutate({ projectId: project.id, requirements: result.requirements });
      await client.requirements.saveVersion.mutate({ projectId: project.id });
    },
    onSuccess: async () => {
      await actions.refresh();
      toast({
        title: "Requirements generated",
        description: "Epics, features and user stories are ready to edit.",
      });
    },
    onError: (error) => {
      if (error.message === "NO_SUMMARY") {
        toast({
          title: "No summary available",
          description: "Summarize your interviews first.",
          variant: "destructive",
        });
        return;
      }
      toast({
        title: "Error generating requirements",
        description: error.message || "Failed to generate requirements structure",
        variant: "destructive",
      });
    },
  });
}

function RequirementsWorkspace({ project, interviews }: RequirementsTabProps) {
  const trpc = useTRPC();
  const data = useQuery(trpc.requirements.get.queryOptions({ projectId: project.id }));
  const actions = useRequirementsActions(project.id);
  const [adding, setAdding] = useState<AddRequest | null>(null);
  const epics = data.data?.epics ?? [];
  const existing = data.data?.requirements ?? "";
  const generate = useGenerateRequirements(project, interviews, existing);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Requirements</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding({ kind: "epic" })}
          >
            Add Epic
          </Button>
          <Button
            leftSection={<IconSparkles size={16} />}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {existing.trim() ? "Refresh Requirements" : "Create Requirements"}
          </Button>
        </Group>
      </Group>

      {data.isLoading ? (
        <Stack aria-busy="true" aria-label="Loading requirements">
          <Skeleton h={160} radius="lg" />
          <Skeleton h={160} radius="lg" />
        </Stack>
      ) : data.isError ? (
        <LoadError
          title="Error loading requirements"
          message="The requirements could not be loaded."
          query={data}
        />
      ) : !epics.length ? (
        <Card withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <Title order={4}>No requirements yet</Title>
            <Text c="dimmed" ta="center" maw={460}>
              Create requirements from your summary, or add epics, features and user stories yourself. Every
              generated story shows the interview quote it rests on.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack>
          <Text size="xs" c="dimmed">
            Click any name, description, criterion or story part to edit it: Enter saves, Escape cancels.
          </Text>
          {epics.map((epic) => (
            <EpicCard
              key={epic.id}
              epic={epic}
              actions={actions}
              onAddFeature={() => setAdding({ kind: "feature", epicId: epic.id })}
              onAddStory={(featureId) => setAdding({ kind: "story", featureId })}
            />
          ))}
        </Stack>
      )}

      {!data.isError && (
        <SavedRequirements documents={data.data?.documents ?? []} refresh={actions.refresh} />
      )}

      <AddDialog
        request={adding}
        onClose={() => setAdding(null)}
        projectId={project.id}
        epics={epics}
        actions={actions}
      />
    </Stack>
  );
}
