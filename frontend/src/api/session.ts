/**
 * The signed-in session as the browser keeps it (spec §3: the session user info is kept in
 * browser storage). Tokens travel in the Authorization and X-Account-Version headers.
 */

export interface RoleEntry {
  hierId: number;
  hier: string;
  role: string;
  roleId: number;
  roleKind: string;
  userRoleId: number;
  description: string;
  userAccount: string;
  isLoginUser: boolean;
  userId: number;
  allRsrc: string[];
  quicks: { name: string; rsrc: string }[];
  checked: boolean;
}

/** GET /rest/acct/loginInfo (spec §3 login info, contract §4.3): the sign-in pages and the shell. */
export interface LoginInfo {
  userId: number;
  userName: string;
  loginName: string;
  phone: string;
  storeName: string;
  roles: RoleEntry[];
  canLoginBoss: boolean;
  canLoginManager: boolean;
}

export interface Tokens {
  access: string;
  refresh: string;
  accountVersion: string;
}

export interface LoginUserInfo extends Tokens {
  loginName: string;
  nickname: string;
  createdDate: string;
  enabled: boolean;
  userId: number;
  roles: RoleEntry[];
  stores: { id: number; name: string }[];
}

export interface SessionUserInfo extends Tokens {
  loginName: string;
  nickname: string;
  createdDate: string;
  enabled: boolean;
  userId: number;
  storeId: number;
  storeName: string;
  roleId: number;
  roleName: string;
  userRoleId: number;
  isOwner: boolean;
  isMaterialBuilderAdmin: boolean;
  header_text: string;
  menu: string[];
  btn: string[];
  landing: string;
}

const TOKENS_KEY = "erp.tokens";
const SESSION_KEY = "erp.session";

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function currentTokens(): Tokens | null {
  return read<Tokens>(TOKENS_KEY);
}

export function saveTokens(tokens: Tokens): void {
  const { access, refresh, accountVersion } = tokens;
  window.localStorage.setItem(TOKENS_KEY, JSON.stringify({ access, refresh, accountVersion }));
}

export function currentSession(): SessionUserInfo | null {
  return read<SessionUserInfo>(SESSION_KEY);
}

export function saveSession(info: SessionUserInfo): void {
  saveTokens(info);
  window.localStorage.setItem(SESSION_KEY, JSON.stringify(info));
}

/** Logout and relogin clear the session and local storage (spec §4). */
export function clearSession(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
}

/** Whether the session's button codes (spec §3 `btn`, docs/api.md "Role codes") hold `code`. */
export function hasButtonCode(code: string, session: SessionUserInfo | null = currentSession()): boolean {
  return Boolean(session?.btn?.includes(code));
}
