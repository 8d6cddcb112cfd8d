import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { OUTPUT_LANGUAGES, ZCreateProjectInput } from "@parley/api/schemas/project";
import { type ReactNode, useEffect } from "react";
import { toast } from "../../lib/toast";
import type { Project } from "./labels";

/** The server's own rules (title required, lengths), shown under each field. */
const serverRules = schemaResolver(ZCreateProjectInput, { sync: true });
const OBJECTIVE_REQUIRED = "Objective is required";

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });
/** A language's English name by its code ("de" → "German"). */
export const languageLabel = (code: string) => LANGUAGE_NAMES.of(code) ?? code;
type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number];
const isOutputLanguage = (code: string): code is OutputLanguage =>
  (OUTPUT_LANGUAGES as readonly string[]).includes(code);
const LANGUAGE_OPTIONS = OUTPUT_LANGUAGES.map((code) => ({ value: code, label: languageLabel(code) }));

/** The server's rules plus the objective, which only the form requires (spec 1 §5). */
export function validateProject(values: ProjectFormValues) {
  const errors = serverRules(values);
  if (!values.objective.trim()) errors.objective = OBJECTIVE_REQUIRED;
  return errors;
}

export interface ProjectFormValues {
  title: string;
  description: string;
  objective: string;
  targetAudience: string;
  keyFeatures: string;
  constraints: string;
  domain: string;
  references: string;
  /** The language requirements and summaries are written in (ISO 639-1). */
  outputLanguage: OutputLanguage;
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
  outputLanguage: "en",
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
    outputLanguage: isOutputLanguage(project.outputLanguage) ? project.outputLanguage : "en",
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
  notice,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (values: ProjectFormValues) => void;
  initial?: ProjectFormValues;
  title: string;
  submitLabel: string;
  pending: boolean;
  /** The fields an existing project edits: description, domain and the language it is written in. */
  showDescription?: boolean;
  /** Shown above the fields (the plan's project allowance). */
  notice?: ReactNode;
}) {
  const form = useForm<ProjectFormValues>({ initialValues: initial ?? EMPTY, validate: validateProject });
  // Fill the form each time the dialog opens (not on every render of the parent).
  useEffect(() => {
    if (opened) form.setValues(initial ?? EMPTY);
    if (opened) form.clearErrors();
  }, [opened]);

  // Errors show under their fields; the spec's toast names the first one (spec 1 §5).
  const onInvalid = (errors: Record<string, unknown>) => {
    if (errors.title)
      toast({
        title: "Title is required",
        description: "Please enter a title for your project",
        variant: "destructive",
      });
    else if (errors.objective)
      toast({
        title: "Objective is required",
        description: "Please enter the objective of your project",
        variant: "destructive",
      });
  };
  const field = (key: keyof ProjectFormValues) => form.getInputProps(key);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={form.onSubmit((values) => onSubmit(values), onInvalid)} noValidate>
        <Stack gap="sm">
          {notice}
          <TextInput label="Title" required {...field("title")} data-autofocus maxLength={200} />
          {showDescription && <Textarea label="Description" autosize minRows={2} {...field("description")} />}
          <Textarea
            label="Objective"
            required
            autosize
            minRows={2}
            description="What should this project achieve?"
            {...field("objective")}
          />
          <TextInput label="Target audience" {...field("targetAudience")} />
          {showDescription && <TextInput label="Domain" {...field("domain")} />}
          <Textarea
            label="Key features"
            description="One per line"
            autosize
            minRows={3}
            {...field("keyFeatures")}
          />
          <Textarea label="Constraints" autosize minRows={2} {...field("constraints")} />
          <Textarea
            label="References"
            description="Links or documents, one per line"
            autosize
            minRows={2}
            {...field("references")}
          />
          {showDescription && (
            <Select
              label="Language of requirements and summary"
              description="Interviews may be held in any language; with an AI model, Parley writes in this one and translates quotes beside them."
              data={LANGUAGE_OPTIONS}
              allowDeselect={false}
              searchable
              {...field("outputLanguage")}
            />
          )}
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
