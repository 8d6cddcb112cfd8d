import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import {
  fence,
  PARTNER_PROMPT,
  PROMPT_CREATOR_PROMPT,
  REQUIREMENTS_PROMPT,
  REQUIREMENTS_REFRESH_RULE,
  SUMMARY_PROMPT,
} from "./prompts";

/** What the model reads for each agent; whatever people typed is fenced as data. */

type Messages = ChatCompletionMessageParam[];

export function summaryMessages(input: { transcripts: string[]; title: string }): Messages {
  return [
    { role: "system", content: SUMMARY_PROMPT },
    {
      role: "user",
      content: `Title: ${input.title}\n${fence("transcripts", input.transcripts.join("\n\n---\n\n"))}`,
    },
  ];
}

export function requirementsMessages(input: {
  transcripts: string[];
  title: string;
  content?: string | null;
  existingRequirements?: string | null;
  isRefresh?: boolean;
}): Messages {
  return [
    {
      role: "system",
      content: input.isRefresh ? `${REQUIREMENTS_PROMPT}\n${REQUIREMENTS_REFRESH_RULE}` : REQUIREMENTS_PROMPT,
    },
    {
      role: "user",
      content: [
        `Project: ${input.title}`,
        fence("summary", input.content),
        fence("transcripts", input.transcripts.join("\n\n---\n\n")),
        input.isRefresh ? fence("requirements", input.existingRequirements) : "",
      ].join("\n"),
    },
  ];
}

export function promptMessages(input: {
  title: string;
  objective?: string | null;
  targetAudience?: string | null;
  requirements?: string | null;
  documentation?: string | null;
}): Messages {
  return [
    { role: "system", content: PROMPT_CREATOR_PROMPT },
    {
      role: "user",
      content: [
        `Title: ${input.title}`,
        `Objective: ${input.objective ?? ""}`,
        `Target audience: ${input.targetAudience ?? ""}`,
        fence("requirements", input.requirements),
        fence("summary", input.documentation),
      ].join("\n"),
    },
  ];
}

export function partnerMessages(input: {
  message: string;
  summary?: string | null;
  history: Array<{ role: "user" | "ai"; content: string }>;
}): Messages {
  return [
    { role: "system", content: `${PARTNER_PROMPT}\n${fence("summary", input.summary)}` },
    ...input.history
      .slice(-20)
      .map(
        (m): ChatCompletionMessageParam =>
          m.role === "ai" ? { role: "assistant", content: m.content } : { role: "user", content: m.content },
      ),
    { role: "user", content: input.message },
  ];
}
