import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

type Config = RouterOutputs["admin"]["modelConfigurations"][number];

const COMPONENTS = [
  { value: "interview_agent", label: "Interview Agent" },
  { value: "summary_agent", label: "Summary Agent" },
  { value: "strategic_partner", label: "Strategic Partner" },
  { value: "requirements_creator", label: "Requirements Creator" },
  { value: "prompt_creator", label: "Prompt Creator" },
];
const MODELS = [
  "gpt-4o",
  "gpt-4o-mini",
  "gpt-4",
  "gpt-4-mini",
  "ft:gpt-4o-mini:parley:interview-agent",
  "gpt-3.5-turbo",
];
const CUSTOM = "__custom__";

interface Draft {
  id: number | null;
  componentName: string;
  modelChoice: string;
  customModel: string;
  description: string;
  configuration: string;
  isActive: boolean;
}

const toDraft = (config?: Config): Draft =>
  config
    ? {
        id: config.id,
        componentName: config.componentName,
        modelChoice: MODELS.includes(config.modelName) ? config.modelName : CUSTOM,
        customModel: MODELS.includes(config.modelName) ? "" : config.modelName,
        description: config.description ?? "",
        configuration: config.configuration,
        isActive: config.isActive,
      }
    : {
        id: null,
        componentName: "interview_agent",
        modelChoice: "gpt-4o",
        customModel: "",
        description: "",
        configuration: '{\n  "temperature": 0.7\n}',
        isActive: true,
      };

function LoadFailure({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: { message: string };
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={title}>
      <Text size="sm">{error.message || "Please try again."}</Text>
      <Button size="xs" mt="sm" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

export function ModelConfigurations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const configs = useQuery(trpc.admin.modelConfigurations.queryOptions());
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const setDraft = (next: Draft | null) => {
    // Opening, switching or closing the dialog forgets a half-asked delete.
    if (next?.id !== draft?.id || next === null) setConfirmingDelete(false);
    setDraftState(next);
  };
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.admin.modelConfigurations.queryKey() });
  /** A change closes the dialog and reloads the list; each says what it did, or what failed. */
  const change = (doneTitle: string, errorTitle: string) => ({
    onSuccess: () => {
      setDraft(null);
      refresh();
      toast({ title: doneTitle, description: "The next AI call uses it." });
    },
    meta: { errorTitle },
  });
  const create = useMutation(
    trpc.admin.createModelConfiguration.mutationOptions(
      change("Model configuration created", "Failed to create model configuration"),
    ),
  );
  const update = useMutation(
    trpc.admin.updateModelConfiguration.mutationOptions(
      change("Model configuration updated", "Failed to update model configuration"),
    ),
  );
  const remove = useMutation(
    trpc.admin.deleteModelConfiguration.mutationOptions(
      change("Model configuration deleted", "Failed to delete model configuration"),
    ),
  );

  // An empty list (all configurations deleted) restores the five defaults, then loads them.
  const initialize = useMutation(
    trpc.admin.initializeModelConfigurations.mutationOptions({
      onSuccess: () => refresh(),
      // The empty list says what failed, with a retry.
      meta: { errorToast: false },
    }),
  );
  const isEmpty = configs.isSuccess && configs.data.length === 0;
  const loadedAt = configs.dataUpdatedAt;
  const initializeDefaults = initialize.mutate;
  // Once per loaded empty list: a failure waits for Retry instead of asking again and again.
  const initializedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!isEmpty || initializedFor.current === loadedAt) return;
    initializedFor.current = loadedAt;
    initializeDefaults();
  }, [isEmpty, loadedAt, initializeDefaults]);

  const save = () => {
    if (!draft) return;
    const modelName = draft.modelChoice === CUSTOM ? draft.customModel.trim() : draft.modelChoice;
    const values = {
      componentName: draft.componentName as never,
      modelName,
      description: draft.description,
      configuration: draft.configuration,
      isActive: draft.isActive,
    };
    if (draft.id) update.mutate({ id: draft.id, ...values });
    else create.mutate(values);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Model Configurations</Title>
        <Button onClick={() => setDraft(toDraft())}>Add Model Configuration</Button>
      </Group>
      {configs.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading model configurations" />
        </Center>
      ) : configs.isError ? (
        <LoadFailure
          title="Failed to load model configurations"
          error={configs.error}
          onRetry={() => configs.refetch()}
        />
      ) : isEmpty && initialize.isError ? (
        <LoadFailure
          title="Failed to initialize default model configurations"
          error={initialize.error}
          onRetry={() => initialize.mutate()}
        />
      ) : isEmpty ? (
        <Text c="dimmed">No model configurations found. Initializing defaults...</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {configs.data.map((config) => (
            <Card
              key={config.id}
              withBorder
              radius="lg"
              p="lg"
              data-component={config.componentName}
              data-model={config.modelName}
            >
              <Group justify="space-between">
                <Text fw={600}>{COMPONENTS.find((c) => c.value === config.componentName)?.label}</Text>
                <Badge color={config.isActive ? "green" : "gray"} variant="light">
                  {config.isActive ? "Active" : "Inactive"}
                </Badge>
              </Group>
              <Text size="sm" mt="xs" ff="monospace">
                {config.modelName}
              </Text>
              <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
                {config.description || "No description"}
              </Text>
              <Button variant="light" mt="md" onClick={() => setDraft(toDraft(config))}>
                Configure Model
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={Boolean(draft)}
        onClose={() => setDraft(null)}
        title={draft?.id ? "Edit Model Configuration" : "Add Model Configuration"}
        size="lg"
      >
        {draft && (
          <Stack>
            <Select
              label="Component"
              data={COMPONENTS}
              value={draft.componentName}
              allowDeselect={false}
              onChange={(v) => setDraft({ ...draft, componentName: v ?? draft.componentName })}
            />
            <Select
              label="Model"
              data={[
                ...MODELS.map((m) => ({
                  value: m,
                  label: m.startsWith("ft:") ? `${m} (fine-tuned interview agent)` : m,
                })),
                { value: CUSTOM, label: "Custom model name…" },
              ]}
              value={draft.modelChoice}
              allowDeselect={false}
              onChange={(v) => setDraft({ ...draft, modelChoice: v ?? draft.modelChoice })}
            />
            {draft.modelChoice === CUSTOM && (
              <TextInput
                label="Custom model name"
                value={draft.customModel}
                onChange={(e) => setDraft({ ...draft, customModel: e.currentTarget.value })}
              />
            )}
            <TextInput
              label="Description"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            />
            <Textarea
              label="Configuration (JSON)"
              autosize
              minRows={4}
              styles={{ input: { fontFamily: "ui-monospace, monospace" } }}
              value={draft.configuration}
              onChange={(e) => setDraft({ ...draft, configuration: e.currentTarget.value })}
            />
            <Switch
              label="Active"
              checked={draft.isActive}
              onChange={(e) => setDraft({ ...draft, isActive: e.currentTarget.checked })}
            />
            <Group justify="space-between">
              {draft.id && confirmingDelete ? (
                // Deleting asks once more, in place: the dialog is already open.
                <Group gap="xs">
                  <Text size="sm" c="red">
                    Delete this configuration?
                  </Text>
                  <Button size="xs" variant="default" onClick={() => setConfirmingDelete(false)}>
                    Keep
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    loading={remove.isPending}
                    onClick={() => draft.id && remove.mutate({ id: draft.id })}
                  >
                    Yes, delete
                  </Button>
                </Group>
              ) : draft.id ? (
                <Button color="red" variant="subtle" onClick={() => setConfirmingDelete(true)}>
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <Group>
                <Button variant="default" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
                <Button onClick={save} loading={create.isPending || update.isPending}>
                  {draft.id ? "Update" : "Create"}
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
