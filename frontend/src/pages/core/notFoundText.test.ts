import { describe, expect, it } from "vitest";
import { notFoundText } from "./notFoundText";

describe("notFoundText", () => {
  it("returns English for en", () => {
    expect(notFoundText("en")).toEqual({
      lang: "en",
      title: "Page not found",
      message: "The address you opened does not exist or has moved.",
      backToSignIn: "Back to sign-in",
      signedInHint: "Use the menu or the top bar to go on.",
    });
  });

  it("treats regional English and any case as English", () => {
    expect(notFoundText("en-US").title).toBe("Page not found");
    expect(notFoundText(" EN ").title).toBe("Page not found");
  });

  it("returns Simplified Chinese for anything else", () => {
    for (const lang of ["zh-hans", "zh-CN", "", "fr", "eng"]) {
      expect(notFoundText(lang)).toEqual({
        lang: "zh-hans",
        title: "页面不存在",
        message: "您访问的地址不存在或已移动。",
        backToSignIn: "返回登录",
        signedInHint: "请通过菜单或顶部导航继续操作。",
      });
    }
  });
});
