/**
 * The real interviews of ../shared/data (see its README), read for benchmarks only: they are other
 * people's words and never enter the project. Missing on a fresh clone: `realData()` answers null.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DATA_DIR = process.env.PARLEY_SHARED_DATA ?? path.resolve(here, "../../../shared/data");

export type Label = "Elicited" | "Partially Elicited" | "No";

export interface RealMessage {
  role: "ai" | "user";
  content: string;
  speaker?: string;
}

export interface RealInterview {
  id: string;
  messages: RealMessage[];
  /** Salon interviews: which of the study's requirements the annotators found elicited. */
  labels?: Record<string, Label>;
}

export interface RealData {
  requirements: Record<string, string[]>;
  salon: RealInterview[];
  drivingSchool: RealInterview;
}

export function realData(): RealData | null {
  const salonFile = path.join(DATA_DIR, "real-interviews/salon-llmrei.json");
  const drivingFile = path.join(DATA_DIR, "real-interviews/driving-school-comparator.json");
  if (!existsSync(salonFile) || !existsSync(drivingFile)) return null;
  const salon = JSON.parse(readFileSync(salonFile, "utf8")) as {
    requirements: Record<string, string[]>;
    interviews: RealInterview[];
  };
  const driving = JSON.parse(readFileSync(drivingFile, "utf8")) as { messages: RealMessage[] };
  return {
    requirements: salon.requirements,
    salon: salon.interviews,
    drivingSchool: { id: "driving-school", messages: speakerTurns(driving.messages) },
  };
}

// The driving-school transcript was typeset: "\\[4pt]" breaks paragraphs, and a later speaker's turn
// sometimes runs on inside a message as "\\[4pt] Name {\\color{gray}0:00 - 0:10} …".
const PARAGRAPH = /\\\[4pt\]/g;
const RUN_ON = /\\\[4pt\]\s*(\p{Lu}[\p{L}ë]+)\s*\{\\color\{gray\}[^}]*\}\s*/gu;
const INTERVIEWERS = new Set(["Agostino", "Kostas"]);

/** Each speaker's words as their own message, with the typesetting taken out. */
function speakerTurns(messages: RealMessage[]): RealMessage[] {
  const out: RealMessage[] = [];
  for (const message of messages) {
    const parts = message.content.split(RUN_ON);
    // split() with a capture group: [text, speaker, text, speaker, text, …]
    out.push({ ...message, content: parts[0]!.replace(PARAGRAPH, "\n").trim() });
    for (let i = 1; i < parts.length; i += 2) {
      const speaker = parts[i]!;
      out.push({
        role: INTERVIEWERS.has(speaker) ? "ai" : "user",
        speaker,
        content: (parts[i + 1] ?? "").replace(PARAGRAPH, "\n").trim(),
      });
    }
  }
  return out.filter((m) => m.content);
}

export function readCsv(file: string): Array<Record<string, string>> {
  const text = readFileSync(file, "utf8");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows;
  return body
    .filter((r) => r.some((f) => f.trim()))
    .map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
}
