/** The addresses of the sign-in pages and of enterprise chat (WeCom), built by pure functions. */

export const LOGIN_PAGE = "/login";
export const ACCOUNT_LOGIN_PAGE = "/xxbLogin";
export const REGISTER_PAGE = "/register";
const WX_REGISTER_PAGE = "/wxRegister";
export const RELOGIN_PAGE = "/relogin";

const SIGN_IN_PAGES = new Set([LOGIN_PAGE, ACCOUNT_LOGIN_PAGE, REGISTER_PAGE, WX_REGISTER_PAGE, RELOGIN_PAGE]);

const WECOM_QR_LOGIN = "https://login.work.weixin.qq.com/wwlogin/sso/login";
const WECOM_AUTHORIZE = "https://open.weixin.qq.com/connect/oauth2/authorize";

interface WecomApp {
  appid: string;
  agentid: string;
}

/** The WeCom web-login QR panel (an iframe on /login); WeCom sends the browser back to
 * `<origin>/login?code=...&state=erp`. */
export function wecomQrLoginUrl(app: WecomApp, origin: string): string {
  const query = [
    "login_type=CorpApp",
    `appid=${encodeURIComponent(app.appid)}`,
    `agentid=${encodeURIComponent(app.agentid)}`,
    `redirect_uri=${encodeURIComponent(`${origin}${LOGIN_PAGE}`)}`,
    "state=erp",
  ].join("&");
  return `${WECOM_QR_LOGIN}?${query}`;
}

/** WeCom's OAuth authorize page of /wxRegister; it returns to `<origin>/wxRegister?code=...&state=bind`. */
export function wecomAuthorizeUrl(app: WecomApp, origin: string): string {
  const query = [
    `appid=${encodeURIComponent(app.appid)}`,
    `redirect_uri=${encodeURIComponent(`${origin}${WX_REGISTER_PAGE}`)}`,
    "response_type=code",
    "scope=snsapi_base",
    "state=bind",
    `agentid=${encodeURIComponent(app.agentid)}`,
  ].join("&");
  return `${WECOM_AUTHORIZE}?${query}#wechat_redirect`;
}

/** `next` when it is a path of this site (starts with one "/", no scheme or host, not a sign-in
 * page), else null: a link must not send a person to another site after signing in. */
export function safeNext(next: string | null | undefined, origin: string): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (SIGN_IN_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go once the role is chosen: `next` when it is safe, else the role's landing page. */
export function destination(next: string | null | undefined, landing: string, origin: string): string {
  return safeNext(next, origin) ?? landing;
}

/** A sign-in page's address carrying `next` along. */
export function withNext(page: string, next: string | null | undefined): string {
  return next ? `${page}?${new URLSearchParams({ next }).toString()}` : page;
}
