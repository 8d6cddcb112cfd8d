import { type Category, categorise, clean, keywords, participantStatements } from "./text";

const HEADINGS: Record<Category, string> = {
  pain: "Pain Points",
  need: "Needs and Requests",
  process: "How Things Work Today",
  goal: "Goals and Success Measures",
};

/** Up to `n` statements with the most distinct keywords, in the order they were said. */
function strongest(statements: string[], n: number): string[] {
  const scored = statements.map((s, i) => ({
    s,
    i,
    score: new Set(keywords(s)).size + categorise(s).length * 2,
  }));
  return scored
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, n)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
}

const bullet = (s: string) => `- ${clean(s)}.`;

/**
 * An extractive summary: what participants actually said, organised under headings. Nothing is
 * invented; the offline assistant says that it is offline.
 */
export function summarizeTranscripts(transcripts: string[], title: string): string {
  const perInterview = transcripts.map(participantStatements).filter((s) => s.length > 0);
  const all = perInterview.flat().filter((s) => keywords(s).length >= 3);
  const lines = [
    `# ${title || "Interview"} Summary`,
    "",
    `_Prepared by Parley's offline assistant from ${perInterview.length} interview${perInterview.length === 1 ? "" : "s"}: an organised selection of what participants said. Connect an OpenAI API key for an AI-written analysis._`,
    "",
    "## Key Points",
  ];
  const keyPoints = perInterview.flatMap((statements) =>
    strongest(
      statements.filter((s) => keywords(s).length >= 3),
      Math.max(2, Math.ceil(6 / perInterview.length)),
    ),
  );
  lines.push(...keyPoints.map(bullet));
  for (const category of Object.keys(HEADINGS) as Category[]) {
    const matching = all.filter((s) => categorise(s).includes(category));
    if (!matching.length) continue;
    lines.push("", `## ${HEADINGS[category]}`, ...strongest(matching, 8).map(bullet));
  }
  const questions = all.filter((s) => s.trim().endsWith("?"));
  lines.push("", "## Open Questions");
  lines.push(
    ...(questions.length
      ? questions.slice(0, 5).map((q) => `- ${clean(q)}?`)
      : ["- Which of these needs matter most? Confirm priorities with the stakeholders."]),
  );
  return `${lines.join("\n")}\n`;
}
