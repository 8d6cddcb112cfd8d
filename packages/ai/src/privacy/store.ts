import type { Db } from "@parley/db/client";
import {
  listPersonalDetailMentions,
  listPersonalDetails,
  resolvePersonalDetails,
} from "@parley/db/queries/personal-details";
import type { DetailStore } from "./scope";

/** A project's vault in the database (personal_details and their mentions). */
export function projectDetailStore(db: Db, projectId: number): DetailStore {
  return {
    load: async () => {
      const [details, mentions] = await Promise.all([
        listPersonalDetails(db, projectId),
        listPersonalDetailMentions(db, projectId),
      ]);
      return { details, mentions };
    },
    resolve: (details, interviewId) => resolvePersonalDetails(db, projectId, interviewId, details),
  };
}
