import { DIALOGUES } from "./dialogues";
import { figures, play, table } from "./harness";

const rows = [];
for (const d of DIALOGUES) {
  const p = await play(d);
  if (process.argv.includes("-v"))
    for (const [i, m] of p.messages.entries())
      console.log(
        `${m.role === "ai" ? `AI[${p.turns[Math.floor(i / 2)]?.decision.action}]` : "U"}: ${m.content}`,
      );
  rows.push(figures(p));
}
console.log(table("offline", rows));
