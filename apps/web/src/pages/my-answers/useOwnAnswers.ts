import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useParams } from "react-router";
import { useTRPC, useTRPCClient } from "../../lib/trpc";

interface FailedCall {
  data?: { httpStatus?: number } | null;
}

/** A link the server does not know (404) or cannot read (400): the page says it is not valid. */
export function isInvalidLink(error: unknown): boolean {
  const status = (error as FailedCall | null)?.data?.httpStatus;
  return status === 404 || status === 400;
}

/**
 * The private link's page (issue 26): the interview from the path, the key from the fragment (never
 * sent to a server but as this call's input), what it opens, and deleting it once.
 */
export function useOwnAnswers() {
  const { interviewId: idParam } = useParams();
  const { hash } = useLocation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const interviewId = Number(idParam);
  const key = hash.replace(/^#/, "");
  const wellFormed = Number.isInteger(interviewId) && interviewId > 0 && key.length > 0;
  const input = { interviewId, key };
  const client = useTRPCClient();
  // Read with a POST (a mutation on the server): the key never rides in a URL that logs keep.
  const answers = useQuery({
    queryKey: ["privacy.ownAnswers", interviewId, key],
    queryFn: () => client.privacy.ownAnswers.mutate(input),
    enabled: wellFormed,
  });
  const [deleted, setDeleted] = useState<{ usedInDocuments: boolean } | null>(null);
  const remove = useMutation(
    trpc.privacy.deleteOwnAnswers.mutationOptions({
      meta: { errorToast: false },
      onSuccess: ({ usedInDocuments }) => {
        // What was deleted leaves this browser's memory too.
        queryClient.removeQueries({ queryKey: ["privacy.ownAnswers", interviewId, key] });
        setDeleted({ usedInDocuments });
      },
    }),
  );
  const state = deleted
    ? ("deleted" as const)
    : !wellFormed || isInvalidLink(answers.error)
      ? ("invalid" as const)
      : answers.isError
        ? ("failed" as const)
        : answers.data
          ? ("ready" as const)
          : ("loading" as const);
  return {
    state,
    answers,
    deleted,
    deleteAnswers: () => remove.mutate(input),
    deleting: remove.isPending,
    deleteError: remove.isError ? remove.error.message || "Something went wrong." : null,
    resetDeleteError: remove.reset,
  };
}
