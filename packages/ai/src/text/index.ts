/** The text kit: one place for sentences, words, grammar and language (see nlp.ts). */
export * from "./grammar";
export * from "./inflect";
export * from "./language";
export * from "./nlp";
