import { storySentence, TO_WRITE_AS_STORY, UNSTATED_BENEFIT } from "./story";
import type { AcceptanceCriterion, Epic, Feature, RequirementsTree, UserStory } from "./types";

/**
 * The requirements tree as the markdown text the documented calls carry, and back again:
 * parseRequirements(renderRequirements(tree)) equals tree.
 *
 *   # Epic: Checkout
 *   Description lines…
 *
 *   ## Feature: Guest checkout
 *   Description lines…
 *
 *   ### Acceptance Criteria
 *   - Shoppers can pay without an account
 *     > "I hate making an account just to buy socks"
 *   - Receipts are emailed _(assumption)_
 *
 *   ### User Stories
 *   - As a shopper, I want to pay as a guest so that I finish quickly
 *     > "I hate making an account just to buy socks"
 */

const ASSUMPTION = " _(assumption)_";
const EPIC = "# Epic: ";
const FEATURE = "## Feature: ";
const CRITERIA = "### Acceptance Criteria";
const STORIES = "### User Stories";
const STORY = /^As an? (.+?), I want to (.+?)(?: so that (.+))?$/s;
/** A need still to be written as a story: "To be written as a story (salon owner): Anonymous feedback". */
const TO_WRITE = /^To be written as a story \((.+?)\): (.+)$/s;

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

/** Description lines that would read as structure are escaped with a backslash. */
function renderDescription(description: string): string[] {
  if (!description.trim()) return [];
  return description.split("\n").map((line) => (/^(#|\\|- |\s+> )/.test(line) ? `\\${line}` : line));
}

function renderEvidence(item: { quote: string | null; assumption: boolean }, text: string): string[] {
  const lines = [`- ${text}${item.assumption ? ASSUMPTION : ""}`];
  if (item.quote !== null) lines.push(`  > ${JSON.stringify(item.quote)}`);
  return lines;
}

export function formatStory(story: Pick<UserStory, "userType" | "action" | "benefit">): string {
  return storySentence(story);
}

export function renderRequirements(tree: RequirementsTree): string {
  const out: string[] = [];
  for (const epic of tree.epics) {
    if (out.length) out.push("");
    out.push(`${EPIC}${oneLine(epic.name)}`, ...renderDescription(epic.description));
    for (const feature of epic.features) {
      out.push("", `${FEATURE}${oneLine(feature.name)}`, ...renderDescription(feature.description));
      if (feature.acceptanceCriteria.length) {
        out.push("", CRITERIA);
        for (const criterion of feature.acceptanceCriteria)
          out.push(...renderEvidence(criterion, oneLine(criterion.text)));
      }
      if (feature.stories.length) {
        out.push("", STORIES);
        for (const story of feature.stories) out.push(...renderEvidence(story, formatStory(story)));
      }
    }
  }
  return out.length ? `${out.join("\n")}\n` : "";
}

function parseBullet(line: string): { text: string; assumption: boolean } {
  const text = line.slice(2);
  return text.endsWith(ASSUMPTION)
    ? { text: text.slice(0, -ASSUMPTION.length).trim(), assumption: true }
    : { text: text.trim(), assumption: false };
}

function parseQuote(line: string): string | null {
  const raw = line.trim().slice(1).trim();
  try {
    const value = JSON.parse(raw);
    return typeof value === "string" ? value : raw;
  } catch {
    return raw.replace(/^"|"$/g, "");
  }
}

/** Parses the markdown above; lines it does not recognise become descriptions, so nothing is lost. */
export function parseRequirements(markdown: string): RequirementsTree {
  const epics: Epic[] = [];
  let epic: Epic | undefined;
  let feature: Feature | undefined;
  let section: "epic" | "feature" | "criteria" | "stories" = "epic";
  let description: string[] = [];
  let last: AcceptanceCriterion | UserStory | undefined;

  const flushDescription = () => {
    const text = description.join("\n").replace(/^\n+|\n+$/g, "");
    if (section === "epic" && epic) epic.description = text;
    if (section === "feature" && feature) feature.description = text;
    description = [];
  };

  for (const rawLine of markdown.replace(/\r\n/g, "\n").split("\n")) {
    const line = rawLine.trimEnd();
    if (line.startsWith(EPIC)) {
      flushDescription();
      epic = { name: line.slice(EPIC.length).trim(), description: "", features: [] };
      epics.push(epic);
      feature = undefined;
      section = "epic";
      continue;
    }
    if (line.startsWith(FEATURE)) {
      flushDescription();
      if (!epic) {
        epic = { name: "General", description: "", features: [] };
        epics.push(epic);
      }
      feature = {
        name: line.slice(FEATURE.length).trim(),
        description: "",
        acceptanceCriteria: [],
        stories: [],
      };
      epic.features.push(feature);
      section = "feature";
      continue;
    }
    if (feature && (line === CRITERIA || line === STORIES)) {
      flushDescription();
      section = line === CRITERIA ? "criteria" : "stories";
      last = undefined;
      continue;
    }
    if ((section === "criteria" || section === "stories") && feature) {
      if (line.startsWith("- ")) {
        const { text, assumption } = parseBullet(line);
        const toWrite = section === "stories" ? TO_WRITE.exec(text) : null;
        const story = section === "stories" ? STORY.exec(text) : null;
        if (toWrite) {
          last = {
            userType: toWrite[1]!.trim(),
            action: toWrite[2]!.trim(),
            benefit: TO_WRITE_AS_STORY,
            quote: null,
            assumption,
          };
          feature.stories.push(last);
        } else if (story) {
          last = {
            userType: story[1]!.trim(),
            action: story[2]!.trim(),
            benefit: story[3]?.trim() || UNSTATED_BENEFIT,
            quote: null,
            assumption,
          };
          feature.stories.push(last);
        } else {
          last = { text, quote: null, assumption };
          feature.acceptanceCriteria.push(last);
        }
      } else if (/^\s+> /.test(line) && last) {
        last.quote = parseQuote(line);
      }
      continue;
    }
    if (section === "epic" || section === "feature") {
      description.push(line.startsWith("\\") ? line.slice(1) : line);
    }
  }
  flushDescription();
  return { epics };
}
