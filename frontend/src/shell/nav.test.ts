import { describe, expect, it } from "vitest";
import type { RegistryPage } from "../islands/pageContext";
import { ownerEntry } from "../test/fixtures";
import {
  LOAN_OUTBOUND,
  MATERIAL_BUY_GOODS,
  MAX_SHORTCUTS,
  NAV_ITEMS,
  STOCK_ITEMS,
  areaOf,
  badgeText,
  canOpen,
  canSwitchRole,
  currentRoleEntry,
  drawerGroups,
  isRecordPage,
  erpTokenBody,
  guardDecision,
  hasBorrowOutTargets,
  initialShortcuts,
  routePath,
  sameRoleEntry,
  shopManagementMode,
  shortcutDisabled,
  taskNoticeKind,
  toggleShortcut,
  topBarLayout,
  visibleShortcuts,
} from "./nav";

const PAGES: RegistryPage[] = [
  { route: "/shopManagement", code: "ERP-MENU", titleEn: "Shop management", titleZh: "门店管理" },
  { route: "/orderBoard", code: "ERP-YUKB-PAG-0001-0000", titleEn: "Reservation board", titleZh: "预约看板" },
  { route: "/outboundDetail", code: "KCGL-0005", titleEn: "Outbound detail", titleZh: "出库详情" },
  { route: "/messageList", code: "XXZX-0001", titleEn: "Messages", titleZh: "消息中心" },
  { route: "/taskList", code: null, titleEn: "Tasks", titleZh: "任务中心" },
  { route: "/assetTransfer", code: null, titleEn: "Asset transfer", titleZh: "资产转移" },
  { route: "/404", code: null, titleEn: "Not found", titleZh: "页面不存在" },
];

const OWNER = { isOwner: true, userRoleId: 100, isMaterialBuilderAdmin: false, menu: ["ERP-MENU"] };
const PRINCIPAL = { isOwner: false, userRoleId: 101, isMaterialBuilderAdmin: false, menu: ["XXZX-0001"] };
const EMPLOYEE = { isOwner: false, userRoleId: -1, isMaterialBuilderAdmin: false, menu: ["ERP-MENU"] };
const MATERIAL = { isOwner: false, userRoleId: 102, isMaterialBuilderAdmin: true, menu: [] };

describe("badgeText", () => {
  it("is empty without unread messages", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(undefined)).toBe("");
    expect(badgeText(null)).toBe("");
    expect(badgeText(-3)).toBe("");
  });

  it("shows the number up to 99", () => {
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
  });

  it("shows 99+ above 99", () => {
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12345)).toBe("99+");
  });
});

describe("route guard", () => {
  it("strips the query of a route", () => {
    expect(routePath("/outboundDetail?type=loan")).toBe("/outboundDetail");
    expect(routePath("/taskList#x")).toBe("/taskList");
    expect(routePath("/taskList")).toBe("/taskList");
  });

  it("opens a page without a code, or one the registry does not know", () => {
    expect(canOpen("/taskList", [], PAGES)).toBe(true);
    expect(canOpen("/somewhere", ["X"], PAGES)).toBe(true);
  });

  it("opens a coded page only when the menu has the code", () => {
    expect(canOpen("/messageList", ["XXZX-0001"], PAGES)).toBe(true);
    expect(canOpen("/messageList", ["ERP-MENU"], PAGES)).toBe(false);
    expect(canOpen("/outboundDetail?type=use", ["KCGL-0005"], PAGES)).toBe(true);
    expect(canOpen("/outboundDetail?type=use", ["KCGL-0004"], PAGES)).toBe(false);
  });

  it("sends an empty menu to /404, whatever the page", () => {
    expect(guardDecision("/messageList", [], PAGES)).toEqual({ kind: "notFound", to: "/404" });
    expect(guardDecision("/taskList", [], PAGES)).toEqual({ kind: "notFound", to: "/404" });
  });

  it("keeps a role without the code where it is", () => {
    expect(guardDecision("/messageList", ["ERP-MENU"], PAGES)).toEqual({ kind: "denied" });
  });

  it("goes to a permitted page with its query", () => {
    expect(guardDecision("/outboundDetail?type=loan", ["KCGL-0005"], PAGES)).toEqual({
      kind: "go",
      to: "/outboundDetail?type=loan",
    });
  });
});

describe("top bar layout", () => {
  it("shows every navigation item and the stock submenu", () => {
    const layout = topBarLayout(PRINCIPAL, true, PAGES);
    expect(layout.reduced).toBe(false);
    expect(layout.items.map((item) => item.route)).toEqual([
      "/stoIntention",
      "/accountPoints",
      "/assetTransfer",
      "/promotion",
      "/bookProdLst",
      "/cardtocard",
      "/transfercard",
    ]);
    expect(layout.stockItems.map((item) => item.route)).toEqual([
      "/toTakenList",
      "/outboundDetail?type=use",
      "/outboundDetail?type=loan",
      "/outboundRecord",
      "/inventoryRecord",
      "/systemStorage",
    ]);
    expect(layout.showTasks).toBe(true);
  });

  it("shows loan outbound only when the store has borrow-out targets", () => {
    expect(topBarLayout(PRINCIPAL, false, PAGES).stockItems).not.toContain(LOAN_OUTBOUND);
    expect(topBarLayout(PRINCIPAL, false, PAGES).stockItems).toHaveLength(STOCK_ITEMS.length - 1);
    expect(topBarLayout(PRINCIPAL, true, PAGES).stockItems).toContain(LOAN_OUTBOUND);
  });

  it("reads the borrow-out answer: a non-empty list", () => {
    expect(hasBorrowOutTargets([{ id: 2 }])).toBe(true);
    expect(hasBorrowOutTargets([])).toBe(false);
    expect(hasBorrowOutTargets(undefined)).toBe(false);
    expect(hasBorrowOutTargets(null)).toBe(false);
    expect(hasBorrowOutTargets({ list: [1] })).toBe(false);
  });

  it("reduces the bar of the material-builder administrator", () => {
    const layout = topBarLayout(MATERIAL, true, PAGES);
    expect(layout.reduced).toBe(true);
    expect(layout.items).toEqual([MATERIAL_BUY_GOODS]);
    expect(MATERIAL_BUY_GOODS.route).toBe("/bookProdLstNew");
    expect(layout.stockItems).toEqual([]);
    expect(layout.showTasks).toBe(false);
    expect(layout.shopManagement).toBeNull();
  });

  it("opens shop management for the roles holding its page's code, explains it to the others", () => {
    expect(shopManagementMode(OWNER, PAGES)).toBe("open");
    // A principal whose role holds the page's code may use it too (issue 28 §8).
    expect(shopManagementMode({ ...PRINCIPAL, menu: ["ERP-MENU"] }, PAGES)).toBe("open");
    expect(shopManagementMode(PRINCIPAL, PAGES)).toBe("explain");
    expect(shopManagementMode(EMPLOYEE, PAGES)).toBe("explain"); // the store-employee login never
    expect(shopManagementMode(OWNER, [])).toBe("explain"); // a registry without the page opens nothing
    expect(topBarLayout(OWNER, false, PAGES).shopManagement).toBe("open");
    expect(topBarLayout(EMPLOYEE, false, PAGES).shopManagement).toBe("explain");
  });

  it("has no duplicate routes", () => {
    const routes = [...NAV_ITEMS, ...STOCK_ITEMS].map((item) => item.route);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe("task bell", () => {
  it("type 1 is an arrears notice, anything else a payment notice", () => {
    expect(taskNoticeKind(1)).toBe("arrears");
    expect(taskNoticeKind(2)).toBe("payment");
    expect(taskNoticeKind(0)).toBe("payment");
    expect(taskNoticeKind(3)).toBe("stock");
    expect(taskNoticeKind(6)).toBe("phoneViews");
    expect(taskNoticeKind(7)).toBe("reportFigures");
    expect(taskNoticeKind(4)).toBe("payment");
  });
});

describe("menu drawer", () => {
  it("lists the pages the role may open, grouped by area, without /404", () => {
    const groups = drawerGroups(PAGES, ["XXZX-0001", "ERP-YUKB-PAG-0001-0000"]);
    expect(groups.map((group) => group.area)).toEqual(["reservations", "billing", "inbox"]);
    expect(groups.find((group) => group.area === "inbox")?.pages.map((page) => page.route)).toEqual([
      "/messageList",
      "/taskList",
    ]);
    expect(groups.flatMap((group) => group.pages).some((page) => page.route === "/404")).toBe(false);
    expect(groups.flatMap((group) => group.pages).some((page) => page.route === "/shopManagement")).toBe(false);
  });

  it("leaves out the pages of one record: they are reached by clicking the record", () => {
    const pages: RegistryPage[] = [
      ...PAGES,
      { route: "/MemberList", code: "M", titleEn: "Members", titleZh: "会员列表" },
      { route: "/personalAccount", code: "M", titleEn: "Member account", titleZh: "会员账户" },
      { route: "/productDetail", code: "M", titleEn: "Product detail", titleZh: "产品详情" },
      { route: "/moveInDetailList", code: "M", titleEn: "Move-in details", titleZh: "迁入明细" },
    ];
    const routes = drawerGroups(pages, ["M", "KCGL-0005", "XXZX-0001"]).flatMap((group) =>
      group.pages.map((page) => page.route),
    );
    expect(routes).toEqual(expect.arrayContaining(["/MemberList", "/moveInDetailList", "/messageList"]));
    for (const record of ["/personalAccount", "/productDetail", "/outboundDetail"])
      expect(routes).not.toContain(record);
    expect(["/orderDetails", "/couponDetailA", "/staffDetail", "/messageDetail"].every(isRecordPage)).toBe(true);
    expect(["/moveInDetailList", "/MemberList", "/orderHistory"].some(isRecordPage)).toBe(false);
  });

  it("lists a report to a role that may read its figures, in the reports group", () => {
    const pages: RegistryPage[] = [
      ...PAGES,
      {
        route: "/salesDetail",
        code: null,
        titleEn: "Sales",
        titleZh: "销售明细",
        report: true,
        figuresCode: "BBZX-0001",
      },
      {
        route: "/staffPerformance",
        code: null,
        titleEn: "Staff",
        titleZh: "员工门店业绩",
        report: true,
        figuresCode: null,
      },
      { route: "/storeMemberAnalysis", code: "SMSA-0001", titleEn: "Members", titleZh: "门店会员分析", report: true },
      { route: "/downloadCenter", code: null, titleEn: "Downloads", titleZh: "下载中心" },
    ];
    const reports = (menu: string[], buttons: string[]) =>
      drawerGroups(pages, menu, buttons)
        .find((group) => group.area === "reports")
        ?.pages.map((page) => page.route);
    expect(reports(["SMSA-0001"], ["BBZX-0001"])).toEqual([
      "/salesDetail",
      "/staffPerformance",
      "/storeMemberAnalysis",
      "/downloadCenter",
    ]);
    // A nurse: her own performance and her downloads, no chain figures.
    expect(reports([], [])).toEqual(["/staffPerformance", "/downloadCenter"]);
  });

  it("files pages by their code family", () => {
    expect(areaOf({ route: "/x", code: "KCGL-0013", titleEn: "", titleZh: "" })).toBe("inventory");
    expect(areaOf({ route: "/x", code: "HYGL-PAG-0003-0001", titleEn: "", titleZh: "" })).toBe("members");
    expect(areaOf({ route: "/x", code: "NEW-1", titleEn: "", titleZh: "" })).toBe("other");
    expect(areaOf({ route: "/cancellation", code: null, titleEn: "", titleZh: "" })).toBe("members");
    for (const route of ["/settlementStatements", "/settlementMatrix", "/settlementRules"]) {
      expect(areaOf({ route, code: null, titleEn: "", titleZh: "" })).toBe("settlement");
    }
  });
});

describe("role switching", () => {
  const current = ownerEntry({ userRoleId: 100, hierId: 10, roleId: 1, checked: true });
  const other = ownerEntry({ userRoleId: 200, hierId: 11, roleId: 2, roleKind: "principal", hier: "Store B" });

  it("finds the current entry: the checked row, else the session's", () => {
    expect(currentRoleEntry({ userRoleId: 200, storeId: 11, roleId: 2 }, [other, current])).toBe(current);
    const unchecked = { ...current, checked: false };
    expect(currentRoleEntry({ userRoleId: 200, storeId: 11, roleId: 2 }, [unchecked, other])).toBe(other);
    expect(currentRoleEntry({ userRoleId: 300, storeId: 11, roleId: 2 }, [unchecked])).toBeNull();
  });

  it("lets owners and principals switch, nobody else", () => {
    expect(canSwitchRole(OWNER, current)).toBe(true);
    expect(canSwitchRole(PRINCIPAL, ownerEntry({ roleKind: "principal" }))).toBe(true);
    expect(canSwitchRole(PRINCIPAL, ownerEntry({ roleKind: "store_employee" }))).toBe(false);
    expect(canSwitchRole(PRINCIPAL, ownerEntry({ roleKind: "other" }))).toBe(false);
    expect(canSwitchRole(EMPLOYEE, ownerEntry({ roleKind: "owner" }))).toBe(false);
    expect(canSwitchRole(MATERIAL, ownerEntry({ roleKind: "owner" }))).toBe(false);
    // Without loginInfo the session's owner flag decides.
    expect(canSwitchRole(OWNER, null)).toBe(true);
    expect(canSwitchRole(PRINCIPAL, null)).toBe(false);
  });

  it("compares entries by userRoleId, store and role", () => {
    expect(sameRoleEntry(current, { ...current, checked: false })).toBe(true);
    expect(sameRoleEntry(current, other)).toBe(false);
    expect(sameRoleEntry(current, { ...current, hierId: 11 })).toBe(false);
    expect(sameRoleEntry(current, null)).toBe(false);
  });

  it("builds the erpToken body from loginInfo's phone and the target role", () => {
    expect(erpTokenBody({ phone: "13900000001", userId: 7 }, other)).toEqual({
      phone: "13900000001",
      roleId: 2,
      storeId: 11,
      userId: 7,
    });
  });

  it("refuses an incomplete body (no call is made)", () => {
    expect(erpTokenBody({ phone: "", userId: 7 }, other)).toBeNull();
    expect(erpTokenBody({ phone: "  ", userId: 7 }, other)).toBeNull();
    expect(erpTokenBody({ phone: null, userId: 7 }, other)).toBeNull();
    expect(erpTokenBody({ phone: "13900000001", userId: null }, { roleId: 2, hierId: 11 })).toBeNull();
    expect(erpTokenBody({ phone: "13900000001", userId: 7 }, { hierId: 11 })).toBeNull();
    expect(erpTokenBody({ phone: "13900000001", userId: 7 }, { roleId: 2 })).toBeNull();
    expect(erpTokenBody({ phone: "13900000001", userId: 7 }, null)).toBeNull();
    expect(erpTokenBody(null, other)).toBeNull();
  });

  it("takes the user id from the role entry when loginInfo has none", () => {
    expect(erpTokenBody({ phone: "13900000001" }, other)?.userId).toBe(7);
  });
});

describe("quick shortcuts", () => {
  const choices = Array.from({ length: 14 }, (_, index) => ({
    name: `Page ${index}`,
    router: `/page${index}`,
    checked: index < 3 || index === 12,
  }));
  const ten = choices.slice(0, MAX_SHORTCUTS).map((choice) => choice.router);

  it("shows only the first 10", () => {
    expect(visibleShortcuts(choices)).toHaveLength(10);
    expect(visibleShortcuts(choices)[9]?.router).toBe("/page9");
    expect(visibleShortcuts(choices.slice(0, 4))).toHaveLength(4);
  });

  it("starts from the checked ones among those shown", () => {
    expect(initialShortcuts(choices)).toEqual(["/page0", "/page1", "/page2"]);
  });

  it("disables the unchecked ones once 10 are chosen", () => {
    expect(shortcutDisabled("/page10", ten)).toBe(true);
    expect(shortcutDisabled("/page3", ten)).toBe(false);
    expect(shortcutDisabled("/page10", ten.slice(0, 9))).toBe(false);
  });

  it("toggles without going past 10", () => {
    expect(toggleShortcut(["/a"], "/b")).toEqual(["/a", "/b"]);
    expect(toggleShortcut(["/a", "/b"], "/a")).toEqual(["/b"]);
    expect(toggleShortcut(ten, "/page10")).toEqual(ten);
    expect(toggleShortcut(ten, "/page0")).toHaveLength(9);
  });
});
