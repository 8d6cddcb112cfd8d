/**
 * Step 2 and 3 of the writer: a found need becomes one story per action (coordinations split), each
 * phrased as a product owner would: a noun-phrase role, an infinitive means, the stated ends, a
 * short feature name, and the conditions that become acceptance criteria.
 */
import { capitalise, infinitive, isVerb } from "../text/grammar";
import { gerund } from "../text/inflect";
import type { Token } from "../text/nlp";
import { splitActions, verbPhrases } from "./coordination";
import { doneFor, TOOL_VERBS } from "./done-for";
import {
  actionOfNoun,
  actionOfVerb,
  actsOnSomething,
  baseOf,
  endsOf,
  featureOfVerb,
  firstPerson,
  forWhomTo,
  passiveAction,
} from "./means";
import type { FoundNeed } from "./needs";
import {
  bareNounPhrase,
  isThingSubject,
  lower,
  nounReading,
  roleOf,
  shorten,
  singularPhrase,
  text,
  topicOf,
} from "./noun-phrases";
import { ENABLING_VERBS, HEDGES, LIGHT_VERBS, RECEIVED_NAME, RECEIVING_VERB } from "./vocabulary";

export { roleOf, splitActions, verbPhrases };

export interface StoryDraft {
  /** Who wants it, as a noun phrase ("client", "salon owner"); null: the speaker. */
  role: string | null;
  /** The means: an infinitive verb phrase ("book appointments"). */
  action: string;
  /** What it is for, as the participant said it, or null. */
  ends: string | null;
  /** When it applies, as said ("when supplies are running out"). */
  conditions: string[];
  /** A short noun phrase for the feature ("Appointment booking"). */
  feature: string;
  /** What the need is about, for grouping into epics ("booking system"). */
  topic: string;
}

/**
 * Stories for one found need (one per action), or [] when it does not read as a story. `whole`
 * keeps the objects of one verb together and cuts only between verb phrases (the requirements
 * writer); without it every conjunct is its own action (what the interviewer reads back).
 */
export function draftStories(
  need: FoundNeed,
  speakerRole: string | null,
  options: { whole?: boolean } = {},
): StoryDraft[] {
  const statedEnds = endsOf(need.ends);
  const conditionsOf = (part: Token[]) =>
    need.conditions.filter((_, i) => !need.anchors[i] || part.includes(need.anchors[i]!)).map(text);
  const subjectIsThing = need.trigger !== "list" && isThingSubject(need.subject) && !need.actor.length;
  const actorIsThing = need.actor.length > 0 && isThingSubject(need.actor);
  // Who was said to want it ("Learners want to see their progress"): their words are the role's own.
  const saidRole = roleOf(need.actor) ?? (subjectIsThing ? null : roleOf(need.subject));
  const thingOf = (n: FoundNeed) => (subjectIsThing ? n.subject : actorIsThing ? n.actor : null);
  const role = saidRole ?? speakerRole;
  // "Patients need a reminder so that they remember to come": the patient's own reason, told by them.
  const ends = statedEnds && saidRole ? firstPerson(statedEnds) : statedEnds;
  const drafts: StoryDraft[] = [];
  if (need.trigger === "complaint") {
    // "the scheduling and allocation of staff has become an issue" → improve the scheduling of staff.
    const phrase = need.action;
    const of = phrase.findIndex((t) => t.normal === "of");
    const head = bareNounPhrase(phrase.slice(0, of < 0 ? phrase.length : of)).filter(
      (t) => t.pos !== "CCONJ",
    );
    const owner = of < 0 ? [] : bareNounPhrase(phrase.slice(of + 1));
    if (!head.length) return [];
    const object = text(phrase).replace(/^(?:The|A|An|Our|My)\b/, (w) => w.toLowerCase());
    const name = owner.length
      ? `${singularPhrase(owner)} ${lower(text(head.slice(0, 1)))}`
      : lower(text(head));
    return [
      {
        role: speakerRole,
        action: `improve ${object}`,
        ends: null,
        conditions: [],
        feature: shorten(capitalise(name)),
        topic: name,
      },
    ];
  }
  const split = options.whole && need.trigger !== "list" ? verbPhrases : splitActions;
  for (const part of split(nounReading(need.action))) {
    const conditions = conditionsOf(part);
    // The whole means keeps its list's commas: "handle receipts, expenses and wages".
    const kept = (t: Token, i: number) =>
      t.pos !== "PUNCT" ||
      t.text === "-" ||
      (options.whole === true && t.text === "," && i > 0 && i < part.length - 1);
    const tokens = part.filter(kept);
    // "…, too", "… as well", "… really": hedges go; "update automatically" keeps its manner.
    while (tokens.length && (tokens.at(-1)!.pos === "INTJ" || HEDGES.has(tokens.at(-1)!.normal)))
      tokens.pop();
    if (!tokens.length) continue;
    // "Tracking receipts is the highest priority": a gerund with its object is an action.
    if (
      tokens[0]!.pos !== "VERB" &&
      /ing$/.test(tokens[0]!.normal) &&
      tokens.length > 1 &&
      isVerb(infinitive(tokens[0]!.normal))
    )
      tokens[0] = { ...tokens[0]!, pos: "VERB", lemma: infinitive(tokens[0]!.normal) };
    const first = tokens[0]!;
    let action: string;
    let feature: string;
    let topic: string;
    // "automated record management" in a list is a thing, though it starts with a participle.
    const participle =
      need.trigger === "list" && first.pos === "VERB" && /ed$/.test(first.normal) && tokens.length > 1;
    if ((first.pos === "VERB" || first.pos === "AUX") && !participle) {
      if (first.lemma === "be") {
        const passive = passiveAction(
          tokens,
          subjectIsThing ? need.subject : actorIsThing ? need.actor : null,
          need.subject,
        );
        if (passive === "rule") continue;
        // "Tips should be added automatically": the product adds them, for whoever wants them added.
        const byItself = need.clause.some((t) => t.normal === "automatically");
        const done =
          options.whole &&
          byItself &&
          passive &&
          tokens[1] &&
          thingOf(need) &&
          doneFor([tokens[1], ...thingOf(need)!, ...tokens.slice(2)], { by: null, automatic: true });
        if (passive && done) passive.action = done;
        if (passive) {
          if (saidRole) passive.action = firstPerson(passive.action);
          drafts.push({
            role,
            action: passive.action,
            ends,
            conditions,
            feature: shorten(passive.feature),
            topic: passive.topic,
          });
          continue;
        }
      }
      const receiving = RECEIVING_VERB[infinitive(first.normal)];
      const thing = subjectIsThing ? need.subject : actorIsThing ? need.actor : null;
      // "notify the client and staff of changes" has someone to notify (who are not the person).
      const notifies = / /.test(receiving ?? "") && ["DET", "NOUN", "PROPN"].includes(tokens[1]?.pos ?? "");
      // "It should offer insights …": "it" is the product, which gives; the person gets.
      const productGives = need.subject.length === 1 && need.subject[0]!.normal === "it";
      // "The system should send reminders", "I want the app to read the photo", "… automatically
      // adjust the time": the product does it for the person, who has it done.
      const automatic = need.clause.some((t) => t.normal === "automatically");
      const toolDoes = need.trigger === "desire" && actorIsThing && TOOL_VERBS.has(first.lemma);
      const toOthers = first.lemma === "send" ? !["PRON", "ADP"].includes(tokens[1]?.pos ?? "") : notifies;
      const done =
        options.whole &&
        thing &&
        !ENABLING_VERBS.has(first.lemma) &&
        first.lemma !== "have" &&
        (toOthers || automatic || toolDoes) &&
        doneFor(tokens, { by: toolDoes ? need.actor : null, automatic });
      if (done) {
        action = done;
        feature = featureOfVerb(tokens);
      } else if (
        (thing || productGives || need.trigger === "list") &&
        receiving &&
        !(options.whole && notifies)
      ) {
        // "the system should provide low-stock alerts": the person gets them.
        // ("notify her/him when …": every pronoun for the person notified goes)
        const whom = tokens.slice(1).findIndex((t) => t.pos !== "PRON");
        const rest = whom < 0 ? [] : tokens.slice(1 + whom);
        action = [receiving, text(rest)].filter(Boolean).join(" ");
        const named = RECEIVED_NAME[infinitive(first.normal)];
        feature =
          named && !bareNounPhrase(rest).length
            ? capitalise(named)
            : featureOfVerb([{ ...first, normal: receiving.split(" ")[0]! }, ...rest]);
      } else if (thing && !actsOnSomething(tokens)) {
        // "This addition should allow …": the thing is one said before; it is not named again.
        if (options.whole && thing.some((t) => /^(?:this|that|these|those|it)$/.test(t.normal))) continue;
        // "I'd like the routes to update automatically": nothing to act on, so the thing does it.
        const named = lower(text(bareNounPhrase(thing)));
        action = `have the ${named} ${actionOfVerb(tokens)}`;
        feature = capitalise(`${singularPhrase(bareNounPhrase(thing).slice(-2))} ${gerund(baseOf(first))}`);
      } else {
        action = actionOfVerb(tokens);
        feature = featureOfVerb(tokens);
      }
      const about = isThingSubject(need.subject) ? need.subject : thing;
      topic = about ? topicOf(about) : lower(feature);
    } else {
      const noun = actionOfNoun(tokens);
      if (!noun) continue;
      if (noun.role) {
        drafts.push({
          role: noun.role,
          action: noun.action,
          ends,
          conditions,
          feature: shorten(noun.name),
          topic: lower(noun.name),
        });
        continue;
      }
      action = noun.action;
      feature = noun.name;
      topic = lower(noun.name);
    }
    action = action.replace(/[.\s]+$/, "");
    // "do that", "have it", a lone "pass": a verb with nothing to act on but a pronoun is no need.
    const said = tokens.filter((t) => t.pos !== "PUNCT");
    const vague =
      LIGHT_VERBS.has(said[0]?.lemma ?? "") &&
      // "see their progress" names a thing; "do it" does not.
      ((said[1]?.pos === "PRON" &&
        !(/^(?:my|our|their|your|his|her)$/.test(said[1].normal) && said[2]?.pos === "NOUN")) ||
        (said[1]?.pos === "DET" &&
          /^(?:that|this|those|these)$/.test(said[1].normal) &&
          said[2]?.pos !== "NOUN") ||
        said
          .slice(1)
          .every((t) => t.pos === "PRON" || t.pos === "ADV" || t.pos === "DET" || t.pos === "PART"));
    if (vague || (said.length === 1 && !need.ends.length && !conditions.length)) continue;
    // "Customers should be able to cancel their booking": the story is told by the customer.
    if (saidRole) action = firstPerson(action);
    // "a booking system for clients to make appointments": the clients' story, in the system's feature.
    const purpose = forWhomTo(tokens);
    if (purpose) {
      drafts.push({
        role: purpose.role,
        action: firstPerson(purpose.action),
        ends,
        conditions,
        feature: shorten(purpose.feature),
        topic,
      });
      continue;
    }
    drafts.push({ role, action, ends, conditions, feature: shorten(feature), topic });
  }
  // "Only I should be able to edit the rota": the restriction is the need, kept in its words.
  if (options.whole && need.subject[0]?.normal === "only")
    for (const draft of drafts)
      draft.action = `be the only one who can ${draft.action.replace(/^(?:have the (?:ability|option|right) to|be able to) /, "")}`;
  return drafts;
}
