/** Prints scripted dialogues as the offline interviewer plays them: `npx tsx packages/ai/evals/show.mts <id>…`. */
import { DIALOGUES } from "./dialogues";
import { play } from "./harness";

for (const d of DIALOGUES.filter((d) => process.argv.slice(2).includes(d.id))) {
  const p = await play(d);
  console.log(`=== ${d.id}`);
  let k = 0;
  for (const m of p.messages)
    console.log(m.role === "ai" ? `AI[${p.turns[k++]?.decision.action}]: ${m.content}` : `U: ${m.content}`);
}
