import { type Kysely, type Migration, Migrator } from "kysely";
import * as dataModel from "./migrations/2025_07_01_0001_data_model";
import * as seed from "./migrations/2025_07_01_0002_seed_plans_and_models";
import * as billingEvents from "./migrations/2025_07_02_0001_billing_events";
import * as adminIndexes from "./migrations/2025_07_03_0001_admin_indexes";
import * as overageCharges from "./migrations/2025_07_04_0001_overage_charges";
import * as abuseLimits from "./migrations/2026_11_23_0012_abuse_limits";
import * as interviewPlan from "./migrations/2026_11_23_0014_interview_plan";

/** Every migration, in order. Add new files here with a later timestamp; never edit old ones. */
export const migrations: Record<string, Migration> = {
  "2025_07_01_0001_data_model": dataModel,
  "2025_07_01_0002_seed_plans_and_models": seed,
  "2025_07_02_0001_billing_events": billingEvents,
  "2025_07_03_0001_admin_indexes": adminIndexes,
  "2025_07_04_0001_overage_charges": overageCharges,
  "2026_11_23_0012_abuse_limits": abuseLimits,
  "2026_11_23_0014_interview_plan": interviewPlan,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
