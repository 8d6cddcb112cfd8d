import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "../../lib/toast";
import type { Project } from "./labels";

export interface ProjectFormValues {
  title: string;
  description: string;
  objective: string;
  targetAudience: string;
  keyFeatures: string;
  constraints: string;
  domain: string;
  references: string;
}

const EMPTY: ProjectFormValues = {
  title: "",
  description: "",
  objective: "",
  targetAudience: "",
  keyFeatures: "",
  constraints: "",
  domain: "",
  references: "",
};

export function toFormValues(project?: Project | null): ProjectFormValues {
  if (!project) return EMPTY;
  return {
    title: project.title,
    description: project.description ?? "",
    objective: project.objective ?? "",
    targetAudience: project.targetAudience ?? "",
    keyFeatures: project.keyFeatures ?? "",
    constraints: project.constraints ?? "",
    domain: project.domain ?? "",
    references: project.references ?? "",
  };
}

/** The 'New Project' and 'Edit Project' dialog; what was typed survives a failed save. */
export function ProjectFormModal({
  opened,
  onClose,
  onSubmit,
  initial,
  title,
  submitLabel,
  pending,
  showDescription = false,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (values: ProjectFormValues) => void;
  initial?: ProjectFormValues;
  title: string;
  submitLabel: string;
  pending: boolean;
  showDescription?: boolean;
}) {
  const [values, setValues] = useState<ProjectFormValues>(initial ?? EMPTY);
  // Fill the form each time the dialog opens (not on every render of the parent).
  useEffect(() => {
    if (opened) setValues(initial ?? EMPTY);
  }, [opened]);
  const set = (key: keyof ProjectFormValues) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget; // read now: React clears currentTarget after the event
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim()) {
      toast({
        title: "Title is required",
        description: "Please enter a title for your project",
        variant: "destructive",
      });
      return;
    }
    // The form marks the objective as required too (spec 1 §5); the spec gives no texts for it.
    if (!values.objective.trim()) {
      toast({
        title: "Objective is required",
        description: "Please enter the objective of your project",
        variant: "destructive",
      });
      return;
    }
    onSubmit(values);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={values.title}
            onChange={set("title")}
            data-autofocus
            maxLength={200}
          />
          {showDescription && (
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={values.description}
              onChange={set("description")}
            />
          )}
          <Textarea
            label="Objective"
            required
            autosize
            minRows={2}
            description="What should this project achieve?"
            value={values.objective}
            onChange={set("objective")}
          />
          <TextInput label="Target audience" value={values.targetAudience} onChange={set("targetAudience")} />
          {showDescription && <TextInput label="Domain" value={values.domain} onChange={set("domain")} />}
          <Textarea
            label="Key features"
            description="One per line"
            autosize
            minRows={3}
            value={values.keyFeatures}
            onChange={set("keyFeatures")}
          />
          <Textarea
            label="Constraints"
            autosize
            minRows={2}
            value={values.constraints}
            onChange={set("constraints")}
          />
          <Textarea
            label="References"
            description="Links or documents, one per line"
            autosize
            minRows={2}
            value={values.references}
            onChange={set("references")}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} type="button">
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
