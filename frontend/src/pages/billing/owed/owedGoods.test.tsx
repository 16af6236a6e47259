import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { OwedGoodsPage } from "./OwedGoodsPage";

function owedRow(overrides: Record<string, unknown> = {}) {
  return {
    owedId: 9,
    orderId: 1,
    orderNo: "SO2611240001",
    memId: 7,
    name: "王芳",
    phone: "139****5678",
    productId: 3,
    productName: "Serum",
    unit: "bottle",
    quantity: 3,
    taken: 1,
    refunded: 0,
    left: 2,
    createdAt: "2026-11-24T10:00:00+08:00",
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("OwedGoodsPage (/toTakenList)", () => {
  it("lists what is still owed and searches by phone or name", async () => {
    const server = fakeServer({ "GET /rest/owedGoods/list": () => ok({ list: [owedRow()], total: 1 }) });
    render_(<OwedGoodsPage />);
    const row = await screen.findByTestId("owed-row-9");
    expect(within(row).getByText("Serum")).toBeInTheDocument();
    expect(within(row).getByText("3 bottle")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "SO2611240001" })).toHaveAttribute("href", "/orderDetails?orderId=1");
    expect(server.callsTo("GET /rest/owedGoods/list")[0]?.query.get("status")).toBe("owing");
    fireEvent.change(screen.getByLabelText("Phone, name or order number"), { target: { value: " 13912345678 " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/owedGoods/list").at(-1)?.query.get("keyword")).toBe("13912345678"),
    );
  });

  it("shows the empty and the failed list", async () => {
    fakeServer({ "GET /rest/owedGoods/list": () => ok({ list: [], total: 0 }) });
    render_(<OwedGoodsPage />);
    expect(await screen.findByText("No owed goods match.")).toBeInTheDocument();
    cleanup();
    queryClient.clear();
    fakeServer({
      "GET /rest/owedGoods/list": () => ({ status: 400, errcode: "VALID-40000", errmsg: "server down", data: null }),
    });
    render_(<OwedGoodsPage />);
    expect(await screen.findByText("server down")).toBeInTheDocument();
  });

  it("hands goods over after a confirmation, once per dialog, and never more than is left", async () => {
    let taken = false;
    const server = fakeServer({
      "GET /rest/owedGoods/list": () => ok({ list: [taken ? owedRow({ taken: 3, left: 0 }) : owedRow()], total: 1 }),
      "POST /rest/owedGoods/take": () => {
        taken = true;
        return ok(owedRow({ taken: 3, left: 0 }));
      },
    });
    render_(<OwedGoodsPage />);
    fireEvent.click(await screen.findByTestId("take-9"));
    const dialog = await screen.findByRole("dialog", { name: "Hand over owed goods" });
    const qty = within(dialog).getByTestId("take-qty");
    expect(qty).toHaveValue("2");
    fireEvent.change(qty, { target: { value: "3" } });
    expect(within(dialog).getByText("A whole number from 1 to 2.")).toBeInTheDocument();
    expect(within(dialog).getByTestId("take-confirm")).toBeDisabled();
    fireEvent.change(qty, { target: { value: "2" } });
    fireEvent.click(within(dialog).getByTestId("take-confirm"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const calls = server.callsTo("POST /rest/owedGoods/take");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ owedId: 9, qty: 2 });
    expect(calls[0]?.headers.get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("take-9")).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeServer({
      "GET /rest/owedGoods/list": () => ok({ list: [owedRow()], total: 1 }),
      "POST /rest/owedGoods/take": () => ({
        status: 409,
        errcode: "STOCK-40901",
        errmsg: "not enough stock of Serum",
        data: null,
      }),
    });
    render_(<OwedGoodsPage />);
    fireEvent.click(await screen.findByTestId("take-9"));
    const dialog = await screen.findByRole("dialog", { name: "Hand over owed goods" });
    fireEvent.click(within(dialog).getByTestId("take-confirm"));
    expect(await within(dialog).findByText("not enough stock of Serum")).toBeInTheDocument();
  });

  it("speaks Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer({ "GET /rest/owedGoods/list": () => ok({ list: [owedRow()], total: 1 }) });
    render_(<OwedGoodsPage />);
    expect(await screen.findByRole("heading", { name: "欠货领取" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "领取" })).toBeInTheDocument();
  });
});
