import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { conversationToTranscript } from "../../lib/transcript";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import type { Interview, Project } from "./labels";

/**
 * 'Summarize Interviews' and 'New from Interviews': the transcripts (or conversations) of completed,
 * not excluded interviews → summary agent → the project's summary and a saved version.
 */
type Client = ReturnType<typeof useTRPCClient>;

/** Transcripts of the completed, not excluded interviews (a conversation stands in for a missing transcript). */
export async function collectTranscripts(client: Client, interviews: Interview[]) {
  const chosen = interviews.filter((i) => i.status === "completed" && i.selected);
  const transcripts: string[] = [];
  for (const interview of chosen) {
    const transcript = await client.participant.transcript.query({ interviewId: interview.id });
    if (transcript?.content.trim()) {
      transcripts.push(`Interview with ${interview.name}:\n${transcript.content}`);
      continue;
    }
    const conversation = await client.participant.conversation.query({ interviewId: interview.id });
    const text = conversation ? conversationToTranscript(conversation.messages) : "";
    if (text.trim()) transcripts.push(`Interview with ${interview.name}:\n${text}`);
  }
  return { chosen, transcripts };
}

export function useSummarize(project: Project, interviews: Interview[] | undefined, onDone: () => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!(interviews ?? []).some((i) => i.status === "completed" && i.selected))
        throw new Error("NO_INTERVIEWS");
      const { chosen, transcripts } = await collectTranscripts(client, interviews ?? []);
      const { documentation } = await client.ai.generateDocumentation.mutate({
        transcripts,
        title: project.title,
        projectId: project.id,
      });
      await client.documents.saveSummary.mutate({ projectId: project.id, summary: documentation });
      const version = await client.documents.create.mutate({
        projectId: project.id,
        kind: "summary",
        title: `${project.title} - Summary`,
        content: documentation,
        interviewIds: chosen.map((i) => i.id),
        status: "completed",
      });
      await client.documents.activate.mutate({ id: version.id });
      return documentation;
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: trpc.documents.summary.queryKey({ projectId: project.id }),
        }),
        queryClient.invalidateQueries({ queryKey: trpc.documents.list.queryKey() }),
      ]);
      toast({ title: "Summary generated", description: "Your interviews were summarized." });
      onDone();
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
  });
}
