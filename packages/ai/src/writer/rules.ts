/**
 * A rule stated with nothing asked beside it ("Audit logs have to be kept for seven years", "The app
 * must never show ads to children") is a need too: its feature holds the rule as a check and no
 * story. The rule itself, as the participant laid it down, is shown as a story still to be written.
 */
import { isNegated } from "../evidence/text";
import type { EvidenceFeature, Story } from "../evidence/types";
import { checkFeatureName } from "../quality/check";
import { TO_WRITE_AS_STORY } from "../requirements/story";
import { capitalise } from "../text/grammar";

/** "Given a developer, then location data must never be kept …": the role and the rule. */
const STATED_RULE = /^Given an? (.+?), then (.+)$/s;

/** Words only the conversation resolves, or the speaker's own: the rule names nothing by itself. */
const UNREADABLE = /\b(?:I|me|my|we|us|our|it|this|that|they|them|anything|something|everything|nothing)\b/i;

/** A participant's refusal, told as "does not want" or rendered "never has to": no need of its own. */
const REFUSED =
  /\b(?:(?:do|does|did)(?: not|n['’]t) want|never want|(?:never|not) (?:has|have) to|would rather not)\b/i;

const NEGATIVE = /\b(?:not|never|no|cannot|nobody|nothing)\b|n['’]t\b/i;

/** The stories still to write for features that hold only stated rules, added in place. */
export function addRuleStories(features: EvidenceFeature[]): void {
  for (const feature of features) {
    // A feature with no name of its own would be named from the rule's words ("Work"): left as a check.
    if (feature.stories.length || checkFeatureName(feature.name).length) continue;
    for (const criterion of feature.acceptanceCriteria) {
      const [, role, rule] = STATED_RULE.exec(criterion.text) ?? [];
      if (!role || !rule || UNREADABLE.test(rule) || !criterion.evidence.length) continue;
      // "I don't want to unlock it with a card" refuses today's way without naming the need behind it.
      if (REFUSED.test(rule) || criterion.evidence.some((e) => REFUSED.test(e.quote))) continue;
      // A rule that forbids is shown forbidding, in words that say so ("must never"), or not at all.
      if (criterion.evidence.some((e) => NEGATIVE.test(e.quote)) && !isNegated(rule)) continue;
      const story: Story = {
        userType: role,
        action: capitalise(rule.replace(/[.!]+$/, "")),
        benefit: TO_WRITE_AS_STORY,
        assumption: false,
        priority: "medium",
        evidence: criterion.evidence.slice(0, 1),
      };
      feature.stories.push(story);
    }
  }
}
