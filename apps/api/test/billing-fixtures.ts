import type { TestServer } from "./harness";

/** The id of the plan called `name` ("Free", "Basic", "Pro"). */
export const planId = async (server: TestServer, name: string) =>
  (
    await server.services.db
      .selectFrom("subscription_plans")
      .select("id")
      .where("name", "=", name)
      .executeTakeFirstOrThrow()
  ).id;

/** A user's plan and Stripe columns. */
export const userRow = (server: TestServer, id: string) =>
  server.services.db
    .selectFrom("users")
    .select([
      "subscription_tier",
      "subscription_status",
      "stripe_customer_id",
      "stripe_subscription_id",
      "monthly_api_limit",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
