import { describe, expect, it } from "vitest";
import { splitCoordinatedAction } from "./split";

describe("splitCoordinatedAction", () => {
  it.each([
    [
      "book rooms, rent equipment and sign up for classes",
      ["book rooms", "rent equipment", "sign up for classes"],
    ],
    ["track receipts, expenses and wages", ["track receipts", "track expenses", "track wages"]],
    ["view and cancel bookings", ["view bookings", "cancel bookings"]],
    ["print or email invoices", ["print invoices", "email invoices"]],
    [
      "handle reservations, payments and our website online",
      ["handle reservations", "handle payments", "handle our website online"],
    ],
    [
      "see the bookings and experiences shared by clients",
      ["see the bookings", "see experiences shared by clients"],
    ],
  ])("splits %s", (action, actions) => {
    expect(splitCoordinatedAction(action)).toEqual(actions);
  });

  it.each([
    "see which hours are busiest",
    "send reminders by SMS and email",
    "see accurate and complete reports",
    "read the terms and conditions",
    "pick up and drop off my van",
    "see which hours are busy and which are quiet",
    "quickly and easily find a free slot",
    "know when a client cancels or moves an appointment",
    "see the rooms that are cleaned and ready",
    "keep the van booked. Then check mileage and fuel",
    "see the stock list with prices and suppliers",
    "track the opening hours of the shop and changes requested by staff",
  ])("keeps %s whole", (action) => {
    expect(splitCoordinatedAction(action)).toEqual([action]);
  });
});
