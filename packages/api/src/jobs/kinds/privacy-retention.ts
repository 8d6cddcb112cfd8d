import { deleteRawRecord, interviewsPastRetention } from "@parley/db/queries/raw-record";
import { defineJob } from "../define";

/**
 * Every day, deletes the raw records (words, notes, images, personal details) that have outlived
 * their project's retention (30, 90 or 365 days, issue 26); the documents made from them stay, with
 * placeholders. A batch at a time, so a long backlog never holds one long transaction.
 */
export const privacyRetention = defineJob({
  kind: "privacy.retention",
  singletonKey: () => "all",
  schedule: "20 3 * * *",
  scheduledInput: {},
  async run({ services, signal }, _input: Record<string, never>) {
    let deleted = 0;
    for (;;) {
      const due = await interviewsPastRetention(services.db, new Date(), 200);
      for (const interview of due) {
        if (signal.aborted) return { deleted };
        if (await deleteRawRecord(services.db, interview.id, "retention")) deleted += 1;
      }
      if (due.length < 200) return { deleted };
    }
  },
});
