import { describe, expect, it } from "vitest";
import { capHistory, HISTORY_CAP } from "./history";

const message = (i: number, length = 10) => ({ role: "user" as const, content: `${i}`.padEnd(length, "x") });

describe("capHistory", () => {
  it("keeps a short interview's history whole", () => {
    const history = Array.from({ length: 12 }, (_, i) => message(i));
    expect(capHistory(history)).toEqual(history);
  });

  it("keeps only the newest 40 messages", () => {
    const history = Array.from({ length: 100 }, (_, i) => message(i));
    const kept = capHistory(history);
    expect(kept).toHaveLength(HISTORY_CAP.messages);
    expect(kept.at(-1)).toEqual(history.at(-1));
    expect(kept[0]).toEqual(history[60]);
  });

  it("keeps the newest messages that fit in 32,000 characters", () => {
    const history = Array.from({ length: 20 }, (_, i) => message(i, 5000));
    const kept = capHistory(history);
    expect(kept).toHaveLength(6);
    expect(kept.reduce((n, m) => n + m.content.length, 0)).toBeLessThanOrEqual(HISTORY_CAP.chars);
    expect(kept.at(-1)).toEqual(history.at(-1));
  });
});
