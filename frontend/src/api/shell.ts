/**
 * The calls of the shell (top bar, role dialog, shop-owner authorization, manager hand-over,
 * logout): contract §4, docs/api.md, spec §7.2 and §7.4.
 */

import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import type { Schemas } from "./schema";
import type { LoginInfo } from "./session";

export type QuickChoice = Schemas["QuickChoiceOutput"];

type QuickShortcutsBody = Schemas["QuickShortcutsInput"];

/** POST /rest/acct/erpToken answer: the session user info of the new role and its tokens. */
type ErpTokenAnswer = Schemas["RoleSwitchOutput"];

type ManagerLink = Schemas["ManagerLinkOutput"];

export const shellKeys = {
  loginInfo: () => ["shell", "loginInfo"] as const,
  borrowOutTargets: (storeId: number) => ["shell", "borrowOutTargets", storeId] as const,
  quickChoices: (storeId: number) => ["shell", "quickChoices", storeId] as const,
};

export function fetchLoginInfo(): Promise<LoginInfo> {
  return api.get<LoginInfo>("/rest/acct/loginInfo", { quiet: true });
}

/** Spec §7.2: the stores this store may lend stock to (a non-empty list shows loan outbound). */
function fetchBorrowOutTargets(storeId: number): Promise<unknown[]> {
  return api.get<unknown[]>(`/rest/shopDetail/findStoreListByBossId/${storeId}`, { quiet: true });
}

function fetchQuickChoices(storeId: number): Promise<QuickChoice[]> {
  return api.get<QuickChoice[]>("/rest/hier/findStoreQuickBase", { query: { store: storeId }, quiet: true });
}

export function saveQuickShortcuts(body: QuickShortcutsBody): Promise<{ routers: string[] }> {
  return api.post<Schemas["QuickSavedOutput"]>("/rest/hier/addStoreQuicks", { body });
}

/** The role switch's token; failures are told by the caller ("please retry, ..."). */
export function requestErpToken(body: Schemas["RoleSwitchInput"]): Promise<ErpTokenAnswer> {
  return api.post<ErpTokenAnswer>("/rest/acct/erpToken", { body, quiet: true });
}

/** Shop-owner authorization (spec §2.4): passed through with no alert, the dialog shows the answer. */
export function checkStoreMaster(body: Schemas["StoreMasterInput"]): Promise<unknown> {
  return api.post<unknown>("/rest/acct/checkStoreMaster", { body, quiet: true });
}

export function fetchManagerLink(newTab: boolean): Promise<ManagerLink> {
  return api.get<ManagerLink>("/rest/acct/managerLink", { query: { newTab } });
}

export function logout(refresh: string | null): Promise<unknown> {
  return api.post<unknown>("/rest/auth/logout", {
    body: (refresh ? { refresh } : {}) satisfies Schemas["LogoutInput"],
    quiet: true,
  });
}

export function useLoginInfo(enabled = true) {
  return useQuery({ queryKey: shellKeys.loginInfo(), queryFn: fetchLoginInfo, staleTime: 5 * 60_000, enabled });
}

export function useBorrowOutTargets(storeId: number, enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.borrowOutTargets(storeId),
    queryFn: () => fetchBorrowOutTargets(storeId),
    staleTime: 10 * 60_000,
    enabled,
    retry: false,
  });
}

export function useQuickChoices(storeId: number | null) {
  return useQuery({
    queryKey: shellKeys.quickChoices(storeId ?? 0),
    queryFn: () => fetchQuickChoices(storeId ?? 0),
    enabled: storeId !== null,
    retry: false,
    staleTime: 0,
  });
}
