import { describe, expect, it } from "vitest";
import { maskPhone } from "./format";

describe("formatting", () => {
  it("masks per spec §6 unless masked already", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
    expect(maskPhone("91234578")).toBe("91****78");
    expect(maskPhone("138****5678")).toBe("138****5678");
  });
});
