/**
 * The sign-in calls of spec §7.4 and contract §4, for the sign-in pages (pages/accounts).
 * The sign-in calls are quiet: the pages show their errors beside the form, not as notices.
 */

import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "./client";
import type { Schemas } from "./schema";
import type { LoginUserInfo, SessionUserInfo } from "./session";
import { fetchLoginInfo } from "./shell";

/** GET /api/v1/wxwork/info: the enterprise-chat (WeCom) app of the QR panel; `configured` false:
 * enterprise-chat sign-in is not set up, the account login is the only way in. */
type WecomInfo = Schemas["WecomInfoOutput"];

/** POST /rest/acct/loginRecord's loginData (spec §3): the schema's free map, with the keys the spec names. */
type LoginData = {
  loginName: string;
  userName: string;
  roleName: string;
  storeName: string;
  ipAddress: string;
  ipAscriptionAddress: string;
};

/** The query of a manager-side login link (/xxbLogin?u=&p=&uid=&userId=; u and p are encrypted),
 * every part present. */
export type Handover = Required<Schemas["HandoverLoginInput"]>;

type WecomBinding = Schemas["WecomBindingOutput"];

const WXWORK = "/api/v1/wxwork";

/** Spec §8: enterprise-chat login errors whose message holds this marker send the browser back
 * to /login (the server keeps the marker untranslated). */
const LOGIN_ABNORMAL_MARKER = "login abnormal";

export function isLoginAbnormal(error: unknown): boolean {
  return error instanceof ApiError && error.message.includes(LOGIN_ABNORMAL_MARKER);
}

export const signInApi = {
  /** `username` is already `ERP:<account>`. */
  login: (username: string, password: string) =>
    api.post<LoginUserInfo>("/rest/auth/login", { form: { username, password, refresh: "true" }, quiet: true }),
  quickLogin: () => api.post<LoginUserInfo>("/rest/auth/quickLogin", { quiet: true }),
  handoverLogin: (handover: Handover) =>
    api.post<LoginUserInfo>("/rest/auth/handoverLogin", { body: handover, quiet: true }),
  wecomInfo: () => api.get<WecomInfo>(`${WXWORK}/info`, { quiet: true }),
  wecomLogin: (code: string) => api.get<LoginUserInfo>(`${WXWORK}/login`, { query: { code }, quiet: true }),
  wecomBind: (code: string) => api.get<WecomBinding>(`${WXWORK}/binding`, { query: { code }, quiet: true }),
  loginInfo: fetchLoginInfo,
  /** With the store-employee entry (-1) of several stores, storeId picks the store. */
  selectHierRole: (userRoleId: number, storeId: number) =>
    api.post<SessionUserInfo>(`/rest/acct/selectHierRole/${userRoleId}`, {
      body: { storeId } satisfies Schemas["RoleChooseInput"],
      quiet: true,
    }),
  loginRecord: (loginData: LoginData) =>
    api.post<Schemas["CreatedOutput"]>("/rest/acct/loginRecord", {
      body: { loginData } satisfies Schemas["LoginRecordInput"],
      quiet: true,
    }),
  register: (account: string, password: string) =>
    api.post<Schemas["RegisteredOutput"]>("/rest/acct/createAcct", {
      body: { account, password } satisfies Schemas["RegisterInput"],
      quiet: true,
    }),
  logout: () => api.post<null>("/rest/auth/logout", { quiet: true }),
};

/** The enterprise-chat app of the QR panel and of /wxRegister; a failure is shown with a retry. */
export function useWecomInfo() {
  return useQuery({ queryKey: ["signIn", "wecomInfo"], queryFn: signInApi.wecomInfo, retry: false });
}
