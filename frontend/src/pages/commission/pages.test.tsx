import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BTN_COMMISSION_CLOSE, BTN_COMMISSION_PLAN } from "../../api/commission";
import { i18n } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { CommissionPeriodsPage } from "./CommissionPeriodsPage";
import { CommissionPlansPage } from "./CommissionPlansPage";

const version = {
  versionId: 11,
  effectiveFrom: "2026-01-01",
  tierMode: "whole",
  perSession: "10.00",
  tiers: [
    { fromAmount: "0.00", rate: "5.00" },
    { fromAmount: "10000.00", rate: "8.00" },
  ],
  note: "",
  createdBy: "SY00001",
  createdAt: "2026-01-01T09:00:00+08:00",
  inForce: true,
  frozen: true,
};
const plan = {
  planId: 3,
  name: "护理师服务提成",
  storeId: null,
  storeName: "",
  position: "nurse",
  positionName: "care therapist",
  kind: "service",
  kindName: "service",
  current: version,
  versionCount: 1,
  changeable: true,
};
const detail = { ...plan, versions: [version], firstOpenDay: "2026-11-01" };

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => {
  window.localStorage.setItem(
    "erp.session",
    JSON.stringify(sessionInfo({ btn: [BTN_COMMISSION_PLAN, BTN_COMMISSION_CLOSE] })),
  );
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("CommissionPlansPage", () => {
  it("lists the plans and starts a new version only after checking and confirming it", async () => {
    await i18n.changeLanguage("en");
    const server = fakeServer({
      "GET /rest/commission/plans": () => ok([plan]),
      "GET /rest/commission/plan/3": () => ok(detail),
      "POST /rest/commission/plan/3/version": () => ok(detail, "saved"),
    });
    render_(<CommissionPlansPage />);
    const row = await screen.findByTestId("plan-row-3");
    expect(within(row).getByText("¥0.00 → 5% · ¥10,000.00 → 8%")).toBeInTheDocument();
    expect(within(row).getByText("Whole chain")).toBeInTheDocument();

    fireEvent.click(within(row).getByRole("button", { name: "护理师服务提成" }));
    const drawer = await screen.findByTestId("plan-drawer");
    expect(await within(drawer).findByText("Used by a closed month")).toBeInTheDocument();
    fireEvent.click(within(drawer).getByTestId("version-new"));

    const dialog = await screen.findByRole("dialog", { name: "New version of 护理师服务提成" });
    fireEvent.change(within(dialog).getByTestId("version-from"), { target: { value: "2026-10-15" } });
    fireEvent.change(within(dialog).getByTestId("tier-rate-0"), { target: { value: "6" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add a tier" }));
    fireEvent.change(within(dialog).getByTestId("tier-from-1"), { target: { value: "0" } });
    fireEvent.change(within(dialog).getByTestId("tier-rate-1"), { target: { value: "9" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText(
        "A new version may start on 2026-11-01 at the earliest: the months before it are closed",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Each tier starts above the one before it");

    fireEvent.change(within(dialog).getByTestId("version-from"), { target: { value: "2026-12-01" } });
    fireEvent.change(within(dialog).getByTestId("tier-from-1"), { target: { value: "20000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const confirm = await screen.findByRole("dialog", { name: "Save this version?" });
    expect(server.callsTo("POST /rest/commission/plan/3/version")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));

    await waitFor(() => expect(server.callsTo("POST /rest/commission/plan/3/version")).toHaveLength(1));
    const [call] = server.callsTo("POST /rest/commission/plan/3/version");
    expect(call!.body).toEqual({
      effectiveFrom: "2026-12-01",
      tierMode: "whole",
      perSession: "0",
      tiers: [
        { fromAmount: "0", rate: "6" },
        { fromAmount: "20000", rate: "9" },
      ],
      note: "",
    });
    expect(call!.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("says what is wrong in Chinese too", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({ "GET /rest/commission/plans": () => ok([]) });
    render_(<CommissionPlansPage />);
    expect(await screen.findByText("还没有提成方案")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("plan-new"));
    const dialog = await screen.findByRole("dialog", { name: "新建提成方案" });
    fireEvent.change(within(dialog).getByTestId("tier-from-0"), { target: { value: "100" } });
    fireEvent.change(within(dialog).getByTestId("tier-rate-0"), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("请填写方案名称")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("第一档须从 0 开始");
  });

  it("offers no new version of the chain's plan at a store", async () => {
    fakeServer({
      "GET /rest/commission/plans": () => ok([{ ...plan, changeable: false }]),
      "GET /rest/commission/plan/3": () => ok({ ...detail, changeable: false }),
    });
    render_(<CommissionPlansPage />);
    fireEvent.click(within(await screen.findByTestId("plan-row-3")).getByRole("button", { name: "护理师服务提成" }));
    const drawer = await screen.findByTestId("plan-drawer");
    await within(drawer).findByText("Used by a closed month");
    expect(within(drawer).queryByTestId("version-new")).not.toBeInTheDocument();
  });

  it("offers no new plan or version without the plan code", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn: [] })));
    fakeServer({ "GET /rest/commission/plans": () => ok([plan]) });
    render_(<CommissionPlansPage />);
    await screen.findByTestId("plan-row-3");
    expect(screen.queryByTestId("plan-new")).not.toBeInTheDocument();
  });
});

describe("CommissionPeriodsPage", () => {
  const period = {
    storeId: 10,
    storeName: "Store A",
    month: "2026-11",
    status: "open",
    closedAt: null,
    closedBy: "",
    figures: [
      {
        staffId: 5,
        staffName: "张敏",
        kind: "sale",
        kindName: "sale",
        baseAmount: "1200.00",
        sessions: "0.00",
        monthTotal: "1200.00",
        tierFrom: "1000.00",
        rate: "10.00",
        commission: "140.00",
        clawback: "-20.00",
        net: "120.00",
        planVersionId: 11,
        planVersion: "护理师产品销售提成 · 2026-01-01",
      },
    ],
    commission: "140.00",
    clawback: "-20.00",
    net: "120.00",
  };

  it("shows a month's figures with the plan version, links the sales behind them and closes it after confirming", async () => {
    await i18n.changeLanguage("en");
    window.history.replaceState(null, "", "/commissionPeriods?month=2026-11");
    const server = fakeServer({
      "GET /rest/businessReportCommission/select": () =>
        ok({
          stores: [
            { id: 10, name: "Store A" },
            { id: 11, name: "Store B" },
          ],
        }),
      "GET /rest/commission/periods": () => ok(period),
      "POST /rest/commission/period/close": () => ok({ ...period, status: "closed", closedBy: "SY00001" }, "closed"),
    });
    render_(<CommissionPeriodsPage />);
    const link = await screen.findByRole("link", { name: "张敏" });
    expect(link).toHaveAttribute("href", "/salesDetail?staffId=5&from=2026-11-01&to=2026-11-30&storeId=10");
    expect(screen.getByText("护理师产品销售提成 · 2026-01-01")).toBeInTheDocument();
    const read = server.callsTo("GET /rest/commission/periods").at(-1)!;
    expect([read.query.get("month"), read.query.get("storeId")]).toEqual(["2026-11", "10"]);
    expect(screen.getByTestId("period-store")).toHaveValue("10");

    fireEvent.click(screen.getByTestId("period-close"));
    const confirm = await screen.findByRole("dialog", { name: "Close this month's commission?" });
    expect(server.callsTo("POST /rest/commission/period/close")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/commission/period/close")).toHaveLength(1));
    expect(server.callsTo("POST /rest/commission/period/close")[0]!.body).toEqual({ storeId: 10, month: "2026-11" });
    window.history.replaceState(null, "", "/");
  });
});
