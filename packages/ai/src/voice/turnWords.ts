/**
 * The words end-of-turn listens for (issue 24, "patience"): vocabularies of spoken English that a
 * part-of-speech tagger cannot supply. Each entry is written as it is said, lower case; phrases are
 * matched word by word (so "mm-hmm" is the words "mm" and "hmm"). Read by endOfTurn.ts; table-tested
 * on real sentences in endOfTurn.test.ts.
 */

/** Sounds and words that hold the floor while the speaker looks for the next words. */
export const FILLERS = ["um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "hmm", "hm", "hmmm", "mm", "mmm"];

/** A spoken "yes" made of filler sounds ("mm-hmm", "uh-huh"): an answer, not a request for time. */
export const SPOKEN_YES = ["mm hmm", "mm hm", "uh huh", "uh hum"];

/**
 * Endings that leave the thought open: conjunctions ("and", "because"), articles and possessives
 * ("the", "our"), "of" and "to" ("a lot of", "we have to"), and "I mean". Words that often close a
 * sentence are left out on purpose: "though", "while" ("for a while"), "with" ("who I work with"),
 * "like" ("what it looks like"), "you know" (a tag). A wrong guess only makes the interviewer wait
 * a few seconds longer, but it should be rare.
 */
export const OPEN_ENDINGS = [
  "i mean",
  "and then",
  "such as",
  "and",
  "but",
  "or",
  "nor",
  "so",
  "plus",
  "because",
  "cause",
  "cos",
  "although",
  "unless",
  "whereas",
  "if",
  "whether",
  "than",
  "the",
  "a",
  "an",
  "my",
  "our",
  "your",
  "their",
  "its",
  "every",
  "of",
  "to",
];

/**
 * Endings that close a thought although their last word is in OPEN_ENDINGS ("I think so", "ten
 * minutes or so", "I used to"). "We have to" and "we need to" stay open: in an answer they are
 * nearly always cut off.
 */
export const CLOSED_ENDINGS = [
  "think so",
  "guess so",
  "hope so",
  "believe so",
  "suppose so",
  "imagine so",
  "expect so",
  "reckon so",
  "said so",
  "say so",
  "do so",
  "did so",
  "even so",
  "or so",
  "more so",
  "and so on",
  "used to",
];

/** What a participant says to ask for time, at the end of what they said: "wait for me", never the answer. */
export const THINKING_PHRASES = [
  "let me think",
  "let me think about it",
  "let me think about that",
  "let me think about this",
  "let me see",
  "let's see",
  "let me remember",
  "let me recall",
  "let me check",
  "give me a minute",
  "give me a second",
  "give me a sec",
  "give me a moment",
  "give me a bit",
  "just a minute",
  "just a second",
  "just a sec",
  "just a moment",
  "one moment",
  "one second",
  "one sec",
  "wait a minute",
  "wait a second",
  "hold on",
  "hang on",
  "bear with me",
  "i need to think",
  "i need to think about it",
  "i need to think about that",
  "i need a minute",
  "i need a moment",
  "i have to think",
  "i have to think about that",
  "how do i put this",
  "how do i put it",
];

/** Courtesies that buy time: a request for time when they are all that was said ("Good question."). */
export const COURTESIES = [
  "good question",
  "that's a good question",
  "great question",
  "that's a great question",
  "interesting question",
  "that's an interesting question",
  "tough question",
  "that's a tough question",
];

/** Words around a request for time that do not change it ("oh, give me a minute, please"; "let me think for a second"). */
export const AROUND_THINKING = [
  "please",
  "okay",
  "ok",
  "sorry",
  "actually",
  "oh",
  "well",
  "wow",
  "so",
  "about that",
  "about it",
  "for a second",
  "for a sec",
  "for a minute",
  "for a moment",
  "for a bit",
];
