import { afterEach, describe, expect, it } from "vitest";
import { i18n, normalizeLanguage, switchLanguage } from "./index";

describe("i18n", () => {
  afterEach(async () => {
    await switchLanguage("en");
  });

  it("finds the Simplified Chinese texts under zh-hans", async () => {
    await switchLanguage("zh-hans");
    expect(i18n.t("common:confirm")).toBe("确定");
    expect(document.documentElement.lang).toBe("zh-hans");
    expect(document.cookie).toContain("django_language=zh-hans");
  });

  it("switches back to English", async () => {
    await switchLanguage("en");
    expect(i18n.t("common:confirm")).toBe("Confirm");
  });

  it.each([
    ["en", "en"],
    ["en-US", "en"],
    ["zh-hans", "zh-hans"],
    ["zh-CN", "zh-hans"],
    ["", "zh-hans"],
  ])("normalises %s to %s", (tag, language) => {
    expect(normalizeLanguage(tag)).toBe(language);
  });
});
