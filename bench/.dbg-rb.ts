import { DRIVING, SALON } from "./real/briefs";
import { realData } from "./real/data";
import { answersOf, replay } from "./real/replay";
import { readBackPoints } from "../packages/ai/src/interview/readback";
import { sayable } from "../packages/ai/src/interview/readback-said";
import { findNeeds } from "../packages/ai/src/writer/needs";
const id = process.argv[2]!;
const upto = Number(process.argv[3]);
const data = realData()!;
const r = id === "driving-school" ? { project: DRIVING, messages: data.drivingSchool.messages } : { project: SALON, messages: data.salon.find((i) => `salon-${i.id.slice(0, 8)}` === id)!.messages };
const played = await replay(id, r.project, "business", answersOf(r.messages));
// messages up to the AI message index `upto` (exclusive)
let ai = 0; const msgs = [];
for (const m of played.messages) { if (m.role === "ai") { ai++; if (ai === upto) break; } msgs.push(m); }
const ctx = { plan: played.plan, project: r.project, stakeholderType: "business" as const, messages: msgs, now: Date.parse(msgs.at(-1)!.timestamp!) + 60000, timeLimitMinutes: played.limitMinutes };
const pts = readBackPoints(ctx as never, { now: true, asSaid: false, offline: true });
console.log("POINTS", pts);
console.log("SAYABLE", sayable(ctx as never, pts, true, true));
for (const m of msgs.filter((m) => m.role === "user")) for (const n of findNeeds(m.content)) console.log("NEED", n.trigger, "|", n.sentence.text.slice(0, 140));
