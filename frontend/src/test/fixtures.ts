/** Objects the tests build again and again: role entries and signed-in sessions. Each helper gives
 * a complete object with fixed defaults; a test names only what matters to it in `overrides`. */

import type { RoleEntry, SessionUserInfo } from "../api/session";

/** A role entry; by default the principal of Store A (id 1), user SY00002. */
export function roleEntry(overrides: Partial<RoleEntry> = {}): RoleEntry {
  return {
    hierId: 1,
    hier: "Store A",
    role: "Principal",
    roleId: 2,
    roleKind: "principal",
    userRoleId: 10,
    description: "",
    userAccount: "SY00002",
    isLoginUser: true,
    userId: 2,
    allRsrc: [],
    quicks: [],
    checked: false,
    ...overrides,
  };
}

/** A role entry of the shell's tests; by default the owner of Store A (id 10), user SY00001. */
export function ownerEntry(overrides: Partial<RoleEntry> = {}): RoleEntry {
  return roleEntry({
    hierId: 10,
    role: "Owner",
    roleId: 1,
    roleKind: "owner",
    userRoleId: 100,
    userAccount: "SY00001",
    userId: 7,
    ...overrides,
  });
}

/** A signed-in session; by default the owner of Store A (id 10), user SY00001. */
export function sessionInfo(overrides: Partial<SessionUserInfo> = {}): SessionUserInfo {
  return {
    loginName: "SY00001",
    nickname: "Owner",
    createdDate: "2024-01-01T00:00:00+08:00",
    enabled: true,
    userId: 7,
    storeId: 10,
    storeName: "Store A",
    roleId: 1,
    roleName: "Owner",
    userRoleId: 100,
    isOwner: true,
    isMaterialBuilderAdmin: false,
    header_text: "Store A|Owner",
    menu: ["ERP-MENU"],
    btn: [],
    landing: "/shopManagement",
    access: "old-access",
    refresh: "old-refresh",
    accountVersion: "v1",
    ...overrides,
  };
}
