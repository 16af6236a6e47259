/** Where the 404 page sends people back to. */
export const SIGN_IN_URL = "/xxbLogin";

interface NotFoundText {
  /** BCP 47 tag of the language the texts are in. */
  lang: "en" | "zh-hans";
  title: string;
  message: string;
  backToSignIn: string;
  /** For a signed-in person, who finds the way on through the top bar. */
  signedInHint: string;
}

const EN: NotFoundText = {
  lang: "en",
  title: "Page not found",
  message: "The address you opened does not exist or has moved.",
  backToSignIn: "Back to sign-in",
  signedInHint: "Use the menu or the top bar to go on.",
};

const ZH_HANS: NotFoundText = {
  lang: "zh-hans",
  title: "页面不存在",
  message: "您访问的地址不存在或已移动。",
  backToSignIn: "返回登录",
  signedInHint: "请通过菜单或顶部导航继续操作。",
};

/** English for "en" (and regional variants such as "en-US"); Simplified Chinese otherwise. */
export function notFoundText(lang: string): NotFoundText {
  const normalized = lang.trim().toLowerCase();
  return normalized === "en" || normalized.startsWith("en-") ? EN : ZH_HANS;
}
