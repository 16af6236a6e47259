/**
 * The top bar's rules as plain functions (spec §2.3, §5, §6, §9): which items it shows, the client
 * route guard, the badge text, the quick-shortcut limit and the role-switch checks. The components
 * only render what these answer.
 */

import type { RoleEntry, SessionUserInfo } from "../api/session";
import type { RegistryPage } from "../islands/pageContext";

// --- navigation items (spec §2.3) ----------------------------------------------------------------

export interface NavItem {
  /** i18n key under shell:nav. */
  key: string;
  route: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: "intentionDeposit", route: "/stoIntention" },
  { key: "pointsExchange", route: "/accountPoints" },
  { key: "assetTransfer", route: "/assetTransfer" },
  { key: "promotions", route: "/promotion" },
  { key: "buyGoods", route: "/bookProdLst" },
  { key: "storedValueCardTransfer", route: "/cardtocard" },
  { key: "cardTransfer", route: "/transfercard" },
];

export const LOAN_OUTBOUND: NavItem = { key: "loanOutbound", route: "/outboundDetail?type=loan" };

export const STOCK_ITEMS: readonly NavItem[] = [
  { key: "owedGoodsPickup", route: "/toTakenList" },
  { key: "inStoreUseOutbound", route: "/outboundDetail?type=use" },
  LOAN_OUTBOUND,
  { key: "outboundRecords", route: "/outboundRecord" },
  { key: "stocktakeRecords", route: "/inventoryRecord" },
  { key: "liveStock", route: "/systemStorage" },
];

/** The material-builder administrator's only navigation item (spec §6: reduced top bar). */
export const MATERIAL_BUY_GOODS: NavItem = { key: "buyGoods", route: "/bookProdLstNew" };

export const MESSAGE_LIST_ROUTE = "/messageList";
export const TASK_LIST_ROUTE = "/taskList";
export const SHOP_MANAGEMENT_ROUTE = "/shopManagement";
const NOT_FOUND_ROUTE = "/404";
export const SIGN_IN_ROUTE = "/login";

/** userRoleId -1 marks the store-employee-type login (spec §3). */
const STORE_EMPLOYEE_USER_ROLE_ID = -1;

type ShopManagementMode = "open" | "explain";

export interface TopBarLayout {
  /** The reduced top bar of the material-builder administrator (spec §6). */
  reduced: boolean;
  items: NavItem[];
  stockItems: NavItem[];
  showTasks: boolean;
  /** null: not shown (reduced bar); "open": the role goes there; "explain": the others are told which
   * role may open it (and may switch to it), never signed out. */
  shopManagement: ShopManagementMode | null;
}

type SessionFacts = Pick<SessionUserInfo, "isOwner" | "userRoleId" | "isMaterialBuilderAdmin">;

/** Spec §6: shop management is for the roles that hold its page's code (the owner's), the
 * store-employee login excepted. Issue 28 §8: whoever else clicks it is told so and may switch
 * roles; nobody is signed out mid-shift by a confirmation. */
export function shopManagementMode(
  session: Pick<SessionUserInfo, "menu" | "userRoleId">,
  pages: readonly RegistryPage[],
): ShopManagementMode {
  const known = pages.some((page) => page.route === SHOP_MANAGEMENT_ROUTE);
  const holds = known && canOpen(SHOP_MANAGEMENT_ROUTE, session.menu, pages);
  return holds && session.userRoleId !== STORE_EMPLOYEE_USER_ROLE_ID ? "open" : "explain";
}

/** What the top bar shows (spec §2.3, §6); loan outbound only when the store has borrow-out targets. */
export function topBarLayout(
  session: SessionFacts & Pick<SessionUserInfo, "menu">,
  hasBorrowOutTargets: boolean,
  pages: readonly RegistryPage[] = [],
): TopBarLayout {
  if (session.isMaterialBuilderAdmin) {
    return { reduced: true, items: [MATERIAL_BUY_GOODS], stockItems: [], showTasks: false, shopManagement: null };
  }
  return {
    reduced: false,
    items: [...NAV_ITEMS],
    stockItems: STOCK_ITEMS.filter((item) => item !== LOAN_OUTBOUND || hasBorrowOutTargets),
    showTasks: true,
    shopManagement: shopManagementMode(session, pages),
  };
}

/** Spec §7.2: a non-empty answer of findStoreListByBossId shows loan outbound. */
export function hasBorrowOutTargets(answer: unknown): boolean {
  return Array.isArray(answer) && answer.length > 0;
}

// --- route guard (spec §5) -----------------------------------------------------------------------

/** "/outboundDetail?type=use" → "/outboundDetail". */
export function routePath(route: string): string {
  const end = route.search(/[?#]/);
  return end === -1 ? route : route.slice(0, end);
}

/** A page with a role code needs the menu to hold it; a page without one (or unknown) is open. */
export function canOpen(route: string, menu: readonly string[], pages: readonly RegistryPage[]): boolean {
  const path = routePath(route);
  const page = pages.find((candidate) => candidate.route === path);
  if (!page || page.code === null) return true;
  return menu.includes(page.code);
}

export type GuardDecision = { kind: "go"; to: string } | { kind: "notFound"; to: string } | { kind: "denied" };

/** What a click on a link does: an empty menu goes to /404, a page the role may not open keeps the
 * user where they are (with a "no permission" notice), anything else is opened. */
export function guardDecision(route: string, menu: readonly string[], pages: readonly RegistryPage[]): GuardDecision {
  if (menu.length === 0) return { kind: "notFound", to: NOT_FOUND_ROUTE };
  return canOpen(route, menu, pages) ? { kind: "go", to: route } : { kind: "denied" };
}

// --- badges (spec §2.3, §3, §9) ------------------------------------------------------------------

const BADGE_CAP = 99;

/** The new-message badge: nothing at 0, the number up to 99, then "99+". */
export function badgeText(count: number | null | undefined): string {
  if (!count || count <= 0) return "";
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

type TaskNoticeKind = "arrears" | "payment" | "stock" | "phoneViews" | "reportFigures";

/** Spec §3 task summary: type 1 is an arrears notice, anything else a payment notice; ours: 3 is a
 * product below its safety stock (raised by the inventory), 4 and 5 a provider payment or a
 * group-buy write-off to check (payment notices), 6 an account that viewed many whole phones (the
 * owner's), 7 report figures the nightly check found unlike the ledgers and corrected (the owner's). */
export function taskNoticeKind(type: number): TaskNoticeKind {
  if (type === 3) return "stock";
  if (type === 6) return "phoneViews";
  if (type === 7) return "reportFigures";
  return type === 1 ? "arrears" : "payment";
}

// --- the menu drawer -----------------------------------------------------------------------------

export type Area =
  | "shop"
  | "members"
  | "reservations"
  | "billing"
  | "inventory"
  | "catalogue"
  | "store"
  | "inbox"
  | "reports"
  | "commission"
  | "settlement"
  | "other";

const AREA_ORDER: readonly Area[] = [
  "shop",
  "reservations",
  "members",
  "billing",
  "inventory",
  "catalogue",
  "store",
  "inbox",
  "reports",
  "commission",
  "settlement",
  "other",
];

// Spec §2.2 "Area" column, by role-code family; pages without a code by route.
const AREA_BY_CODE: readonly [RegExp, Area][] = [
  [/^ERP-MENU$/, "shop"],
  [/^(ERP-HYGL|ERP-HYQR|HYGL)-/, "members"],
  [/^ERP-YUKB-/, "reservations"],
  [/^(ERP-KDJC|ERP-YLTH|ERP-SYFH)-/, "billing"],
  [/^(KCGL|DHJL)-/, "inventory"],
  [/^(CPGL|XMGL|KXGL|KCXG)-/, "catalogue"],
  [/^(MDGL|YGGL|PBGL|DWGL|DJGL|CZRZ)-/, "store"],
  [/^XXZX-/, "inbox"],
  [/^(SMSA|MLCA|XMDPJ)-/, "reports"],
];

const AREA_BY_ROUTE: Record<string, Area> = {
  "/cancellation": "members",
  "/logoutList": "members",
  "/scheduleMinorHealingAddress": "store",
  "/scheduleMinorHealingStaffSetting": "store",
  "/assetTransfer": "billing",
  "/assetTransferDetail": "billing",
  "/approvalCenter": "inbox",
  "/asstesDetail": "inbox",
  "/taskList": "inbox",
  "/taskDetail": "inbox",
  "/downloadCenter": "reports",
  "/commissionPlans": "commission",
  "/commissionPeriods": "commission",
  "/settlementStatements": "settlement",
  "/settlementMatrix": "settlement",
  "/settlementRules": "settlement",
};

export function areaOf(page: RegistryPage): Area {
  if (page.report) return "reports";
  if (page.code !== null) {
    for (const [pattern, area] of AREA_BY_CODE) if (pattern.test(page.code)) return area;
    return "other";
  }
  return AREA_BY_ROUTE[page.route] ?? "other";
}

interface DrawerGroup {
  area: Area;
  pages: RegistryPage[];
}

/** A page that shows one record (a member's account, a product's or a message's detail): it is
 * reached by clicking the record, and opened from a menu it would have no record to show. */
export function isRecordPage(route: string): boolean {
  return route === "/personalAccount" || /Details?[A-Z]?$/.test(route);
}

/** A report page whose figures need a code (figuresCode) the role holds neither as a page code nor
 * as a button code: it opens, but would show nothing, so the drawer leaves it out. */
function readsNoFigures(page: RegistryPage, menu: readonly string[], buttons: readonly string[]): boolean {
  const code = page.figuresCode;
  return Boolean(code) && !menu.includes(code ?? "") && !buttons.includes(code ?? "");
}

/** A page whose calls all need one of its drawerCodes, none of which the role holds: it opens, but
 * every call would be refused, so the drawer leaves it out. */
function callsAllRefused(page: RegistryPage, menu: readonly string[], buttons: readonly string[]): boolean {
  const codes = page.drawerCodes ?? [];
  return codes.length > 0 && !codes.some((code) => menu.includes(code) || buttons.includes(code));
}

/** Every registry page the role may open, but the pages of one record and the pages whose figures
 * or calls it may not read, grouped by area in AREA_ORDER, registry order within. */
export function drawerGroups(
  pages: readonly RegistryPage[],
  menu: readonly string[],
  buttons: readonly string[] = [],
): DrawerGroup[] {
  const byArea = new Map<Area, RegistryPage[]>();
  for (const page of pages) {
    // A report's page ("/salesDetail", "/evaluationDetails") lists records; it is not one.
    const recordPage = !page.report && isRecordPage(page.route);
    if (page.route === NOT_FOUND_ROUTE || recordPage || !canOpen(page.route, menu, pages)) continue;
    if (readsNoFigures(page, menu, buttons) || callsAllRefused(page, menu, buttons)) continue;
    const area = areaOf(page);
    byArea.set(area, [...(byArea.get(area) ?? []), page]);
  }
  return AREA_ORDER.filter((area) => byArea.has(area)).map((area) => ({ area, pages: byArea.get(area) ?? [] }));
}

/** A registry title in the page's language. */
export function pageTitle(page: RegistryPage, language: string): string {
  return language.toLowerCase().startsWith("en") ? page.titleEn : page.titleZh;
}

// --- role switching (spec §4, §5, §6) ------------------------------------------------------------

const SWITCHING_KINDS: readonly string[] = ["owner", "principal"];

/** The role entry the session acts in: the row the server marked checked, else the one with the
 * session's userRoleId in the session's store. */
export function currentRoleEntry(
  session: Pick<SessionUserInfo, "userRoleId" | "storeId" | "roleId">,
  entries: readonly RoleEntry[],
): RoleEntry | null {
  return (
    entries.find((entry) => entry.checked) ??
    entries.find(
      (entry) =>
        entry.userRoleId === session.userRoleId && entry.hierId === session.storeId && entry.roleId === session.roleId,
    ) ??
    entries.find((entry) => entry.userRoleId === session.userRoleId && entry.hierId === session.storeId) ??
    null
  );
}

/** Spec §6: managers (owners) and principals may switch; store employees and the
 * material-builder administrator get no switch. Without loginInfo the session's owner flag decides. */
export function canSwitchRole(session: SessionFacts, current: RoleEntry | null): boolean {
  if (session.isMaterialBuilderAdmin || session.userRoleId === STORE_EMPLOYEE_USER_ROLE_ID) return false;
  if (current) return SWITCHING_KINDS.includes(current.roleKind);
  return session.isOwner;
}

export function sameRoleEntry(a: RoleEntry | null | undefined, b: RoleEntry | null | undefined): boolean {
  if (!a || !b) return false;
  return a.userRoleId === b.userRoleId && a.hierId === b.hierId && a.roleId === b.roleId;
}

interface ErpTokenBody {
  phone: string;
  roleId: number;
  storeId: number;
  userId: number;
}

/** Spec §5: a switch needs every fact of the target role; else "role information incomplete,
 * cannot switch" and no call is made. */
export function erpTokenBody(
  loginInfo: { phone?: string | null; userId?: number | null } | null | undefined,
  target: Partial<Pick<RoleEntry, "roleId" | "hierId" | "userId">> | null | undefined,
): ErpTokenBody | null {
  const phone = loginInfo?.phone?.trim() ?? "";
  const userId = loginInfo?.userId ?? target?.userId;
  const roleId = target?.roleId;
  const storeId = target?.hierId;
  if (!phone || !isId(userId) || !isId(roleId) || !isId(storeId)) return null;
  return { phone, roleId, storeId, userId };
}

function isId(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

// --- quick shortcuts (spec §5, §9) ---------------------------------------------------------------

export const MAX_SHORTCUTS = 10;
export const SHORTCUTS_PER_ROW = 5;

interface ShortcutChoice {
  name: string;
  router: string;
  checked: boolean;
}

/** Only the first 10 choices are shown. */
export function visibleShortcuts<T>(choices: readonly T[]): T[] {
  return choices.slice(0, MAX_SHORTCUTS);
}

/** Once 10 are chosen the unchecked ones are disabled. */
export function shortcutDisabled(router: string, selected: readonly string[]): boolean {
  return !selected.includes(router) && selected.length >= MAX_SHORTCUTS;
}

/** Checks or unchecks one shortcut, never past the limit; keeps the order of choosing. */
export function toggleShortcut(selected: readonly string[], router: string): string[] {
  if (selected.includes(router)) return selected.filter((route) => route !== router);
  if (selected.length >= MAX_SHORTCUTS) return [...selected];
  return [...selected, router];
}

/** The checked routers among the shown choices. */
export function initialShortcuts(choices: readonly ShortcutChoice[]): string[] {
  return visibleShortcuts(choices)
    .filter((choice) => choice.checked)
    .map((choice) => choice.router)
    .slice(0, MAX_SHORTCUTS);
}

// --- authorization code (spec §2.4, §9) ----------------------------------------------------------

export const AUTHORIZATION_CODE_MAX = 20;
