import { describe, expect, it } from "vitest";
import { mapStrings } from "./disclosure";

async function* chunks(...parts: unknown[]) {
  for (const part of parts) yield part;
}

async function collect(stream: unknown): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const chunk of stream as AsyncIterable<unknown>) out.push(chunk);
  return out;
}

describe("mapStrings", () => {
  const show = (text: string) => text.replace("[PERSON 1]", "Ana Ruiz");

  it("maps every string of an answer and keeps its shape", () => {
    expect(mapStrings({ a: ["[PERSON 1] called", 3], b: { c: "[PERSON 1]" } }, show)).toEqual({
      a: ["Ana Ruiz called", 3],
      b: { c: "Ana Ruiz" },
    });
  });

  it("maps a stream's placeholder split across chunks once it is whole, and passes other chunks on", async () => {
    const out = await collect(
      mapStrings(chunks("Ask [PER", "SON 1] about it. ", { final: true }, "[PERSON 1] knows"), show),
    );
    expect(out).toEqual(["Ask ", "Ana Ruiz about it. ", { final: true }, "Ana Ruiz knows"]);
  });
});
