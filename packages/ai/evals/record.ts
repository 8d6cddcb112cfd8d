/**
 * Writes evals/recordings.json: the answers the fake server replays in the model-path evals. No model
 * is reachable here, so they are authored by the scripted simulator (test/simulated-model.ts) with
 * the mistakes models make planted in them: a first answer that breaks the schema (the repair retry
 * must fix it), a made-up clause reference, negations read as wants, questions asked in passing
 * listed as open questions, a feature name nobody said, and stories that grant what someone said
 * must never happen.
 * Run: `npx tsx packages/ai/evals/record.ts`.
 */
import { writeFileSync } from "node:fs";
import { interviewTurns } from "../src/evidence/extract";
import { analyzeProjectWithModel, numberedTranscript } from "../src/evidence/model";
import { fence } from "../src/evidence/prompts";
import type { StructuredProvider } from "../src/evidence/structured";
import { requestKey } from "../test/fake-structured-openai";
import { simulatedAnswer } from "../test/simulated-model";
import { PROJECTS } from "./projects";

const NEGATION =
  /\b(?:don't want to|don't want|do not want|must not|mustn't|must never|should not|never|not)\s+/gi;

/** The simulator's answer with a model's typical mistakes planted in it. */
export function faultyAnswer(body: any, firstInterview: boolean): string {
  const name = body.response_format.json_schema.name;
  const repair = body.messages.some((m: any) => m.role === "assistant");
  const answer = JSON.parse(simulatedAnswer(body));
  if (name === "interview_extraction") {
    if (firstInterview && !repair) return JSON.stringify({ needs: "1" });
    // Negations read as wants, a reference that does not exist, and questions asked in passing as open ones.
    answer.needs.push(...answer.doesNotWant, ...answer.mustNever, 999);
    answer.doesNotWant = [];
    answer.mustNever = [];
    const questions = [...body.messages[1].content.matchAll(/^\[(\d+\.\d+)\] .*\?$/gm)].map(
      (m: RegExpMatchArray) => m[1],
    );
    answer.openQuestions.push(...questions);
  }
  if (name === "requirements") {
    const lines = body.messages[1].content
      .split("\n")
      .filter((l: string) => / \| (?:need|constraint)\/(?:does_not_want|must_never) \| /.test(l));
    const granted = lines.map((line: string) => {
      const [id = "0", , , , quote = ""] = line.split(" | ");
      return {
        userType: "user",
        action: quote.replace(NEGATION, "").trim(),
        benefit: "they are happy",
        itemIds: [Number(id)],
      };
    });
    answer.epics.push({
      name: "Extras",
      features: [
        {
          name: "Smart hub",
          criteria: [],
          stories: [
            {
              userType: "user",
              action: "use the smart hub",
              benefit: "life is easier",
              itemIds: granted[0]?.itemIds ?? [],
            },
          ],
        },
        ...(answer.epics[0]?.features[0]
          ? [
              {
                ...answer.epics[0].features[0],
                stories: [...answer.epics[0].features[0].stories, ...granted],
              },
            ]
          : []),
      ],
    });
  }
  return JSON.stringify(answer);
}

export async function record(): Promise<Record<string, string>> {
  const recordings: Record<string, string> = {};
  for (const project of PROJECTS) {
    // The first interview as the model sees it, to know which request is the one to break.
    const first = fence("interview", numberedTranscript(interviewTurns(project.interviews[0]!)).text);
    const provider: StructuredProvider = {
      async structured(request) {
        const body = { response_format: { json_schema: { name: request.name } }, messages: request.messages };
        const text = faultyAnswer(body, request.messages[1]!.content === first);
        recordings[requestKey(body)] = text;
        return text;
      },
    };
    await analyzeProjectWithModel(project.interviews, { provider, title: project.name });
  }
  return recordings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const recordings = await record();
  writeFileSync(new URL("./recordings.json", import.meta.url), `${JSON.stringify(recordings, null, 1)}\n`);
  console.log(`recorded ${Object.keys(recordings).length} answers`);
}
