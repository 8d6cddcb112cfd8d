export interface ConversationMessage {
  role: "ai" | "user";
  content: string;
  timestamp?: string;
  type?: "image";
  description?: string;
  imageId?: number;
  /** Older image messages (spec 2 §3): the picture and its analysis under these names. */
  imageData?: string;
  image?: string;
  analysis?: string;
  /** The turn of the server's record this message is (issue 23). */
  turnId?: number;
  /** The first words of a revised message, and who revised it. */
  original?: string;
  revisedBy?: "participant" | "owner";
}

/** An image message, in the current shape (type 'image') or an older one (imageData or image). */
export function isImageMessage(message: ConversationMessage): boolean {
  return message.type === "image" || message.imageData !== undefined || message.image !== undefined;
}

/** A readable transcript of a conversation: one "AI:" or "Participant:" line per message. */
export function conversationToTranscript(messages: ConversationMessage[]): string {
  return messages
    .filter((m) => !isImageMessage(m))
    .map((m) => `${m.role === "ai" ? "AI" : "Participant"}: ${m.content.trim()}`)
    .join("\n\n");
}

export const NOTES_SEPARATOR = "=".repeat(50);

/** The notes sections of spec 2 §3, appended to a transcript. */
export function notesSection(writtenNotes: string, images: Array<{ description: string | null }>): string {
  const written = writtenNotes.trim();
  const visual = images.map((img, i) => `Image ${i + 1}: ${img.description?.trim() || "(no description)"}`);
  if (!written && !visual.length) return "";
  const lines = ["", NOTES_SEPARATOR, "INTERVIEW NOTES", NOTES_SEPARATOR];
  if (written) lines.push("", "WRITTEN NOTES:", written);
  if (visual.length) lines.push("", "VISUAL NOTES:", ...visual);
  return lines.join("\n");
}

/** The participant's note images as conversation messages, saved with the conversation when it ends. */
export function imageMessages(
  images: Array<{ id: number; url: string; description: string | null }>,
  timestamp: string,
): ConversationMessage[] {
  return images.map((img) => ({
    role: "user",
    type: "image",
    content: img.url,
    description: img.description ?? "",
    imageId: img.id,
    timestamp,
  }));
}
