import { Container, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { ParticipantShell } from "../../components/participant/states";
import { AnswersConversation } from "./AnswersConversation";
import { AnswersSummary } from "./AnswersSummary";
import { DeleteAnswersDialog } from "./DeleteAnswersDialog";
import { AnswersDeleted, AnswersLoadFailed, LinkNotValid, LoadingAnswers } from "./states";
import { useOwnAnswers } from "./useOwnAnswers";

/**
 * `/my-answers/{interviewId}#{key}` (issue 26): the participant's private link. It shows what they
 * said as kept, and deletes it once. Signed in or not, like the interview link; made for phones.
 */
export default function MyAnswersPage() {
  const { state, answers, deleted, deleteAnswers, deleting, deleteError, resetDeleteError } = useOwnAnswers();
  const [confirming, setConfirming] = useState(false);

  let content: ReactNode;
  if (state === "deleted") content = <AnswersDeleted usedInDocuments={deleted?.usedInDocuments ?? false} />;
  else if (state === "invalid") content = <LinkNotValid />;
  else if (state === "failed")
    content = (
      <AnswersLoadFailed
        message={answers.error?.message ?? ""}
        retrying={answers.isFetching}
        onRetry={() => void answers.refetch()}
      />
    );
  else if (state === "loading" || !answers.data) content = <LoadingAnswers />;
  else
    content = (
      <Container size="sm" px={{ base: "sm", sm: "md" }} py={{ base: "md", sm: "xl" }}>
        <Stack gap="md">
          <AnswersSummary
            answers={answers.data}
            onDelete={() => {
              resetDeleteError();
              setConfirming(true);
            }}
          />
          <AnswersConversation answers={answers.data} />
        </Stack>
        <DeleteAnswersDialog
          opened={confirming}
          usedInDocuments={answers.data.usedInDocuments}
          deleting={deleting}
          error={deleteError}
          onCancel={() => setConfirming(false)}
          onConfirm={deleteAnswers}
        />
      </Container>
    );
  return <ParticipantShell>{content}</ParticipantShell>;
}
