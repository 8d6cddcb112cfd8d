import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconEdit, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { LoadFailurePage } from "../../components/NoticePage";
import { PageShell } from "../../components/PageShell";
import { InterviewsTab } from "../../components/workspace/InterviewsTab";
import { ProjectBrief } from "../../components/workspace/ProjectBrief";
import {
  ProjectFormModal,
  type ProjectFormValues,
  toFormValues,
} from "../../components/workspace/ProjectFormModal";
import { PromptTab } from "../../components/workspace/PromptTab";
import { PrivacySettingsCard } from "../../components/workspace/privacy/PrivacySettingsCard";
import { RequirementsTab } from "../../components/workspace/RequirementsTab";
import { SummaryTab } from "../../components/workspace/SummaryTab";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

const DELETE_REDIRECT_MS = 1000;
const TAB_SWITCH_MS = 100;
const TABS = ["interviews", "summary", "requirements", "replit-prompts"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const TAB_LABELS: Record<Tab, string> = {
  interviews: "Interviews",
  summary: "Summary",
  requirements: "Requirements",
  "replit-prompts": "Prompt",
};

/**
 * The open tab lives in the URL (`?tab=summary`), so a reload keeps it and Back returns to the last
 * one; the interviews tab is the address without a tab.
 */
function useTabParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const tab: Tab = isTab(raw) ? raw : "interviews";
  const setTab = (next: Tab) => {
    if (next === tab) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "interviews") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { preventScrollReset: true },
    );
  };
  return [tab, setTab] as const;
}

/** Placeholder shapes while the project loads: the page keeps its layout instead of a blank spinner. */
function ProjectSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading project">
      <Skeleton h={20} w={140} />
      <Skeleton h={36} w="50%" />
      <Skeleton h={56} />
      <Skeleton h={36} />
      <Skeleton h={200} />
    </Stack>
  );
}

export default function ProjectDetailPage() {
  const { id } = useParams();
  const projectId = Number(id);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [tab, setTab] = useTabParam();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const project = useQuery({ ...trpc.projects.get.queryOptions({ id: projectId }), enabled: valid });
  const interviews = useQuery({
    ...trpc.interviews.listByProject.queryOptions({ projectId }),
    enabled: valid && project.isSuccess,
  });
  const initial = useMemo(() => toFormValues(project.data), [project.data]);

  const update = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.projects.get.queryKey({ id: projectId }), data);
        queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        setEditing(false);
        toast({ title: "Project updated", description: "Your changes were saved." });
      },
      meta: { errorTitle: "Error updating project" },
    }),
  );
  const remove = useMutation(
    trpc.projects.delete.mutationOptions({
      // The dialog closes either way: on failure the toast says why, and the page stays as it was.
      onSettled: () => setConfirmDelete(false),
      onSuccess: () => {
        toast({ title: "Project deleted", description: "The project and its interviews were deleted." });
        queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        setTimeout(() => navigate("/projects"), DELETE_REDIRECT_MS);
      },
      meta: { errorTitle: "Error deleting project" },
    }),
  );

  /** Switching tabs from code waits 100 ms (spec 1 §2), so the clicked control settles first. */
  const switchTab = (next: Tab) => setTimeout(() => setTab(next), TAB_SWITCH_MS);

  if (!valid || project.isError)
    return (
      <LoadFailurePage
        what="project"
        query={project}
        validId={valid}
        backTo="/projects"
        signOutLabel="Sign Out"
      />
    );

  const submitEdit = (values: ProjectFormValues) =>
    update.mutate({ id: projectId, ...values, title: values.title.trim() });

  // An admin opening another user's project (from the admin user page) may read it, not change it.
  const viewingAsAdmin = Boolean(user?.isAdmin && project.data && project.data.userId !== user.id);

  const canceledBanner = user?.subscriptionStatus === "canceled" && (
    <Alert color="yellow" radius={0} variant="filled">
      <Group justify="center" gap="xs">
        <Text size="sm" fw={500}>
          Your subscription is canceled: you can view your projects but not create new content.
        </Text>
        <Anchor component={Link} to="/upgrade" c="var(--mantine-color-text)" fw={700} size="sm">
          Upgrade your plan
        </Anchor>
      </Group>
    </Alert>
  );

  return (
    <PageShell signOutLabel="Sign Out" banner={canceledBanner}>
      <Container size="xl" py="lg">
        {project.isLoading || !project.data ? (
          <ProjectSkeleton />
        ) : (
          <Stack gap="md">
            <Anchor component={Link} to="/projects" size="sm" w="fit-content">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden /> Back to Projects
              </Group>
            </Anchor>
            <Group justify="space-between" align="flex-start" gap="sm">
              <Box style={{ flex: "1 1 320px", minWidth: 0 }}>
                <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
                  {project.data.title}
                </Title>
                {project.data.description && (
                  <Text c="dimmed" size="sm" mt={4} lineClamp={2}>
                    {project.data.description}
                  </Text>
                )}
              </Box>
              {viewingAsAdmin ? (
                <Badge color="grape" variant="light" size="lg">
                  Viewing as administrator (read only)
                </Badge>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconEdit size={16} />}
                    onClick={() => setEditing(true)}
                  >
                    Edit Project
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    size="sm"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setConfirmDelete(true)}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Group>
            <ProjectBrief project={project.data} />
            <PrivacySettingsCard project={project.data} readOnly={viewingAsAdmin} />
            <Tabs
              value={tab}
              onChange={(v) => setTab(isTab(v) ? v : "interviews")}
              keepMounted={false}
              mt="xs"
            >
              {/* One row at every width: on a phone the tabs scroll sideways instead of wrapping. */}
              <Tabs.List
                style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden", scrollbarWidth: "none" }}
              >
                {TABS.map((value) => (
                  <Tabs.Tab key={value} value={value} style={{ flexShrink: 0 }}>
                    {TAB_LABELS[value]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Box pt="lg">
                <Tabs.Panel value="interviews">
                  <InterviewsTab project={project.data} onSummarized={() => switchTab("summary")} />
                </Tabs.Panel>
                <Tabs.Panel value="summary">
                  <SummaryTab project={project.data} interviews={interviews.data} />
                </Tabs.Panel>
                <Tabs.Panel value="requirements">
                  <RequirementsTab project={project.data} interviews={interviews.data} />
                </Tabs.Panel>
                <Tabs.Panel value="replit-prompts">
                  <PromptTab project={project.data} />
                </Tabs.Panel>
              </Box>
            </Tabs>
          </Stack>
        )}
      </Container>
      <ProjectFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        onSubmit={submitEdit}
        initial={initial}
        title="Edit Project"
        submitLabel="Save Changes"
        pending={update.isPending}
        showDescription
      />
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete this project?">
        <Text size="sm">
          “{project.data?.title}” and all its interviews, transcripts, summaries, requirements and prompts
          will be deleted. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: projectId })}>
            Delete Project
          </Button>
        </Group>
      </Modal>
    </PageShell>
  );
}
