import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, ZMessages } from "./participant";

describe("ZMessages", () => {
  it("keeps the imageData, image and analysis of older image messages when a conversation is saved", () => {
    const older = {
      role: "user",
      content: "Uploaded an image",
      timestamp: "2025-06-30T10:00:00.000Z",
      imageData: "data:image/png;base64,iVBORw0KGgo=",
      image: "https://example.test/whiteboard.png",
      analysis: "A whiteboard with the delivery routes.",
    };
    expect(ZMessages.parse([older])).toEqual([older]);
  });

  it("refuses a picture stuffed into a message: images are uploaded apart and messages hold their address", () => {
    const tooLarge = `data:image/png;base64,${"A".repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100)}`;
    const result = ZMessages.safeParse([{ role: "user", content: "", imageData: tooLarge }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Images are added as visual notes");
    expect(ZMessages.safeParse([{ role: "user", content: tooLarge }]).success).toBe(false);
  });
});
