import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "../../lib/trpc";

/**
 * The participant's private link (issue 26), asked for once when the thank-you page opens: the
 * server makes it once per interview (another browser holding the share link cannot take it over),
 * so a re-render must not ask again. Try again is offered only when asking again can help (not
 * after the server said the link was given already).
 */
export function usePrivateLink(interviewId: number) {
  const trpc = useTRPC();
  const issue = useMutation(trpc.privacy.privateLink.mutationOptions({ meta: { errorToast: false } }));
  const asked = useRef(false);
  const { mutate } = issue;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({ interviewId });
  }, [interviewId, mutate]);
  return {
    url: issue.data?.url ?? null,
    loading: issue.isPending || issue.isIdle,
    error: issue.isError ? issue.error.message || "Something went wrong." : null,
    canRetry: issue.isError && issue.error.data?.httpStatus !== 409,
    retry: () => mutate({ interviewId }),
  };
}
