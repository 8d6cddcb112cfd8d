import { promptMessages, requirementsMessages, summaryMessages } from "../agent-messages";
import type { BillTo } from "../metering";
import { extractRequirements } from "../offline/requirements";
import { summarizeTranscripts } from "../offline/summarizer";
import { assemblePrompt } from "../offline/writer";
import { parseRequirements, renderRequirements } from "../requirements/markdown";
import { parseTree } from "../requirements/parse";
import { verifyQuotes } from "../requirements/quotes";
import type { RequirementsTree } from "../requirements/types";
import type { MeteredCalls } from "./metered-calls";
import type { Redaction } from "./redaction";

export interface RequirementsInput {
  transcripts: string[];
  title: string;
  content?: string | null;
  existingRequirements?: string | null;
  isRefresh?: boolean;
  role?: string | null;
}

export interface SummaryInput {
  transcripts: string[];
  title: string;
  billTo: BillTo;
}

export interface PromptInput {
  title: string;
  objective?: string | null;
  targetAudience?: string | null;
  requirements?: string | null;
  documentation?: string | null;
  billTo: BillTo;
}

/** What the document agents write with: metered calls, and the redaction of what they write from. */
export interface DocumentWriters {
  calls: MeteredCalls;
  redaction: Redaction;
}

const MERGE_PREFIX = 200;

/** The summary agent: the project's documentation from its interviews. */
export async function summarize({ calls, redaction }: DocumentWriters, input: SummaryInput): Promise<string> {
  const spec = { component: "summary_agent", operation: "documentation" };
  const transcripts = await redaction.sources(input.billTo, input.transcripts);
  return calls.call(input.billTo, spec, (p) =>
    p.complete({
      component: "summary_agent",
      offline: () => summarizeTranscripts(transcripts, input.title),
      messages: summaryMessages({ ...input, transcripts }),
    }),
  );
}

/** The requirements creator: a tree (and its markdown) from interviews or a summary. */
export async function requirements(
  { calls, redaction }: DocumentWriters,
  raw: RequirementsInput & { billTo: BillTo },
): Promise<{ tree: RequirementsTree; markdown: string }> {
  const [content, existingRequirements, ...redacted] = await redaction.sources(raw.billTo, [
    raw.content,
    raw.existingRequirements,
    ...raw.transcripts,
  ]);
  const input = {
    ...raw,
    content: raw.content == null ? raw.content : content,
    existingRequirements: raw.existingRequirements == null ? raw.existingRequirements : existingRequirements,
    transcripts: redacted as string[],
  };
  const transcripts = input.transcripts.filter((t) => t.trim());
  const sources = transcripts.length ? transcripts : [input.content ?? ""];
  let offlineTree: RequirementsTree | undefined;
  const text = await calls.call(
    input.billTo,
    { component: "requirements_creator", operation: "requirements" },
    (p) =>
      p.complete({
        component: "requirements_creator",
        json: true,
        offline: () => {
          offlineTree = extractRequirements(sources, {
            role: input.role ?? undefined,
            summary: input.content,
          });
          return "";
        },
        messages: requirementsMessages(input),
      }),
  );
  // Quotes count only when found in a transcript: a summary is already someone's reading, so
  // without transcripts every item is an assumption.
  let tree = verifyQuotes(offlineTree ?? parseTree(text), transcripts);
  let markdown = renderRequirements(tree);
  const existing = input.existingRequirements?.trim();
  if (input.isRefresh && existing && !markdown.includes(existing.slice(0, MERGE_PREFIX))) {
    markdown = `${existing}\n\n${markdown}`;
    tree = parseRequirements(markdown);
  }
  return { tree, markdown };
}

/** The prompt creator: a build prompt from the requirements and the documentation. */
export async function buildPrompt({ calls, redaction }: DocumentWriters, raw: PromptInput): Promise<string> {
  const [requirements, documentation] = await redaction.sources(raw.billTo, [
    raw.requirements,
    raw.documentation,
  ]);
  const input = {
    ...raw,
    requirements: raw.requirements == null ? raw.requirements : requirements,
    documentation: raw.documentation == null ? raw.documentation : documentation,
  };
  return calls.call(input.billTo, { component: "prompt_creator", operation: "prompt" }, (p) =>
    p.complete({
      component: "prompt_creator",
      offline: () => {
        const tree = input.requirements ? parseRequirements(input.requirements) : null;
        return assemblePrompt({
          ...input,
          requirements: tree?.epics.length ? tree : null,
          requirementsText: tree?.epics.length ? null : input.requirements,
        });
      },
      messages: promptMessages(input),
    }),
  );
}
