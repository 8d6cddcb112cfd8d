/**
 * Whole conversations of the offline interviewer, written out for a reader to judge (issue 33): the
 * real answers of ../shared/data (salon x9, driving school) replayed one per turn, and our own eval
 * dialogues, each as one markdown file of numbered turns. An independent reader labels every
 * interviewer turn GOOD / OK / BAD by ../shared/JUDGING.md, in a file next to it; whoever changed the
 * interviewer does not label its output. The real interviews are other people's words: the folder is
 * outside the repository by default and must never be committed.
 *   npx tsx bench/interviewer-transcripts.ts [folder]   (default /tmp/interviewer-transcripts)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DIALOGUES, OWN_DIALOGUES, type ScriptedDialogue } from "../packages/ai/evals/dialogues";
import { play } from "../packages/ai/evals/harness";
import type { InterviewMessage, ProjectBrief } from "../packages/ai/src/interview/types";
import { briefText } from "./brief";
import { DRIVING, SALON } from "./real/briefs";
import { realData } from "./real/data";
import { answersOf, replay } from "./real/replay";

const folder = path.resolve(process.argv[2] ?? "/tmp/interviewer-transcripts");

interface Conversation {
  id: string;
  source: string;
  project: ProjectBrief;
  role: string;
  messages: InterviewMessage[];
}

/** The conversation as numbered turns: I1, I2, … for the interviewer, P1, P2, … for the participant. */
function markdown(c: Conversation): string {
  let interviewer = 0;
  let participant = 0;
  const turns = c.messages.map((m) => {
    const label = m.role === "ai" ? `I${++interviewer} Interviewer` : `P${++participant} Participant`;
    const body = m.content
      .trim()
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n");
    return `**${label}:**\n${body}\n`;
  });
  return [
    `# ${c.id}`,
    "",
    `Source: ${c.source}. The participant speaks as: ${c.role}. Interviewer: Parley offline (rules, no model).`,
    "",
    "Project brief the interviewer was given:",
    briefText(c.project),
    "",
    `Label each interviewer turn (I1 … I${interviewer}) GOOD / OK / BAD by JUDGING.md, in a file beside this one.`,
    "",
    ...turns,
  ].join("\n");
}

async function ownDialogue(d: ScriptedDialogue): Promise<Conversation> {
  const played = await play(d);
  return {
    id: d.id,
    source: "Parley's own eval dialogue (scripted answers, given in order whatever is asked)",
    project: d.project,
    role: d.stakeholderType,
    messages: played.messages,
  };
}

const conversations: Conversation[] = [];
for (const d of [...OWN_DIALOGUES, ...DIALOGUES]) conversations.push(await ownDialogue(d));

const data = realData();
if (data) {
  const real = [
    ...data.salon.map((i) => ({ id: `salon-${i.id.slice(0, 8)}`, project: SALON, messages: i.messages })),
    { id: "driving-school", project: DRIVING, messages: data.drivingSchool.messages },
  ];
  for (const r of real) {
    const played = await replay(r.id, r.project, "business", answersOf(r.messages));
    conversations.push({
      id: r.id,
      source:
        "a real interview's answers (../shared/data), replayed one per turn whatever is asked; after the closing the replay goes on, as the real participant went on talking",
      project: r.project,
      role: "business",
      messages: played.messages,
    });
  }
} else console.log("../shared/data is not here: only our own dialogues are written.");

mkdirSync(folder, { recursive: true });
for (const c of conversations) writeFileSync(path.join(folder, `${c.id}.md`), markdown(c));
const count = (c: Conversation) => c.messages.filter((m) => m.role === "ai").length;
writeFileSync(
  path.join(folder, "README.md"),
  [
    "# Offline interviewer transcripts (issue 33)",
    "",
    "One file per conversation; label every interviewer turn GOOD / OK / BAD by JUDGING.md.",
    "Files from ../shared/data hold other people's words: never commit them.",
    "",
    ...conversations.map((c) => `- ${c.id}.md: ${count(c)} interviewer turns`),
    "",
    `Total: ${conversations.reduce((n, c) => n + count(c), 0)} interviewer turns in ${conversations.length} conversations.`,
  ].join("\n"),
);
console.log(
  `Wrote ${conversations.length} conversations (${conversations.reduce((n, c) => n + count(c), 0)} interviewer turns) to ${folder}`,
);
