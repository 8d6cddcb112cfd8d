/** The requests in a quote: "Keep track of supplies" and other imperatives, or things named where needs were asked for. */
import { analyze } from "../text/nlp";
import { clausesOf, type FoundNeed, needOfImperative, needOfListedThing } from "./needs";

/** Each clause of a quote read as a request ("Keep track of supplies") or, if `things`, a thing wanted. */
export function requestsIn(quote: string, things = false): FoundNeed[] {
  return analyze(quote).flatMap((sentence) =>
    clausesOf(sentence).flatMap((clause) => {
      const need =
        needOfImperative(clause, sentence) ?? (things ? needOfListedThing(clause, sentence) : null);
      return need ? [need] : [];
    }),
  );
}

/**
 * A list of requests pasted as one sentence ("Keep track of records … Keep track of supplies and
 * notify me …"): each request is a need, in place of what the grammar read across them.
 */
export function withRequests(found: FoundNeed[], quote: string): FoundNeed[] {
  const requests = requestsIn(quote);
  const asked = new Set(requests.flatMap((r) => r.clause.map((t) => t.start)));
  const across = found.filter((need) => need.clause.some((t) => asked.has(t.start)));
  // One request is read as one only where the grammar read an obligation across it
  // ("Keep track of supplies and notify me … and should be ordered").
  if (requests.length < 2 && !across.some(runsOn)) return found;
  return [...found.filter((need) => !across.includes(need)), ...requests];
}

/** "… and should be ordered": an obligation joined on by "and", with no subject of its own. */
function runsOn(need: FoundNeed): boolean {
  if (need.trigger !== "obligation") return false;
  let at = need.clause.indexOf(need.action[0]!) - 1;
  while (at >= 0 && ["AUX", "PART", "ADV"].includes(need.clause[at]!.pos)) at -= 1;
  return need.clause[at]?.pos === "CCONJ";
}
