import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { retentionFromValue, retentionValue } from "../../../features/privacy/retention";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import type { Project } from "../labels";

export interface PrivacyValues {
  showPersonalDetails: boolean;
  /** The retention select's value ("30", "90", "365" or "until-deleted"). */
  retention: string;
}

const valuesOf = (project: Project): PrivacyValues => ({
  showPersonalDetails: project.showPersonalDetails,
  retention: retentionValue(project.retentionDays),
});

export const SAVED_TOAST = {
  title: "Privacy settings saved",
  description: "They apply to this project from now on.",
};
export const SAVE_FAILED_TITLE = "Error saving privacy settings";

/**
 * The project's privacy settings as a form (issue 26). Saving keeps what was chosen either way: on
 * success it becomes the saved state, on failure it stays in the form to save again.
 */
export function usePrivacySettings(project: Project) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<PrivacyValues>({ initialValues: valuesOf(project) });

  // A change saved elsewhere (Edit Project answers the whole project) shows here unless one is pending.
  useEffect(() => {
    if (form.isDirty()) return;
    form.setValues(valuesOf(project));
    form.resetDirty(valuesOf(project));
  }, [project.showPersonalDetails, project.retentionDays]);

  const save = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.projects.get.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        toast(SAVED_TOAST);
      },
      meta: { errorTitle: SAVE_FAILED_TITLE, errorFallback: "Your choice is kept here: try saving again." },
    }),
  );

  const submit = form.onSubmit((values) =>
    save.mutate({
      id: project.id,
      showPersonalDetails: values.showPersonalDetails,
      retentionDays: retentionFromValue(values.retention),
    }),
  );

  return { form, submit, saving: save.isPending };
}
