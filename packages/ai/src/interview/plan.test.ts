import { describe, expect, it } from "vitest";
import { z } from "zod";
import { coverage } from "./coverage";
import { makePlan } from "./plan";
import { bareTitle } from "./questions";
import { PLAN_FORMAT, READING_FORMAT, strictJsonSchema, ZInterviewPlan } from "./types";

const CLINIC = {
  title: "Clinic booking",
  objective: "Let patients book and reschedule appointments online.",
  targetAudience: "Parents booking for their families",
  keyFeatures: "Online rescheduling\nSMS reminders\nWaitlist",
  constraints: "Must comply with GDPR\nLaunch before March\nMust work on old Android phones",
  domain: "Healthcare",
  references: "Doctolib",
};

const titles = (plan: ReturnType<typeof makePlan>) => plan.topics.map((t) => t.title);

describe("makePlan", () => {
  it("opens with the role, then one topic per key feature, in a valid plan of 5 to 9 topics", () => {
    const plan = makePlan(CLINIC, "user", 10);
    expect(ZInterviewPlan.safeParse(plan).success).toBe(true);
    expect(plan.topics[0]!.source).toBe("role");
    expect(titles(plan).slice(1, 4)).toEqual(["Online rescheduling", "SMS reminders", "Waitlist"]);
    expect(plan.topics.length).toBeGreaterThanOrEqual(5);
    expect(plan.topics.length).toBeLessThanOrEqual(9);
  });

  it("gives each role only the constraints it can speak to", () => {
    const user = titles(makePlan(CLINIC, "user", 10));
    expect(user).toContain("Must work on old Android phones");
    expect(user).not.toContain("Must comply with GDPR");
    const business = titles(makePlan(CLINIC, "business", 12));
    expect(business).toEqual(expect.arrayContaining(["Must comply with GDPR", "Launch before March"]));
    const developer = titles(
      makePlan({ ...CLINIC, constraints: "Integrate with the SAP work orders" }, "developer", 12),
    );
    expect(developer).toContain("Integrate with the SAP work orders");
    expect(
      titles(makePlan({ ...CLINIC, constraints: "Integrate with the SAP work orders" }, "designer", 10)),
    ).not.toContain("Integrate with the SAP work orders");
  });

  it("asks topics that earlier interviews left thin right after the warm-up", () => {
    const plan = makePlan(CLINIC, "user", 10, [{ title: "Cancellation fees" }]);
    expect(plan.topics[1]!.title).toBe("Cancellation fees");
    expect(plan.topics[1]!.probes[0]).toMatch(/cancellation fees/i);
  });

  it("plans more topics for a longer interview, never more than nine", () => {
    const many = {
      ...CLINIC,
      keyFeatures: "A one\nB two\nC three\nD four\nE five\nF six\nG seven\nH eight\nI nine\nJ ten",
    };
    expect(makePlan(CLINIC, "product_manager", 15).topics.length).toBeGreaterThan(
      makePlan(CLINIC, "user", 10).topics.length,
    );
    expect(makePlan(many, "product_manager", 15).topics).toHaveLength(9);
    expect(makePlan({ title: "Bare" }, "other", 10).topics.length).toBeGreaterThanOrEqual(5);
  });
});

describe("coverage", () => {
  it("marks topics covered, thin or not reached from the participant's words", () => {
    const plan = makePlan(CLINIC, "user", 10);
    const [warmUp, rescheduling, reminders] = plan.topics as [
      (typeof plan.topics)[0],
      (typeof plan.topics)[0],
      (typeof plan.topics)[0],
    ];
    const grid = coverage(plan, [
      { role: "ai", content: `Hello. ${warmUp.probes[0]}` },
      {
        role: "user",
        content:
          "I book for my three kids and I have to reschedule appointments almost every week because of school trips and sports practice.",
      },
      { role: "ai", content: rescheduling.probes[0]! },
      {
        role: "user",
        content:
          "Rescheduling online would save me the morning phone queue, which takes twenty minutes on a good day and an hour on a bad one.",
      },
      { role: "ai", content: reminders.probes[0]! },
      { role: "user", content: "Not sure." },
    ]);
    const status = Object.fromEntries(grid.map((c) => [c.topicId, c.status]));
    expect(status[rescheduling.id]).toBe("covered");
    expect(status[reminders.id]).toBe("thin");
    expect(status[plan.topics.find((t) => t.title === "Waitlist")!.id]).toBe("not_reached");
  });
});

describe("strict response formats", () => {
  const objects = (
    node: unknown,
    out: Array<Record<string, unknown>> = [],
  ): Array<Record<string, unknown>> => {
    if (Array.isArray(node)) for (const n of node) objects(n, out);
    else if (node && typeof node === "object") {
      const o = node as Record<string, unknown>;
      if (o.type === "object") out.push(o);
      for (const v of Object.values(o)) objects(v, out);
    }
    return out;
  };

  it("requires every property and forbids others in each object, as OpenAI's strict mode demands", () => {
    for (const format of [PLAN_FORMAT, READING_FORMAT]) {
      expect(format.type).toBe("json_schema");
      expect(format.json_schema.strict).toBe(true);
      expect(format.json_schema.schema).not.toHaveProperty("$schema");
      const found = objects(format.json_schema.schema);
      expect(found.length).toBeGreaterThan(0);
      for (const o of found) {
        expect(o.additionalProperties).toBe(false);
        expect([...(o.required as string[])].sort()).toEqual(Object.keys(o.properties as object).sort());
      }
    }
    expect(JSON.stringify(READING_FORMAT)).toContain(
      '"enum":["answer","declined","unsure","off_topic","instructions"]',
    );
    // What may be missing is written as nullable, which strict mode accepts.
    expect(JSON.stringify(strictJsonSchema("x", z.object({ reflect: z.string().nullable() })))).toContain(
      '"reflect":{"type":["string","null"]}},"required":["reflect"]',
    );
  });

  it("refuses to build a strict schema with an optional property", () => {
    expect(() => strictJsonSchema("x", z.object({ a: z.string(), b: z.string().optional() }))).toThrow(
      /b required/,
    );
  });
});

describe("bareTitle", () => {
  it("says a feature's title bare where it reads right without quotes", () => {
    expect(bareTitle("Online booking")).toBe("online booking");
    expect(bareTitle("Low-stock alerts")).toBe("low-stock alerts");
    expect(bareTitle("Route optimisation")).toBe("route optimisation");
    expect(bareTitle("SMS reminders")).toBe("SMS reminders");
  });

  it("keeps the quotes where a bare title would need an article or has grammar of its own", () => {
    expect(bareTitle("Waitlist")).toBeNull();
    expect(bareTitle("Waitlist for cancelled slots")).toBeNull();
    expect(bareTitle("Live map of vans")).toBeNull();
    expect(bareTitle("Export (CSV)")).toBeNull();
  });
});
