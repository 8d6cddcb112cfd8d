import type { JobDefinition } from "./define";
import { evidenceExtract } from "./kinds/evidence-extract";
import { evidenceRequirements } from "./kinds/evidence-requirements";
import { evidenceSynthesis } from "./kinds/evidence-synthesis";
import { jobsCleanup } from "./kinds/jobs-cleanup";
import { passwordReset } from "./kinds/password-reset";
import { periodClose } from "./kinds/period-close";
import { privacyRetention } from "./kinds/privacy-retention";
import { sendEmail } from "./kinds/send-email";
import { usageRollup } from "./kinds/usage-rollup";
import type { JobInput, JobKind } from "./queue";

/**
 * Every job kind the workers run. A new kind: a file in kinds/, one line here and its input in
 * queue.ts's JobInputs (the `satisfies` checks that each kind takes it).
 */
export const jobKinds = {
  [usageRollup.kind]: usageRollup,
  [periodClose.kind]: periodClose,
  [sendEmail.kind]: sendEmail,
  [passwordReset.kind]: passwordReset,
  [jobsCleanup.kind]: jobsCleanup,
  [evidenceExtract.kind]: evidenceExtract,
  [evidenceSynthesis.kind]: evidenceSynthesis,
  [evidenceRequirements.kind]: evidenceRequirements,
  [privacyRetention.kind]: privacyRetention,
} as const satisfies { [K in JobKind]: JobDefinition<JobInput<K>, any, K> };

export type JobKinds = typeof jobKinds;
export type JobResult<K extends JobKind> = JobKinds[K] extends JobDefinition<any, infer R> ? R : never;
