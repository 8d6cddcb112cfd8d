/** Interviews as numbered turns, so a quote is checked against the participant's own words only. */
export type Speaker = "interviewer" | "participant";

export interface Turn {
  index: number;
  speaker: Speaker;
  text: string;
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
