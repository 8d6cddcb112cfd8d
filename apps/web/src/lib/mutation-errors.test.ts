import { describe, expect, it } from "vitest";
import { mutationErrorToast } from "./mutation-errors";

describe("mutationErrorToast", () => {
  it("titles the toast from the mutation and says what the server said", () => {
    expect(
      mutationErrorToast(new Error("Project not found"), { errorTitle: "Error deleting project" }),
    ).toEqual({
      title: "Error deleting project",
      description: "Project not found",
      variant: "destructive",
    });
  });

  it("uses the fallback only when the server said nothing, and a fixed text always", () => {
    const meta = { errorTitle: "Error saving plan", errorFallback: "Could not save the plan." };
    expect(mutationErrorToast(new Error(""), meta)?.description).toBe("Could not save the plan.");
    expect(mutationErrorToast(new Error("Too long"), meta)?.description).toBe("Too long");
    expect(
      mutationErrorToast(new Error("500"), {
        errorTitle: "Error",
        errorDescription: "Failed to send reset email",
      })?.description,
    ).toBe("Failed to send reset email");
  });

  it("still answers a mutation that named no title, and stays quiet for one that shows its own error", () => {
    expect(mutationErrorToast(new Error("Boom"), undefined)?.title).toBe("An error occurred");
    expect(mutationErrorToast(new Error("Boom"), { errorToast: false })).toBeNull();
  });
});
