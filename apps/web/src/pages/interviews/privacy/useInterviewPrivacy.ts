import { useQuery } from "@tanstack/react-query";
import type { PersonalDetail } from "../../../features/privacy/details";
import { useTRPC } from "../../../lib/trpc";

const NONE: PersonalDetail[] = [];

/**
 * What the interview page needs to mark personal details (issue 26): the details the participant
 * mentioned, and the project's privacy settings (what documents show, how long raw records are kept).
 * Nothing is asked for an interview whose raw record is deleted: there is nothing left to mark.
 */
export function useInterviewPrivacy(interview: {
  id: number;
  projectId: number;
  rawDeletedAt?: string | null;
}) {
  const trpc = useTRPC();
  const project = useQuery(trpc.projects.get.queryOptions({ id: interview.projectId }));
  const details = useQuery({
    ...trpc.interviews.personalDetails.queryOptions({ id: interview.id }),
    enabled: !interview.rawDeletedAt,
  });
  return {
    details: details.data?.details ?? NONE,
    detailsQuery: details,
    showPersonalDetails: project.data?.showPersonalDetails ?? false,
    retentionDays: project.data?.retentionDays ?? null,
  };
}
