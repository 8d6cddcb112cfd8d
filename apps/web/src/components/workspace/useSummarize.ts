import { useMutation, useQueryClient } from "@tanstack/react-query";
import { followJob } from "../../features/jobs/followedJobs";
import { useJob } from "../../features/jobs/useJob";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import type { Interview, Project } from "./labels";

/**
 * 'Summarize Interviews' and 'New from Interviews' start one server job (project synthesis: themes,
 * conflicts, the summary saved as the active version). The Summary card follows its progress.
 */
export const synthesisJobKey = (projectId: number) => `synthesis:${projectId}`;

/** Why Summarize cannot work yet, or null when it can. */
export function summarizeBlocker(interviews: Interview[] | undefined): string | null {
  if (!interviews) return null;
  return interviews.some((i) => i.status === "completed" && i.selected)
    ? null
    : "Needs at least one completed interview that is not excluded from the summary.";
}

/** Starts the synthesis job; the spec's 'No interviews available' toast when there is nothing to summarize. */
export function useSummarize(project: Project, interviews: Interview[] | undefined, onStarted: () => void) {
  const client = useTRPCClient();
  return useMutation({
    mutationFn: async () => {
      if (!(interviews ?? []).some((i) => i.status === "completed" && i.selected))
        throw new Error("NO_INTERVIEWS");
      return client.evidence.synthesize.mutate({ projectId: project.id });
    },
    onSuccess: ({ jobId }) => {
      followJob(synthesisJobKey(project.id), jobId);
      onStarted();
    },
    onError: (error) => {
      if (error.message === "NO_INTERVIEWS") {
        toast({
          title: "No interviews available",
          description: "Complete at least one interview that is not excluded from the summary.",
          variant: "destructive",
        });
        return;
      }
      toast({ title: "Error generating documentation", description: error.message, variant: "destructive" });
    },
    // No interviews to summarize has its own toast.
    meta: { errorToast: false },
  });
}

/** Follows the project's synthesis job; when it succeeds the summary, its versions and the evidence reload. */
export function useSynthesisJob(project: Project, onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useJob(synthesisJobKey(project.id), async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.documents.summary.queryKey({ projectId: project.id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.documents.list.queryKey() }),
      queryClient.invalidateQueries({
        queryKey: trpc.evidence.synthesis.queryKey({ projectId: project.id }),
      }),
    ]);
    toast({ title: "Summary generated", description: "Your interviews were summarized." });
    onDone();
  });
}
