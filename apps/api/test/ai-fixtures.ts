import type { TestServer } from "./harness";

/** A dispatcher's interview: a pain (the spreadsheet) and a need quoted verbatim (the map). */
export const TRANSCRIPT = `AI: What slows you down?
User: Every morning I plan routes by hand from a spreadsheet, which takes two hours.
User: I need to see every technician on one map so that I can send the closest one to an emergency.`;

/** The owner's AI counters for the month. */
export const usage = (server: TestServer, userId: string) =>
  server.services.db
    .selectFrom("users")
    .select(["monthly_api_usage", "monthly_api_cost"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
