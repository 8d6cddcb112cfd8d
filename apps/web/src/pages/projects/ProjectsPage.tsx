import { Alert, Button, Card, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFolderPlus, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ContentSkeleton } from "../../components/ContentSkeleton";
import { PageShell } from "../../components/PageShell";
import { ProjectFormModal, type ProjectFormValues } from "../../components/workspace/ProjectFormModal";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

const PRICING_REDIRECT_MS = 2000;

export default function ProjectsPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const projects = useQuery(trpc.projects.list.queryOptions());
  const allowance = useQuery(trpc.projects.allowance.queryOptions()).data;

  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: async (project) => {
        await queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.projects.allowance.queryKey() });
        setCreating(false);
        navigate(`/projects/${project.id}`);
      },
      onError: (error) => {
        if (error.message.includes("Project limit reached")) {
          toast({
            title: "Project limit reached",
            description: "Upgrade your plan to create more projects",
            variant: "destructive",
          });
          setTimeout(() => navigate("/pricing"), PRICING_REDIRECT_MS);
          return;
        }
        toast({ title: "Error creating project", description: error.message, variant: "destructive" });
      },
      // The project limit has its own toast and leads to the plans.
      meta: { errorToast: false },
    }),
  );

  const submit = (values: ProjectFormValues) =>
    create.mutate({
      title: values.title.trim(),
      objective: values.objective,
      targetAudience: values.targetAudience,
      keyFeatures: values.keyFeatures,
      constraints: values.constraints,
      references: values.references,
      status: "in_progress",
    });

  return (
    <PageShell>
      <Container size="xl" py="xl">
        <Group justify="space-between" mb="lg">
          <div>
            <Title order={1}>Projects</Title>
            <Text c="dimmed">
              Each project gathers stakeholder interviews into a summary, requirements and a build prompt.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Project
          </Button>
        </Group>

        {projects.isLoading ? (
          <ContentSkeleton label="Loading projects" height={190} />
        ) : projects.isError ? (
          <Alert color="red" variant="light">
            Error loading projects. Please try again later.
          </Alert>
        ) : !projects.data?.length ? (
          <Card withBorder radius="lg" p="xl">
            <Stack align="center" gap="sm" py="xl">
              <IconFolderPlus size={48} stroke={1.3} color="var(--mantine-color-indigo-5)" />
              <Title order={3}>No projects yet</Title>
              <Text c="dimmed" ta="center" maw={420}>
                Create your first project, then send stakeholders a link: the AI interviews them by voice or
                text.
              </Text>
              <Button mt="sm" onClick={() => setCreating(true)}>
                New Project
              </Button>
            </Stack>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {projects.data.map((project) => (
              <Card
                key={project.id}
                withBorder
                radius="lg"
                padding="lg"
                component={Link}
                to={`/projects/${project.id}`}
                style={{ display: "flex", flexDirection: "column" }}
              >
                <Title order={3} size="h4" lineClamp={2}>
                  {project.title}
                </Title>
                <Text size="sm" c="dimmed" mt="xs" lineClamp={3} style={{ flex: 1 }}>
                  {project.objective || "No objective yet."}
                </Text>
                {project.targetAudience && (
                  <Text size="xs" mt="sm" c="var(--mantine-color-anchor)" fw={500} lineClamp={1}>
                    Audience: {project.targetAudience}
                  </Text>
                )}
                <Button variant="light" mt="md" component="span">
                  View Details
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
      <Modal
        opened={creating && Boolean(allowance?.reached)}
        onClose={() => setCreating(false)}
        title="Project limit reached"
      >
        <Text size="sm">
          You have created {allowance?.used} of the {allowance?.limit} new{" "}
          {allowance?.limit === 1 ? "project" : "projects"} the {allowance?.plan} plan allows this month.
          Upgrade your plan to create more projects.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setCreating(false)}>
            Close
          </Button>
          <Button component={Link} to="/pricing">
            See plans
          </Button>
        </Group>
      </Modal>
      <ProjectFormModal
        opened={creating && !allowance?.reached}
        notice={
          allowance && (
            <Text size="sm" c="dimmed">
              {allowance.used} of {allowance.limit} new projects this month on the {allowance.plan} plan.
            </Text>
          )
        }
        onClose={() => setCreating(false)}
        onSubmit={submit}
        title="New Project"
        submitLabel="Create Project"
        pending={create.isPending}
      />
    </PageShell>
  );
}
