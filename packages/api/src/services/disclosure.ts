/**
 * What Parley writes carries placeholders (`[PERSON 1]`), unless the owner turned on "Show personal
 * details in documents" for the project (issue 26). Documents are stored with placeholders either
 * way; with the switch on, an answer's placeholders are put back on its way out of a procedure
 * (both doors and the MCP door call procedures), and what the owner saves after reading them is
 * stored with placeholders again.
 */
import {
  byPlaceholder,
  conceal,
  hasPlaceholder,
  type KnownDetail,
  reveal,
  WholePlaceholders,
} from "@parley/ai/privacy/placeholders";
import type { Db } from "@parley/db/client";
import { listPersonalDetails } from "@parley/db/queries/personal-details";
import { showsPersonalDetails } from "@parley/db/queries/projects";

/** The project a procedure's answer is about, noted when its access is checked. */
export interface Disclosure {
  project: { id: number; showPersonalDetails: boolean } | null;
}

/** Notes the project whose content a procedure answers with (access.ts does, for every project read). */
export function noteProject(
  ctx: { disclosure?: Disclosure | undefined },
  project: { id: number; show_personal_details: boolean },
) {
  if (ctx.disclosure)
    ctx.disclosure.project = { id: project.id, showPersonalDetails: project.show_personal_details };
}

/** Notes a project known by id only (a document's, an interview's), reading its switch. */
export async function noteProjectById(
  ctx: { db: Db; user: { id: string }; disclosure?: Disclosure | undefined },
  projectId: number,
) {
  if (!ctx.disclosure) return;
  const showPersonalDetails = await showsPersonalDetails(ctx.db, ctx.user.id, projectId);
  ctx.disclosure.project = { id: projectId, showPersonalDetails };
}

/**
 * What an owner saves into a project by another id than the project's (an epic's, a story's), with
 * the switch on: stored with placeholders again. Its strings only; the shape stays.
 */
export async function concealFor<T>(
  ctx: { db: Db; user: { id: string } },
  projectId: number,
  value: T,
): Promise<T> {
  if (!(await showsPersonalDetails(ctx.db, ctx.user.id, projectId))) return value;
  return (await concealInput(ctx.db, projectId, value)) as T;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** Every string of an answer (objects, arrays, a stream's chunks) passed through `map`. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (isAsyncIterable(value)) return mapStream(value, map);
  if (value && typeof value === "object" && isPlain(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, map);
    return out;
  }
  return value;
}

async function* mapStream(stream: AsyncIterable<unknown>, map: (text: string) => string) {
  // A placeholder may be split across text chunks: each chunk is mapped once whole words are in.
  const chunks = new WholePlaceholders();
  for await (const chunk of stream) {
    if (typeof chunk !== "string") {
      const held = chunks.flush();
      if (held) yield map(held);
      yield mapStrings(chunk, map);
      continue;
    }
    const out = chunks.push(chunk);
    if (out) yield map(out);
  }
  const held = chunks.flush();
  if (held) yield map(held);
}

const mentionsPlaceholder = (value: unknown): boolean => {
  if (typeof value === "string") return hasPlaceholder(value);
  if (Array.isArray(value)) return value.some(mentionsPlaceholder);
  if (isAsyncIterable(value)) return true;
  if (value && typeof value === "object" && isPlain(value))
    return Object.values(value).some(mentionsPlaceholder);
  return false;
};

/** A project's vault by placeholder. */
export async function projectVault(db: Db, projectId: number): Promise<Map<string, KnownDetail>> {
  return byPlaceholder(await listPersonalDetails(db, projectId));
}

/** An answer with the project's details in place of their placeholders (the switch is on). */
export async function revealAnswer(db: Db, projectId: number, value: unknown): Promise<unknown> {
  if (!mentionsPlaceholder(value)) return value;
  const vault = await projectVault(db, projectId);
  return vault.size ? mapStrings(value, (text) => reveal(text, vault)) : value;
}

/** What the owner saves, with the project's known details turned back into placeholders. */
export async function concealInput(db: Db, projectId: number, value: unknown): Promise<unknown> {
  const details = await listPersonalDetails(db, projectId);
  return details.length ? mapStrings(value, (text) => conceal(text, details)) : value;
}
