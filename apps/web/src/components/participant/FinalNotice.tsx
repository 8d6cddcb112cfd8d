import { Alert } from "@mantine/core";

/** Shown once the interviewer has closed (after the read-back): the interview does not end by itself. */
export function FinalNotice() {
  return (
    <Alert color="teal" mb="sm" title="The interviewer has wrapped up">
      Thank you. Press End Interview (at the top) when you are ready to review and save; you can still add
      something first.
    </Alert>
  );
}
