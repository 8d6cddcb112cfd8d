import { DRIVING, SALON } from "./real/briefs";
import { realData } from "./real/data";
import { answersOf, replay } from "./real/replay";
const id = process.argv[2]!;
const data = realData()!;
const r = id === "driving-school" ? { project: DRIVING, messages: data.drivingSchool.messages } : { project: SALON, messages: data.salon.find((i) => `salon-${i.id.slice(0, 8)}` === id)!.messages };
const played = await replay(id, r.project, "business", answersOf(r.messages));
played.turns.forEach((t, i) => console.log(`I${i + 1} [${t.decision.action} ${t.decision.reason}] ${t.text.slice(0, 90).replace(/\n/g, " ")}`));
