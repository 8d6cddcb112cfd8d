/** Structured output from a model: strict JSON schema from zod, one repair retry, then a clear error. */
import { z } from "zod";

export interface StructuredMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface StructuredRequest {
  /** The schema's name, e.g. "interview_extraction" (letters, digits, _ and -). */
  name: string;
  /** A JSON schema in OpenAI's strict subset (see strictJsonSchema). */
  schema: Record<string, unknown>;
  messages: StructuredMessage[];
  signal?: AbortSignal | undefined;
}

/** What the engine's provider offers: the raw text of an answer constrained by `schema`. */
export interface StructuredProvider {
  structured(request: StructuredRequest): Promise<string>;
}

export class StructuredOutputError extends Error {
  constructor(
    readonly schemaName: string,
    readonly detail: string,
  ) {
    super(
      `The model's ${schemaName.replaceAll("_", " ")} did not match the expected structure, even after one repair: ${detail}`,
    );
    this.name = "StructuredOutputError";
  }
}

// Keywords OpenAI's strict mode refuses; zod still checks them on our side.
const UNSUPPORTED = new Set([
  "$schema",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "format",
  "pattern",
  "default",
]);

function strictNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictNode);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNSUPPORTED.has(key)) continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, strictNode(v)]))
        : strictNode(value);
  }
  if (out.type === "object" && out.properties) {
    out.additionalProperties = false;
    out.required = Object.keys(out.properties as object);
  }
  return out;
}

/** The zod schema as JSON schema for `response_format: { type: "json_schema", strict: true }`. */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strictNode(z.toJSONSchema(schema, { target: "draft-7", io: "output" })) as Record<string, unknown>;
}

function parse<T>(
  schema: z.ZodType<T>,
  text: string,
): { ok: true; value: T } | { ok: false; detail: string } {
  let json: unknown;
  try {
    json = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""));
  } catch (error) {
    return { ok: false, detail: `not JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, detail: `${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}` };
}

/**
 * Asks for an answer in `schema`'s shape; when it does not parse or validate, asks once more with
 * the error, then throws StructuredOutputError.
 */
export async function structuredCall<T>(
  provider: StructuredProvider,
  request: {
    name: string;
    schema: z.ZodType<T>;
    messages: StructuredMessage[];
    signal?: AbortSignal | undefined;
  },
): Promise<T> {
  const jsonSchema = strictJsonSchema(request.schema);
  const first = await provider.structured({ ...request, schema: jsonSchema });
  const parsed = parse(request.schema, first);
  if (parsed.ok) return parsed.value;
  const repair = await provider.structured({
    ...request,
    schema: jsonSchema,
    messages: [
      ...request.messages,
      { role: "assistant", content: first },
      {
        role: "user",
        content: `That answer does not match the required JSON schema (${parsed.detail}). Answer again with only JSON that matches it.`,
      },
    ],
  });
  const repaired = parse(request.schema, repair);
  if (repaired.ok) return repaired.value;
  throw new StructuredOutputError(request.name, repaired.detail);
}

/** Runs `work` over `inputs` with at most `limit` at a time, results in input order. */
export async function mapWithLimit<I, O>(
  inputs: I[],
  limit: number,
  work: (input: I, index: number) => Promise<O>,
): Promise<O[]> {
  const results = new Array<O>(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < inputs.length && !failed) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(inputs[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}
