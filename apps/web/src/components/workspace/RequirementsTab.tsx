import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { followJob } from "../../features/jobs/followedJobs";
import { JobProgress } from "../../features/jobs/JobProgress";
import { useJob } from "../../features/jobs/useJob";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { ConfirmProvider } from "../ConfirmDialog";
import { LoadError } from "../LoadError";
import { BlockerHint } from "./BlockerHint";
import { interviewNamer, LanguageNotices } from "./Evidence";
import type { Interview, Project } from "./labels";
import { AddDialog, type AddRequest } from "./requirements/AddDialogs";
import { EpicCard } from "./requirements/EpicCard";
import { ExportMenu } from "./requirements/ExportMenu";
import { RulesDraftNote } from "./requirements/RulesDraftNote";
import { SavedRequirements } from "./requirements/SavedRequirements";
import { useRequirementsActions } from "./requirements/useRequirementsActions";

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

const requirementsJobKey = (projectId: number) => `requirements:${projectId}`;

/**
 * Create/Refresh Requirements: one server job reads the summary and the interviews' evidence, writes
 * the tree (merging the owner's edits) and saves a version. The spec's 'No summary available' first.
 */
function useGenerateRequirements(project: Project) {
  const client = useTRPCClient();
  const actions = useRequirementsActions(project.id);
  const key = requirementsJobKey(project.id);
  const job = useJob(key, async () => {
    await actions.refresh();
    toast({
      title: "Requirements generated",
      description: "Epics, features and user stories are ready to edit.",
    });
  });
  const start = useMutation({
    mutationFn: async () => {
      const { summary } = await client.documents.summary.query({ projectId: project.id });
      if (!summary.trim()) throw new Error("NO_SUMMARY");
      return client.evidence.generateRequirements.mutate({ projectId: project.id });
    },
    onSuccess: ({ jobId }) => followJob(key, jobId),
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
    // A missing summary has its own toast.
    meta: { errorToast: false },
  });
  return { start, job };
}

function RequirementsWorkspace({ project, interviews }: RequirementsTabProps) {
  const trpc = useTRPC();
  const data = useQuery(trpc.requirements.get.queryOptions({ projectId: project.id }));
  const actions = useRequirementsActions(project.id);
  const [adding, setAdding] = useState<AddRequest | null>(null);
  const epics = data.data?.epics ?? [];
  const existing = data.data?.requirements ?? "";
  const { start, job } = useGenerateRequirements(project);
  const summary = useQuery(trpc.documents.summary.queryOptions({ projectId: project.id }));
  const nameOf = interviewNamer(interviews);
  const noSummary = summary.data !== undefined && !summary.data.summary.trim();

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
          <ExportMenu projectId={project.id} disabled={!epics.length} />
          <Button
            leftSection={<IconSparkles size={16} />}
            loading={start.isPending}
            disabled={Boolean(job.followed)}
            aria-describedby={noSummary ? "requirements-blocker" : undefined}
            onClick={() => start.mutate()}
          >
            {existing.trim() ? "Refresh Requirements" : "Create Requirements"}
          </Button>
        </Group>
      </Group>
      {noSummary && (
        <BlockerHint id="requirements-blocker">
          Create Requirements needs a summary: summarize your interviews first.
        </BlockerHint>
      )}
      <LanguageNotices notices={data.data?.notices} nameOf={nameOf} what="requirements" />
      {job.followed && (
        <JobProgress
          label={existing.trim() ? "Refreshing requirements" : "Creating requirements"}
          followed={job.followed}
          job={job.job}
          lostError={job.lostError}
          onCancel={job.stop}
          onRetry={() => {
            job.stop();
            start.mutate();
          }}
        />
      )}

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
      ) : !epics.length && job.followed ? null : !epics.length ? (
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
          <RulesDraftNote />
          <Text size="xs" c="dimmed">
            Click any name, description, criterion or story part to edit it: Enter saves, Escape cancels.
          </Text>
          {epics.map((epic) => (
            <EpicCard
              key={epic.id}
              epic={epic}
              nameOf={nameOf}
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
