/** The mechanical Quality User Story criteria (Lucassen et al., 2016) the gate checks. */
export const QUS_CRITERIA = ["well-formed", "atomic", "minimal", "uniform", "unique", "grammatical"] as const;
export type QusCriterion = (typeof QUS_CRITERIA)[number];

/** What is wrong, by code (stable, for repairs and counts) and in words (for people). */
export type DefectCode =
  | "no-frame"
  | "no-role"
  | "no-means"
  | "role-not-person"
  | "role-builds-product"
  | "means-is-thinking"
  | "vague-object"
  | "filler-ends"
  | "two-actions"
  | "two-roles"
  | "brackets"
  | "markup"
  | "second-sentence"
  | "examples"
  | "aside"
  | "dash-comment"
  | "template-repeated"
  | "other-template"
  | "duplicate"
  | "article"
  | "want-to-no-verb"
  | "means-is-noun-phrase"
  | "role-fragment"
  | "not-given-then"
  | "question"
  | "quote-wrapper"
  | "bare-quote"
  | "fragment"
  | "name-too-long"
  | "name-fragment"
  | "name-no-noun";

export interface Defect {
  criterion: QusCriterion;
  code: DefectCode;
  detail: string;
}

export const defect = (criterion: QusCriterion, code: DefectCode, detail: string): Defect => ({
  criterion,
  code,
  detail,
});
