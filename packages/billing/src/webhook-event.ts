import type Stripe from "stripe";

/**
 * What a signed event lacks for us to apply it (Stripe never sends such an event, but a signature
 * only proves who sent it): answered 200 so it is not retried forever, and logged by the route.
 */
export function malformedEvent(event: Stripe.Event): string | undefined {
  const raw = event as unknown as {
    id?: unknown;
    type?: unknown;
    created?: unknown;
    data?: { object?: unknown };
  };
  if (typeof raw.id !== "string" || !raw.id || raw.id.length > 255) return "event without an id";
  if (typeof raw.type !== "string" || raw.type.length > 255) return "event without a type";
  if (!raw.type.startsWith("customer.subscription.")) return undefined;
  if (
    typeof raw.created !== "number" ||
    !Number.isFinite(raw.created) ||
    raw.created < 0 ||
    raw.created > 1e10
  )
    return "event without a creation time";
  const object = raw.data?.object as
    | { id?: unknown; customer?: unknown; status?: unknown }
    | null
    | undefined;
  if (!object || typeof object !== "object") return "subscription event without data.object";
  const customer = object.customer as { id?: unknown } | string | null | undefined;
  const customerId = typeof customer === "string" ? customer : customer?.id;
  if (typeof object.id !== "string" || typeof customerId !== "string") {
    return "subscription event without a subscription or customer id";
  }
  return undefined;
}
