import { useMutation } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

/**
 * The plan change and usage reset an admin makes from the users table and from a user's page,
 * with the same toasts; `refresh` reloads whatever the calling page shows.
 */
export function useAdminUserActions(refresh: () => unknown) {
  const trpc = useTRPC();
  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({
      onSuccess: () => {
        refresh();
        toast({ title: "User updated successfully", description: "The plan was changed." });
      },
      meta: { errorTitle: "Failed to update user" },
    }),
  );
  const reset = useMutation(
    trpc.admin.resetUsage.mutationOptions({
      onSuccess: () => {
        refresh();
        toast({ title: "Usage reset", description: "Monthly usage starts again from zero." });
      },
      meta: { errorTitle: "Failed to reset usage" },
    }),
  );
  return { update, reset };
}
