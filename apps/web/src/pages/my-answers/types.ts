import type { RouterOutputs } from "@parley/api";

/** What a participant's private link opens (issue 26). */
export type OwnAnswers = RouterOutputs["privacy"]["ownAnswers"];
