import { type Kysely, sql } from "kysely";

// Frozen in time: plan limits of spec 2 §9 and the five default model configurations.

const TOOLKIT = [
  "AI interview toolkit with usage limits",
  "AI partner interactions",
  "Summaries and requirements",
  "AI prompts",
];

/**
 * The five default model configurations, one per AI component. Exported so the admin area can restore
 * them (admin.initializeModelConfigurations); the values themselves stay frozen with this migration.
 */
export const DEFAULT_MODEL_CONFIGURATIONS: ReadonlyArray<{
  component_name: string;
  model_name: string;
  description: string;
  configuration: string;
}> = (
  [
    [
      "interview_agent",
      "gpt-4o",
      "Interviews stakeholders one short question at a time.",
      { temperature: 0.7, max_tokens: 300 },
    ],
    ["summary_agent", "gpt-4o", "Summarises interview transcripts into documentation.", { temperature: 0.3 }],
    ["strategic_partner", "gpt-4o", "Answers questions about the project summary.", { temperature: 0.5 }],
    [
      "requirements_creator",
      "gpt-4o",
      "Turns summaries into epics, features and user stories.",
      { temperature: 0.2 },
    ],
    [
      "prompt_creator",
      "gpt-4o-mini",
      "Writes optimized build prompts for AI app builders.",
      { temperature: 0.4 },
    ],
  ] as const
).map(([component_name, model_name, description, configuration]) => ({
  component_name,
  model_name,
  description,
  configuration: JSON.stringify(configuration, null, 2),
}));

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto("subscription_plans")
    .values([
      {
        name: "Free",
        price: 0,
        project_limit: 1,
        interview_limit: 2,
        included_ai_cents: 0,
        api_call_limit: 100,
        sort_order: 0,
        features: JSON.stringify([
          "1 project per month",
          "2 interviews per project",
          ...TOOLKIT,
          "No billing required",
        ]),
      },
      {
        name: "Basic",
        price: 29,
        project_limit: 5,
        interview_limit: 10,
        included_ai_cents: 1500,
        api_call_limit: 1000,
        sort_order: 1,
        features: JSON.stringify([
          "5 projects per month",
          "10 interviews per project",
          ...TOOLKIT,
          "Pay-as-you-go above the included usage",
        ]),
      },
      {
        name: "Pro",
        price: 99,
        project_limit: 20,
        interview_limit: 20,
        included_ai_cents: 7500,
        api_call_limit: 5000,
        sort_order: 2,
        features: JSON.stringify([
          "20 projects per month",
          "20 interviews per project",
          ...TOOLKIT,
          "Pay-as-you-go above the included usage",
        ]),
      },
    ])
    .execute();

  await db
    .insertInto("model_configurations")
    .values(DEFAULT_MODEL_CONFIGURATIONS.map((config) => ({ ...config, is_active: true })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from model_configurations`.execute(db);
  await sql`delete from subscription_plans`.execute(db);
}
