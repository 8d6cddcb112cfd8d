import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { toast } from "../../../lib/toast";
import type { Epic } from "./FeatureCard";
import type { RequirementsActions } from "./useRequirementsActions";

/** What the tab asks to add: an epic, a feature under an epic, or a story under a feature. */
export type AddRequest =
  | { kind: "epic" }
  | { kind: "feature"; epicId: number | null }
  | { kind: "story"; featureId: number };

/** Spec 1 §4's texts: the title is the rule shown under the field, the toast repeats it with a hint. */
const REQUIRED = {
  epic: { title: "Epic name required", description: "Please enter a name for the epic" },
  featureEpic: { title: "No epic selected", description: "Choose the epic this feature belongs to" },
  feature: { title: "Feature name required", description: "Please enter a name for the feature" },
  story: { title: "Incomplete user story", description: "Please fill in all fields for the user story" },
} as const;

const failToast = (key: keyof typeof REQUIRED) => toast({ ...REQUIRED[key], variant: "destructive" });

function Actions({ label, pending }: { label: string; pending: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

function EpicForm({ projectId, actions, onDone }: FormProps & { projectId: number }) {
  const form = useForm({
    initialValues: { name: "", description: "" },
    validate: { name: isNotEmpty(REQUIRED.epic.title) },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          actions.addEpic.mutate(
            { projectId, name: values.name.trim(), description: values.description },
            { onSuccess: onDone },
          ),
        () => failToast("epic"),
      )}
    >
      <Stack>
        <TextInput label="Epic name" required data-autofocus {...form.getInputProps("name")} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
        <Actions label="Add Epic" pending={actions.addEpic.isPending} />
      </Stack>
    </form>
  );
}

function FeatureForm({
  epics,
  epicId,
  actions,
  onDone,
}: FormProps & { epics: Epic[]; epicId: number | null }) {
  const form = useForm({
    initialValues: { epicId: epicId === null ? null : String(epicId), name: "", description: "" },
    validate: {
      epicId: isNotEmpty(REQUIRED.featureEpic.title),
      name: isNotEmpty(REQUIRED.feature.title),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          actions.addFeature.mutate(
            {
              epicId: Number(values.epicId),
              name: values.name.trim(),
              description: values.description,
              acceptanceCriteria: [],
            },
            { onSuccess: onDone },
          ),
        (errors) => failToast(errors.epicId ? "featureEpic" : "feature"),
      )}
    >
      <Stack>
        <Select
          label="Epic"
          placeholder="Choose an epic"
          data={epics.map((e) => ({ value: String(e.id), label: e.name }))}
          {...form.getInputProps("epicId")}
        />
        <TextInput label="Feature name" required data-autofocus {...form.getInputProps("name")} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
        <Actions label="Add Feature" pending={actions.addFeature.isPending} />
      </Stack>
    </form>
  );
}

function StoryForm({ featureId, actions, onDone }: FormProps & { featureId: number }) {
  const rule = isNotEmpty(REQUIRED.story.title);
  const form = useForm({
    initialValues: { userType: "", action: "", benefit: "" },
    validate: { userType: rule, action: rule, benefit: rule },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          actions.addStory.mutate(
            {
              featureId,
              userType: values.userType.trim(),
              action: values.action.trim(),
              benefit: values.benefit.trim(),
            },
            { onSuccess: onDone },
          ),
        () => failToast("story"),
      )}
    >
      <Stack>
        <TextInput label="As a…" placeholder="user type" data-autofocus {...form.getInputProps("userType")} />
        <TextInput label="I want to…" placeholder="action" {...form.getInputProps("action")} />
        <TextInput label="So that…" placeholder="benefit" {...form.getInputProps("benefit")} />
        <Actions label="Add Story" pending={actions.addStory.isPending} />
      </Stack>
    </form>
  );
}

interface FormProps {
  actions: RequirementsActions;
  onDone: () => void;
}

const TITLES = { epic: "Add Epic", feature: "Add Feature", story: "Add User Story" } as const;

/** One dialog for the three add forms; each form starts empty every time it opens. */
export function AddDialog({
  request,
  onClose,
  projectId,
  epics,
  actions,
}: {
  request: AddRequest | null;
  onClose: () => void;
  projectId: number;
  epics: Epic[];
  actions: RequirementsActions;
}) {
  return (
    <Modal opened={request !== null} onClose={onClose} title={request ? TITLES[request.kind] : undefined}>
      {request?.kind === "epic" && <EpicForm projectId={projectId} actions={actions} onDone={onClose} />}
      {request?.kind === "feature" && (
        <FeatureForm epics={epics} epicId={request.epicId} actions={actions} onDone={onClose} />
      )}
      {request?.kind === "story" && (
        <StoryForm featureId={request.featureId} actions={actions} onDone={onClose} />
      )}
    </Modal>
  );
}
