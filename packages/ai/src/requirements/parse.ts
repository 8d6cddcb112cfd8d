import { AiError } from "../errors";
import { type RequirementsTree, ZRequirementsTree } from "./types";

/** The requirements creator's JSON, defaults filled; a 502 when it is not a tree. */
export function parseTree(text: string): RequirementsTree {
  try {
    const json = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ""));
    const parsed = ZRequirementsTree.safeParse(normaliseTree(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AiError(502, "Failed to generate requirements structure");
}

/** Fills defaults the model may leave out (quote, assumption, empty lists). */
function normaliseTree(json: unknown): unknown {
  const epics = (json as { epics?: unknown[] })?.epics;
  if (!Array.isArray(epics)) return json;
  const evidence = (item: Record<string, unknown>) => ({
    ...item,
    quote: typeof item.quote === "string" && item.quote.trim() ? item.quote : null,
    assumption:
      typeof item.assumption === "boolean"
        ? item.assumption
        : !(typeof item.quote === "string" && item.quote.trim()),
  });
  return {
    epics: epics.map((epic) => {
      const e = epic as Record<string, unknown>;
      return {
        name: e.name,
        description: typeof e.description === "string" ? e.description : "",
        features: (Array.isArray(e.features) ? e.features : []).map((feature) => {
          const f = feature as Record<string, unknown>;
          return {
            name: f.name,
            description: typeof f.description === "string" ? f.description : "",
            acceptanceCriteria: (Array.isArray(f.acceptanceCriteria) ? f.acceptanceCriteria : []).map((c) =>
              typeof c === "string" ? evidence({ text: c }) : evidence(c as Record<string, unknown>),
            ),
            stories: (Array.isArray(f.stories) ? f.stories : []).map((s) =>
              evidence(s as Record<string, unknown>),
            ),
          };
        }),
      };
    }),
  };
}
