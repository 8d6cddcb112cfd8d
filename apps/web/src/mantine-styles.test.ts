import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { MANTINE_CSS_FILE, mantineCss } from "../build/mantineStyles";

it("mantine.css has the styles of every Mantine component the app renders (npx tsx apps/web/build/mantineStyles.ts rewrites it)", () => {
  expect(readFileSync(MANTINE_CSS_FILE, "utf8")).toBe(mantineCss());
});
