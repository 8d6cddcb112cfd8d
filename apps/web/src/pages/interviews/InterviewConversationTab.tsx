import { Box } from "@mantine/core";
import { LoadError } from "../../components/LoadError";
import type { Interview } from "../../components/workspace/labels";
import { InterviewConversationPanel } from "./InterviewConversationPanel";
import { InterviewTurns } from "./InterviewTurns";
import { PersonalDetailsLegend } from "./privacy/PersonalDetailsLegend";
import { RawDeletedNotice } from "./privacy/RawDeletedNotice";
import { useInterviewPrivacy } from "./privacy/useInterviewPrivacy";

/**
 * The Conversation tab: what the participant said with their personal details marked, and the
 * transcript; once the raw record is deleted (issue 26), a notice of when and why instead.
 */
export function InterviewConversationTab({
  interview,
  onSummary,
}: {
  interview: Interview;
  onSummary: (documentation: string) => void;
}) {
  const { details, detailsQuery, showPersonalDetails, retentionDays } = useInterviewPrivacy(interview);
  if (interview.rawDeletedAt)
    return (
      <RawDeletedNotice
        deletedAt={interview.rawDeletedAt}
        by={interview.rawDeletedBy}
        retentionDays={retentionDays}
      />
    );
  return (
    <>
      {details.length > 0 && (
        <PersonalDetailsLegend details={details} showPersonalDetails={showPersonalDetails} />
      )}
      {detailsQuery.isError && (
        <Box mb="md">
          <LoadError
            title="Personal details are not marked"
            message="The personal details in this conversation could not be loaded."
            query={detailsQuery}
          />
        </Box>
      )}
      <InterviewTurns
        interviewId={interview.id}
        participant={interview.participantName || interview.name}
        details={details}
        showPersonalDetails={showPersonalDetails}
      />
      <InterviewConversationPanel
        interviewId={interview.id}
        name={interview.name}
        projectId={interview.projectId}
        onSummary={onSummary}
        details={details}
        showPersonalDetails={showPersonalDetails}
      />
    </>
  );
}
