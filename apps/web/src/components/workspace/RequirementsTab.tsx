import {
  ActionIcon,
  Badge,
  Blockquote,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { IconDots, IconPlus, IconSparkles, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { ConfirmProvider, useConfirm } from "../ConfirmDialog";
import { LoadError } from "../LoadError";
import type { Interview, Project } from "./labels";
import { Markdown } from "./Markdown";
import { collectTranscripts } from "./useSummarize";

type Epic = RouterOutputs["requirements"]["get"]["epics"][number];
type Feature = Epic["features"][number];
type SavedDoc = RouterOutputs["requirements"]["get"]["documents"][number];

const PREVIEW_CHARS = 150;

function useRequirementsActions(projectId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.requirements.get.queryKey({ projectId }) });
  const onError = (title: string) => (error: { message: string }) =>
    toast({ title, description: error.message, variant: "destructive" });
  return {
    refresh,
    addEpic: useMutation(
      trpc.requirements.addEpic.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error adding epic"),
      }),
    ),
    deleteEpic: useMutation(
      trpc.requirements.deleteEpic.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error deleting epic"),
      }),
    ),
    addFeature: useMutation(
      trpc.requirements.addFeature.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error adding feature"),
      }),
    ),
    updateFeature: useMutation(
      trpc.requirements.updateFeature.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error updating feature"),
      }),
    ),
    deleteFeature: useMutation(
      trpc.requirements.deleteFeature.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error deleting feature"),
      }),
    ),
    addStory: useMutation(
      trpc.requirements.addStory.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error adding user story"),
      }),
    ),
    deleteStory: useMutation(
      trpc.requirements.deleteStory.mutationOptions({
        onSuccess: refresh,
        onError: onError("Error deleting user story"),
      }),
    ),
  };
}

/** An acceptance criterion edited in place: click the text, edit, Enter or leave the field to save. */
function CriterionLine({
  text,
  onSave,
  onDelete,
}: {
  text: string;
  onSave: (text: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(text);
  if (editing) {
    const commit = () => {
      setEditing(false);
      if (value.trim() && value.trim() !== text) onSave(value.trim());
      else setValue(text);
    };
    return (
      <TextInput
        size="xs"
        autoFocus
        value={value}
        aria-label="Acceptance criterion"
        onChange={(e) => setValue(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") {
            setValue(text);
            setEditing(false);
          }
        }}
      />
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text
        size="sm"
        style={{ cursor: "text", flex: 1 }}
        onClick={() => setEditing(true)}
        title="Click to edit"
        role="button"
        tabIndex={0}
        onKeyDown={(e) => e.key === "Enter" && setEditing(true)}
      >
        ☐ {text}
      </Text>
      <ActionIcon size="xs" variant="subtle" color="red" onClick={onDelete} aria-label="Delete criterion">
        <IconTrash size={12} />
      </ActionIcon>
    </Group>
  );
}

function FeatureCard({
  feature,
  actions,
  onAddStory,
}: {
  feature: Feature;
  actions: ReturnType<typeof useRequirementsActions>;
  onAddStory: () => void;
}) {
  const [newCriterion, setNewCriterion] = useState("");
  const confirm = useConfirm();
  const saveCriteria = (criteria: Feature["acceptanceCriteria"]) =>
    actions.updateFeature.mutate({ id: feature.id, acceptanceCriteria: criteria });
  return (
    <Card withBorder radius="md" p="md" bg="var(--parley-page-bg)">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{feature.name}</Text>
          {feature.description && (
            <Text size="sm" c="dimmed">
              {feature.description}
            </Text>
          )}
        </div>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete feature ${feature.name}`}
          onClick={() =>
            confirm({
              title: "Delete this feature?",
              message: `“${feature.name}” and its user stories will be deleted.`,
              onConfirm: () => actions.deleteFeature.mutate({ id: feature.id }),
            })
          }
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="sm">
        Acceptance criteria
      </Text>
      <Stack gap={4} mt={4}>
        {feature.acceptanceCriteria.map((criterion, index) => (
          <div key={`${index}-${criterion.text}`}>
            <CriterionLine
              text={criterion.text}
              onSave={(text) =>
                saveCriteria(feature.acceptanceCriteria.map((c, i) => (i === index ? { ...c, text } : c)))
              }
              onDelete={() => saveCriteria(feature.acceptanceCriteria.filter((_, i) => i !== index))}
            />
            {criterion.quote && (
              <Text size="xs" c="dimmed" fs="italic" ml="md">
                “{criterion.quote}”
              </Text>
            )}
          </div>
        ))}
        <TextInput
          size="xs"
          placeholder="Add a criterion and press Enter"
          aria-label="New acceptance criterion"
          value={newCriterion}
          onChange={(e) => setNewCriterion(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && newCriterion.trim()) {
              saveCriteria([
                ...feature.acceptanceCriteria,
                { text: newCriterion.trim(), quote: null, assumption: true },
              ]);
              setNewCriterion("");
            }
          }}
        />
      </Stack>
      <Group justify="space-between" mt="md">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          User stories
        </Text>
        <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={onAddStory}>
          Add Story
        </Button>
      </Group>
      <Stack gap="xs" mt={4}>
        {!feature.stories.length && (
          <Text size="sm" c="dimmed">
            No user stories yet.
          </Text>
        )}
        {feature.stories.map((story) => (
          <Card key={story.id} withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">
                As a <b>{story.userType}</b>, I want to <b>{story.action}</b> so that <b>{story.benefit}</b>
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label="Delete user story"
                onClick={() =>
                  confirm({
                    title: "Delete this user story?",
                    message: `“As a ${story.userType}, I want to ${story.action}” will be deleted.`,
                    onConfirm: () => actions.deleteStory.mutate({ id: story.id }),
                  })
                }
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
            {story.quote ? (
              <Blockquote p={6} mt={6} fz="xs" color="indigo" cite="From the interview transcript">
                “{story.quote}”
              </Blockquote>
            ) : (
              <Badge size="xs" color="yellow" variant="light" mt={6}>
                Assumption: not quoted from an interview
              </Badge>
            )}
          </Card>
        ))}
      </Stack>
    </Card>
  );
}

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

function RequirementsWorkspace({ project, interviews }: RequirementsTabProps) {
  const confirm = useConfirm();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const data = useQuery(trpc.requirements.get.queryOptions({ projectId: project.id }));
  const actions = useRequirementsActions(project.id);
  const [epicForm, setEpicForm] = useState<{ name: string; description: string } | null>(null);
  const [featureForm, setFeatureForm] = useState<{
    epicId: string | null;
    name: string;
    description: string;
  } | null>(null);
  const [storyForm, setStoryForm] = useState<{
    featureId: number;
    userType: string;
    action: string;
    benefit: string;
  } | null>(null);
  const [viewing, setViewing] = useState<SavedDoc | null>(null);
  const epics = data.data?.epics ?? [];
  const hasRequirements = Boolean(data.data?.requirements.trim());

  const generate = useMutation({
    mutationFn: async () => {
      const { summary } = await client.documents.summary.query({ projectId: project.id });
      if (!summary.trim()) throw new Error("NO_SUMMARY");
      const { transcripts } = await collectTranscripts(client, interviews ?? []);
      const existing = data.data?.requirements ?? "";
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
  const activate = useMutation(
    trpc.documents.activate.mutationOptions({
      onSuccess: async () => {
        await actions.refresh();
        setViewing(null);
        toast({
          title: "Requirements activated",
          description: "The saved requirements are now the active structure.",
        });
      },
      onError: (e) =>
        toast({ title: "Error activating requirements", description: e.message, variant: "destructive" }),
    }),
  );
  const remove = useMutation(
    trpc.documents.delete.mutationOptions({
      onSuccess: () => actions.refresh(),
      onError: (e) =>
        toast({ title: "Error deleting requirements", description: e.message, variant: "destructive" }),
    }),
  );

  const submitEpic = (event: FormEvent) => {
    event.preventDefault();
    if (!epicForm?.name.trim()) {
      toast({
        title: "Epic name required",
        description: "Please enter a name for the epic",
        variant: "destructive",
      });
      return;
    }
    actions.addEpic.mutate(
      { projectId: project.id, name: epicForm.name.trim(), description: epicForm.description },
      { onSuccess: () => setEpicForm(null) },
    );
  };
  const submitFeature = (event: FormEvent) => {
    event.preventDefault();
    if (!featureForm?.epicId) {
      toast({
        title: "No epic selected",
        description: "Choose the epic this feature belongs to",
        variant: "destructive",
      });
      return;
    }
    if (!featureForm.name.trim()) {
      toast({
        title: "Feature name required",
        description: "Please enter a name for the feature",
        variant: "destructive",
      });
      return;
    }
    actions.addFeature.mutate(
      {
        epicId: Number(featureForm.epicId),
        name: featureForm.name.trim(),
        description: featureForm.description,
        acceptanceCriteria: [],
      },
      { onSuccess: () => setFeatureForm(null) },
    );
  };
  const submitStory = (event: FormEvent) => {
    event.preventDefault();
    if (!storyForm?.userType.trim() || !storyForm.action.trim() || !storyForm.benefit.trim()) {
      toast({
        title: "Incomplete user story",
        description: "Please fill in all fields for the user story",
        variant: "destructive",
      });
      return;
    }
    actions.addStory.mutate(storyForm, { onSuccess: () => setStoryForm(null) });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Requirements</Title>
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setEpicForm({ name: "", description: "" })}
          >
            Add Epic
          </Button>
          <Button
            leftSection={<IconSparkles size={16} />}
            loading={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {hasRequirements ? "Refresh Requirements" : "Create Requirements"}
          </Button>
        </Group>
      </Group>

      {data.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
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
          {epics.map((epic) => (
            <Card key={epic.id} withBorder radius="lg" p="lg">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Badge variant="light" mb={4}>
                    Epic
                  </Badge>
                  <Title order={4}>{epic.name}</Title>
                  {epic.description && (
                    <Text size="sm" c="dimmed">
                      {epic.description}
                    </Text>
                  )}
                </div>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for epic ${epic.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      onClick={() => setFeatureForm({ epicId: String(epic.id), name: "", description: "" })}
                    >
                      Add Feature
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      onClick={() =>
                        confirm({
                          title: "Delete this epic?",
                          message: `“${epic.name}” and all its features and user stories will be deleted.`,
                          onConfirm: () => actions.deleteEpic.mutate({ id: epic.id }),
                        })
                      }
                    >
                      Delete Epic
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
              <Stack mt="md" gap="sm">
                {epic.features.map((feature) => (
                  <FeatureCard
                    key={feature.id}
                    feature={feature}
                    actions={actions}
                    onAddStory={() =>
                      setStoryForm({ featureId: feature.id, userType: "", action: "", benefit: "" })
                    }
                  />
                ))}
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setFeatureForm({ epicId: String(epic.id), name: "", description: "" })}
                  w="fit-content"
                >
                  Add Feature
                </Button>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      <Title order={4} mt="md">
        Saved Requirements
      </Title>
      {data.isError ? null : !data.data?.documents.length ? (
        <Text size="sm" c="dimmed">
          Generated requirements are saved here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {data.data.documents.map((doc) => (
            <Card key={doc.id} withBorder radius="md" p="md">
              <Group justify="space-between">
                <Text fw={600} truncate>
                  {doc.title}
                </Text>
                {doc.isActive && <Badge color="green">Active</Badge>}
              </Group>
              <Text size="xs" c="dimmed">
                {new Date(doc.createdAt).toLocaleString()}
              </Text>
              <Text size="sm" mt="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                {doc.content.slice(0, PREVIEW_CHARS)}
                {doc.content.length > PREVIEW_CHARS ? "…" : ""}
              </Text>
              <Group gap="xs" mt="sm">
                <Button size="xs" variant="default" onClick={() => setViewing(doc)}>
                  View
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={async () => {
                    if (await copyText(doc.content))
                      toast({ title: "Copied", description: "The requirements are on your clipboard." });
                  }}
                >
                  Copy
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  disabled={doc.isActive}
                  onClick={() => activate.mutate({ id: doc.id })}
                >
                  Activate
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() =>
                    confirm({
                      title: "Delete these saved requirements?",
                      message: `“${doc.title}” will be deleted.${doc.isActive ? " It is the active document: the requirements structure will be cleared too." : ""}`,
                      onConfirm: () => remove.mutate({ id: doc.id }),
                    })
                  }
                >
                  Delete
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Modal opened={Boolean(epicForm)} onClose={() => setEpicForm(null)} title="Add Epic">
        <form onSubmit={submitEpic} noValidate>
          <Stack>
            <TextInput
              label="Epic name"
              required
              data-autofocus
              value={epicForm?.name ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setEpicForm((f) => f && { ...f, name: value });
              }}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={epicForm?.description ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setEpicForm((f) => f && { ...f, description: value });
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={actions.addEpic.isPending}>
                Add Epic
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={Boolean(featureForm)} onClose={() => setFeatureForm(null)} title="Add Feature">
        <form onSubmit={submitFeature} noValidate>
          <Stack>
            <Select
              label="Epic"
              placeholder="Choose an epic"
              data={epics.map((e) => ({ value: String(e.id), label: e.name }))}
              value={featureForm?.epicId ?? null}
              onChange={(v) => setFeatureForm((f) => f && { ...f, epicId: v })}
            />
            <TextInput
              label="Feature name"
              required
              value={featureForm?.name ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setFeatureForm((f) => f && { ...f, name: value });
              }}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={featureForm?.description ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setFeatureForm((f) => f && { ...f, description: value });
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={actions.addFeature.isPending}>
                Add Feature
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={Boolean(storyForm)} onClose={() => setStoryForm(null)} title="Add User Story">
        <form onSubmit={submitStory} noValidate>
          <Stack>
            <TextInput
              label="As a…"
              placeholder="user type"
              value={storyForm?.userType ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setStoryForm((f) => f && { ...f, userType: value });
              }}
              data-autofocus
            />
            <TextInput
              label="I want to…"
              placeholder="action"
              value={storyForm?.action ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setStoryForm((f) => f && { ...f, action: value });
              }}
            />
            <TextInput
              label="So that…"
              placeholder="benefit"
              value={storyForm?.benefit ?? ""}
              onChange={(e) => {
                const { value } = e.currentTarget;
                setStoryForm((f) => f && { ...f, benefit: value });
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={actions.addStory.isPending}>
                Add Story
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={Boolean(viewing)} onClose={() => setViewing(null)} title={viewing?.title} size="xl">
        {viewing && (
          <Stack>
            <Card withBorder mah="60vh" style={{ overflow: "auto" }}>
              <Markdown>{viewing.content}</Markdown>
            </Card>
            <Group justify="flex-end">
              <Button onClick={() => activate.mutate({ id: viewing.id })} disabled={viewing.isActive}>
                Activate
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
