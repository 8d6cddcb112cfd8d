/** Interviews as numbered turns, so a quote is checked against the participant's own words only. */
export type Speaker = "interviewer" | "participant";

export interface Turn {
  index: number;
  speaker: Speaker;
  /** The words as they stand now: the participant's review and the owner's corrections applied. */
  text: string;
  /** Who changed this turn after it was said, if anyone. */
  revisedBy?: "participant" | "owner";
  /** The words as first said, when revised. */
  original?: string;
}

/** A turn as the server keeps it (issue 23): what it says now, and what was first said. */
export interface RecordedTurn {
  speaker: Speaker;
  text: string;
  original: string | null;
  revisedBy: "participant" | "owner" | null;
}

/** Stored turns as evidence reads them: image turns are not words, empty turns are skipped. */
export function recordedTurns(turns: RecordedTurn[]): Turn[] {
  return turns
    .filter((t) => t.text.trim())
    .map((t, index) => ({
      index,
      speaker: t.speaker,
      text: t.text.trim(),
      ...(t.revisedBy && t.original !== null && t.original.trim() !== t.text.trim()
        ? { revisedBy: t.revisedBy, original: t.original.trim() }
        : {}),
    }));
}

/**
 * The conversation as said, corrected by the reviewed transcript turn by turn: where the
 * participant's answers line up (same count), each answer the transcript changed is the revision
 * that counts, and the words first said are kept beside it. A transcript that does not line up
 * with the messages is read alone when it is a correction, else the messages stand.
 */
export function correctedTurns(
  messages: ConversationMessage[],
  transcript: string,
  revisedBy: "participant" | "owner",
): Turn[] {
  const said = messageTurns(messages);
  const reviewed = transcriptTurns(transcript);
  const answers = (turns: Turn[]) => turns.filter((t) => t.speaker === "participant");
  const before = answers(said);
  const after = answers(reviewed);
  if (!after.length) return said;
  if (before.length !== after.length) return reviewed;
  let at = 0;
  return said.map((turn) => {
    if (turn.speaker !== "participant") return turn;
    const now = after[at++]!.text;
    const same = now.replace(/\s+/g, " ").trim() === turn.text.replace(/\s+/g, " ").trim();
    return same ? turn : { ...turn, text: now, revisedBy, original: turn.text };
  });
}

/** A stored conversation message (the interview's `messages`). */
export interface ConversationMessage {
  role: "ai" | "user";
  content: string;
  type?: string;
  imageData?: string;
  image?: string;
}

const PARTICIPANT = /^\s*(?:user|participant|interviewee|stakeholder|answer|a)\s*:\s*/i;
const INTERVIEWER = /^\s*(?:ai|assistant|interviewer|agent|parley|q|question)\s*:\s*/i;
const NOTES_START = /^\s*(?:={10,}|INTERVIEW NOTES)/;

/**
 * Turns from a transcript in the stored "AI: … / Participant: …" form (one label per message,
 * continuation lines belong to the turn above). A transcript without any label is one participant
 * turn; the notes sections at the end are not turns.
 */
export function transcriptTurns(transcript: string): Turn[] {
  const lines = transcript.replace(/\r\n?/g, "\n").split("\n");
  const labelled = lines.some((l) => PARTICIPANT.test(l) || INTERVIEWER.test(l));
  const turns: Turn[] = [];
  let current: Turn | undefined;
  for (const line of lines) {
    if (NOTES_START.test(line)) break;
    const participant = PARTICIPANT.test(line);
    if (participant || INTERVIEWER.test(line)) {
      current = {
        index: turns.length,
        speaker: participant ? "participant" : "interviewer",
        text: line.replace(participant ? PARTICIPANT : INTERVIEWER, "").trim(),
      };
      turns.push(current);
    } else if (!labelled && !current) {
      current = { index: 0, speaker: "participant", text: line.trim() };
      turns.push(current);
    } else if (current && line.trim()) {
      current.text = current.text ? `${current.text}\n${line.trim()}` : line.trim();
    }
  }
  return turns.filter((t) => t.text.length > 0).map((t, index) => ({ ...t, index }));
}

/** Turns from stored conversation messages; image messages are not words anyone said. */
export function messageTurns(messages: ConversationMessage[]): Turn[] {
  return messages
    .filter((m) => m.type !== "image" && m.imageData === undefined && m.image === undefined)
    .filter((m) => m.content.trim())
    .map((m, index) => ({
      index,
      speaker: m.role === "ai" ? "interviewer" : "participant",
      text: m.content.trim(),
    }));
}
