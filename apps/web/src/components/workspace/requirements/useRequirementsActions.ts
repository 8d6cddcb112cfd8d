import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";

/** Every change to the requirements tree; each refreshes the tree and says what failed in a toast. */
export function useRequirementsActions(projectId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.requirements.get.queryKey({ projectId }) });
  const options = (errorTitle: string) => ({ onSuccess: refresh, meta: { errorTitle } });
  return {
    refresh,
    addEpic: useMutation(trpc.requirements.addEpic.mutationOptions(options("Error adding epic"))),
    updateEpic: useMutation(trpc.requirements.updateEpic.mutationOptions(options("Error updating epic"))),
    deleteEpic: useMutation(trpc.requirements.deleteEpic.mutationOptions(options("Error deleting epic"))),
    addFeature: useMutation(trpc.requirements.addFeature.mutationOptions(options("Error adding feature"))),
    updateFeature: useMutation(
      trpc.requirements.updateFeature.mutationOptions(options("Error updating feature")),
    ),
    deleteFeature: useMutation(
      trpc.requirements.deleteFeature.mutationOptions(options("Error deleting feature")),
    ),
    addStory: useMutation(trpc.requirements.addStory.mutationOptions(options("Error adding user story"))),
    updateStory: useMutation(
      trpc.requirements.updateStory.mutationOptions(options("Error updating user story")),
    ),
    deleteStory: useMutation(
      trpc.requirements.deleteStory.mutationOptions(options("Error deleting user story")),
    ),
  };
}

export type RequirementsActions = ReturnType<typeof useRequirementsActions>;
