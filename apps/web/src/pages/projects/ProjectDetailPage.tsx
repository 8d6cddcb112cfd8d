import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconEdit, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AppHeader } from "../../components/AppHeader";
import { LoadFailurePage } from "../../components/NoticePage";
import { InterviewsTab } from "../../components/workspace/InterviewsTab";
import type { Project } from "../../components/workspace/labels";
import {
  ProjectFormModal,
  type ProjectFormValues,
  toFormValues,
} from "../../components/workspace/ProjectFormModal";
import { PromptTab } from "../../components/workspace/PromptTab";
import { RequirementsTab } from "../../components/workspace/RequirementsTab";
import { SummaryTab } from "../../components/workspace/SummaryTab";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

const DELETE_REDIRECT_MS = 1000;
const TAB_SWITCH_MS = 100;
type Tab = "interviews" | "summary" | "requirements" | "replit-prompts";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Box mt={2}>{children}</Box>
    </div>
  );
}

function ProjectFields({ project }: { project: Project }) {
  const features = (project.keyFeatures ?? "")
    .split("\n")
    .map((l) => l.replace(/^[-*•]\s*/, "").trim())
    .filter(Boolean);
  const references = (project.references ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Field label="Objective">
          <Text>{project.objective || "—"}</Text>
        </Field>
        <Group grow align="flex-start">
          <Field label="Domain">
            <Text>{project.domain || "—"}</Text>
          </Field>
          <Field label="Target audience">
            <Text>{project.targetAudience || "—"}</Text>
          </Field>
        </Group>
        {features.length > 0 && (
          <Field label="Key features">
            <List size="sm">
              {features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Field>
        )}
        {project.constraints && (
          <Field label="Constraints">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {project.constraints}
            </Text>
          </Field>
        )}
        {references.length > 0 && (
          <Field label="References">
            <Stack gap={2}>
              {references.map((ref) =>
                ref.startsWith("http") ? (
                  <Anchor key={ref} href={ref} target="_blank" rel="noopener noreferrer" size="sm">
                    {ref}
                  </Anchor>
                ) : (
                  <Text key={ref} size="sm">
                    {ref}
                  </Text>
                ),
              )}
            </Stack>
          </Field>
        )}
      </Stack>
    </Card>
  );
}

export default function ProjectDetailPage() {
  const { id } = useParams();
  const projectId = Number(id);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<Tab>("interviews");
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
      onError: (error) =>
        toast({ title: "Error updating project", description: error.message, variant: "destructive" }),
    }),
  );
  const remove = useMutation(
    trpc.projects.delete.mutationOptions({
      onSuccess: () => {
        setConfirmDelete(false);
        toast({ title: "Project deleted", description: "The project and its interviews were deleted." });
        queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        setTimeout(() => navigate("/projects"), DELETE_REDIRECT_MS);
      },
      onError: (error) =>
        toast({ title: "Error deleting project", description: error.message, variant: "destructive" }),
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

  return (
    <Box mih="100vh" bg="gray.0">
      <AppHeader signOutLabel="Sign Out" />
      {user?.subscriptionStatus === "canceled" && (
        <Alert color="yellow" radius={0} variant="filled">
          <Group justify="center" gap="xs">
            <Text size="sm" fw={500}>
              Your subscription is canceled: you can view your projects but not create new content.
            </Text>
            <Anchor component={Link} to="/upgrade" c="dark" fw={700} size="sm">
              Upgrade your plan
            </Anchor>
          </Group>
        </Alert>
      )}
      <Container size="xl" py="lg">
        {project.isLoading || !project.data ? (
          <Center py={80}>
            <Loader aria-label="Loading project" />
          </Center>
        ) : (
          <Stack gap="lg">
            <Group justify="space-between">
              <Button
                variant="subtle"
                leftSection={<IconArrowLeft size={16} />}
                component={Link}
                to="/projects"
              >
                Back to Projects
              </Button>
              {viewingAsAdmin ? (
                <Badge color="grape" variant="light" size="lg">
                  Viewing as administrator (read only)
                </Badge>
              ) : (
                <Group gap="xs">
                  <Button
                    variant="default"
                    leftSection={<IconEdit size={16} />}
                    onClick={() => setEditing(true)}
                  >
                    Edit Project
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setConfirmDelete(true)}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Group>
            <div>
              <Title order={1}>{project.data.title}</Title>
              {project.data.description && <Text c="dimmed">{project.data.description}</Text>}
            </div>
            <ProjectFields project={project.data} />
            <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? "interviews")} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="interviews">Interviews</Tabs.Tab>
                <Tabs.Tab value="summary">Summary</Tabs.Tab>
                <Tabs.Tab value="requirements">Requirements</Tabs.Tab>
                <Tabs.Tab value="replit-prompts">Prompt</Tabs.Tab>
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
    </Box>
  );
}
