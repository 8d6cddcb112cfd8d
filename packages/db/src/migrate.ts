import { type Kysely, sql } from "kysely";
import * as dataModel from "./migrations/2025_07_01_0001_data_model";
import * as seed from "./migrations/2025_07_01_0002_seed_plans_and_models";
import * as billingEvents from "./migrations/2025_07_02_0001_billing_events";
import * as adminIndexes from "./migrations/2025_07_03_0001_admin_indexes";
import * as overageCharges from "./migrations/2025_07_04_0001_overage_charges";
import * as usageDaily from "./migrations/2025_07_05_0001_usage_daily";
import * as jobs from "./migrations/2025_07_05_0002_jobs";
import * as abuseLimits from "./migrations/2026_11_23_0012_abuse_limits";
import * as interviewPlan from "./migrations/2026_11_23_0014_interview_plan";
import * as evidence from "./migrations/2026_11_23_0015_evidence";
import * as interviewSummaries from "./migrations/2026_11_23_0017_interview_summaries";
import * as requirementDismissals from "./migrations/2026_11_23_0018_requirement_dismissals";
import * as interviewRecord from "./migrations/2026_11_25_0001_interview_record";
import * as projectLanguage from "./migrations/2026_11_25_0020_project_language";
import * as personalAccessTokens from "./migrations/2026_11_26_0001_personal_access_tokens";
import * as personalDetails from "./migrations/2026_11_27_0001_personal_details";

export interface Migration {
  up(db: Kysely<any>): Promise<void>;
  down?(db: Kysely<any>): Promise<void>;
}

/** Every migration, in order. Add new files here with a later timestamp; never edit old ones. */
export const migrations: Record<string, Migration> = {
  "2025_07_01_0001_data_model": dataModel,
  "2025_07_01_0002_seed_plans_and_models": seed,
  "2025_07_02_0001_billing_events": billingEvents,
  "2025_07_03_0001_admin_indexes": adminIndexes,
  "2025_07_04_0001_overage_charges": overageCharges,
  "2025_07_05_0001_usage_daily": usageDaily,
  "2025_07_05_0002_jobs": jobs,
  "2026_11_23_0012_abuse_limits": abuseLimits,
  "2026_11_23_0014_interview_plan": interviewPlan,
  "2026_11_23_0015_evidence": evidence,
  "2026_11_23_0017_interview_summaries": interviewSummaries,
  "2026_11_23_0018_requirement_dismissals": requirementDismissals,
  "2026_11_25_0001_interview_record": interviewRecord,
  "2026_11_25_0020_project_language": projectLanguage,
  "2026_11_26_0001_personal_access_tokens": personalAccessTokens,
  "2026_11_27_0001_personal_details": personalDetails,
};

// Any fixed 64-bit number, the same in every replica: the key of the migration lock.
const MIGRATION_LOCK = 7_261_903_118_442_013n;

/**
 * Applies every pending migration in ONE transaction that first takes a transaction-level advisory
 * lock. Replicas starting together queue on the lock; the first applies, the others then find
 * nothing pending. Kysely's own Migrator takes a session-level lock on a connection outside its
 * transaction, which behind a transaction pooler (PgBouncer) lands on different server connections
 * for lock and unlock; a lock scoped to one transaction cannot. The bookkeeping table is Kysely's
 * (`kysely_migration`, name + ISO timestamp), so databases migrated before keep their history.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(trx);
    await sql`create table if not exists kysely_migration (
      name varchar(255) primary key, timestamp varchar(255) not null)`.execute(trx);
    const done = new Set(
      (await trx.selectFrom("kysely_migration").select("name").execute()).map((row) => row.name as string),
    );
    const applied: string[] = [];
    for (const [name, migration] of Object.entries(migrations)) {
      if (done.has(name)) continue;
      try {
        await migration.up(trx);
      } catch (error) {
        throw new Error(
          `Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await trx
        .insertInto("kysely_migration")
        .values({ name, timestamp: new Date().toISOString() })
        .execute();
      applied.push(name);
    }
    return applied;
  });
}
