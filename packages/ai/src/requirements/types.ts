import { z } from "zod";

/** Where a generated item came from: the transcript quote it rests on, or an assumption. */
export const ZEvidence = z.object({
  /** A verbatim quote from a transcript, or null when none was found. */
  quote: z.string().nullable(),
  /** True when no quote supports the item. */
  assumption: z.boolean(),
});

export const ZAcceptanceCriterion = ZEvidence.extend({ text: z.string().trim().min(1) });

export const ZUserStory = ZEvidence.extend({
  userType: z.string().trim().min(1),
  action: z.string().trim().min(1),
  benefit: z.string().trim().min(1),
});

export const ZFeature = z.object({
  name: z.string().trim().min(1),
  description: z.string(),
  acceptanceCriteria: z.array(ZAcceptanceCriterion),
  stories: z.array(ZUserStory),
});

export const ZEpic = z.object({
  name: z.string().trim().min(1),
  description: z.string(),
  features: z.array(ZFeature),
});

/** Epic > Feature > User Story, with acceptance criteria on features. */
export const ZRequirementsTree = z.object({ epics: z.array(ZEpic) });

export type AcceptanceCriterion = z.infer<typeof ZAcceptanceCriterion>;
export type UserStory = z.infer<typeof ZUserStory>;
export type Feature = z.infer<typeof ZFeature>;
export type Epic = z.infer<typeof ZEpic>;
export type RequirementsTree = z.infer<typeof ZRequirementsTree>;
