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

/** Every job kind the workers run. A new kind: a file in kinds/ and one line here. */
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
} as const;

export type JobKinds = typeof jobKinds;
export type JobKind = keyof JobKinds;
export type JobInput<K extends JobKind> = JobKinds[K] extends JobDefinition<infer I, any> ? I : never;
export type JobResult<K extends JobKind> = JobKinds[K] extends JobDefinition<any, infer R> ? R : never;
