import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { enterPickerText, pickerInput } from "../../test/pickers";
import { PersonalAccountPage } from "./PersonalAccountPage";

const member = {
  memId: 1,
  name: "王芳",
  phone: "139****5678",
  areaCode: "0086",
  crmCode: "M001",
  dependencyStore: "Store A",
  dependencyStoreId: 10,
  myself: true,
  gender: "2",
  genderName: "Female",
  birthday: null,
  cardNo: "",
  source: "",
  sourceName: "",
  points: 0,
  labels: [],
  createdAt: "2025-01-01T09:00:00+08:00",
  lastVisitAt: null,
  occupation: "",
  occupationName: "",
  income: "",
  incomeName: "",
  education: "",
  educationName: "",
  maritalStatus: "",
  maritalStatusName: "",
  introducer: null,
  smsConsent: true,
  remark: "",
  status: "active",
  updatedAt: "2025-01-01T09:00:00+08:00",
};

const storedValue = {
  cardId: 5,
  cardNo: "C0000005",
  kind: "storedValue",
  cardTypeId: 2,
  name: "Gold card",
  balance: "1100.00",
  giftBalance: "100.00",
  sessions: [],
  status: "active",
  expiresOn: "2027-11-20",
  storeId: 10,
  storeName: "Store A",
};

const packageCard = {
  ...storedValue,
  cardId: 9,
  cardNo: "P0000009",
  kind: "package",
  name: "Scalp care ×5",
  balance: "0.00",
  giftBalance: "0.00",
  sessions: [{ projectId: 3, name: "头皮护理", total: 5, left: 4 }],
  status: "frozen",
};

function entry(entryId: number, overrides: Record<string, unknown> = {}) {
  return {
    entryId,
    kind: "spend",
    kindName: "Spend",
    change: "-280.00",
    principalChange: "-255.00",
    giftChange: "-25.00",
    balanceAfter: "820.00",
    principalAfter: "745.00",
    giftAfter: "75.00",
    projectId: null,
    projectName: "",
    sessionsChange: 0,
    sessionsAfter: null,
    orderId: 31,
    refundId: null,
    otherCardId: null,
    otherCardNo: "",
    storeId: 10,
    storeName: "Store A",
    cardStoreId: 10,
    cardStoreName: "Store A",
    operatorName: "Front desk",
    remark: "",
    createdAt: "2026-11-20T10:05:00+08:00",
    ...overrides,
  };
}

const routes: Routes = {
  "GET /rest/member/findById/1": () => ok(member),
  "GET /rest/member/querySmsStatus": () => ok({ memId: 1, smsConsent: true, updatedAt: null }),
  "GET /rest/member/integralList": () => ok({ list: [], total: 0 }),
  "GET /rest/packageCard/findErpAllCard/1": () => ok([storedValue, packageCard]),
  "GET /rest/packageCard/findErpCardDetail/5": () => ok({ card: storedValue, list: [entry(1)], total: 1 }),
  "GET /rest/packageCard/findErpDarwCardRecord/9": () =>
    ok({
      list: [
        {
          entryId: 7,
          projectId: 3,
          projectName: "头皮护理",
          count: 1,
          sessionsAfter: 4,
          orderId: 32,
          storeId: 10,
          storeName: "Store A",
          operatorName: "Front desk",
          createdAt: "2026-11-20T10:05:00+08:00",
        },
      ],
      total: 1,
    }),
  "GET /rest/packageCard/findErpCardDetail/9": () => ok({ card: packageCard, list: [], total: 0 }),
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function signIn(btn: string[] = []) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

function keysOf(server: ReturnType<typeof fakeServer>, path: string): string[] {
  return server.fetch.mock.calls
    .filter(([url]) => String(url).includes(path))
    .map(([, init]) => (init?.headers as Record<string, string>)["Idempotency-Key"] ?? "");
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole("tab", { name }));
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("PersonalAccountPage cards tab", () => {
  it("lists the cards with what they hold, and a card's ledger links its orders", async () => {
    signIn();
    fakeServer(routes);
    render_(<PersonalAccountPage search="?memId=1" />);
    await openTab("Cards");
    const row = await screen.findByTestId("card-row-5");
    expect(within(row).getByText("¥1,100.00 (gift balance ¥100.00)")).toBeInTheDocument();
    expect(within(screen.getByTestId("card-row-9")).getByText("头皮护理: 4 of 5 left")).toBeInTheDocument();
    expect(within(screen.getByTestId("card-row-9")).getByText("Frozen")).toBeInTheDocument();
    // Without the button codes there is no delay, freeze or unfreeze.
    expect(screen.queryByRole("button", { name: "Extend" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unfreeze" })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole("button", { name: "Ledger" }));
    const dialog = await screen.findByRole("dialog", { name: "Ledger of card C0000005 (Gold card)" });
    expect(await within(dialog).findByText("-¥280.00")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "31" })).toHaveAttribute("href", "/orderDetails?orderId=31");
  });

  it("shows the sessions used from a package card", async () => {
    signIn();
    fakeServer(routes);
    render_(<PersonalAccountPage search="?memId=1&tab=cards" />);
    fireEvent.click(within(await screen.findByTestId("card-row-9")).getByRole("button", { name: "Ledger" }));
    const dialog = await screen.findByRole("dialog", { name: /P0000009/ });
    fireEvent.click(within(dialog).getByRole("tab", { name: "Sessions used" }));
    expect(await within(dialog).findByRole("link", { name: "32" })).toHaveAttribute("href", "/orderDetails?orderId=32");
  });

  it("extends a card with a date and a reason, once per submission", async () => {
    signIn(["BTN-HYGL-CARD-DELAY"]);
    let attempts = 0;
    const server = fakeServer({
      ...routes,
      "POST /rest/packageCard/cardDelayErp": () =>
        ++attempts === 1 ? { status: 500, errcode: "SYS-50000", errmsg: "try again" } : ok(storedValue, "saved"),
    });
    render_(<PersonalAccountPage search="?memId=1&tab=cards" />);
    fireEvent.click(within(await screen.findByTestId("card-row-5")).getByRole("button", { name: "Extend" }));
    const dialog = await screen.findByRole("dialog", { name: "Extend card C0000005" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Extend the card" }));
    expect(await within(dialog).findByText("Choose the new end date")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter a reason")).toBeInTheDocument();
    enterPickerText(pickerInput("New end date"), "2028-01-31");
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "illness" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Extend the card" }));
    await waitFor(() => expect(server.callsTo("POST /rest/packageCard/cardDelayErp")).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Extend the card" })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole("button", { name: "Extend the card" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.callsTo("POST /rest/packageCard/cardDelayErp")[1]?.body).toEqual({
      cardId: 5,
      until: "2028-01-31",
      reason: "illness",
    });
    const [first, second] = keysOf(server, "cardDelayErp");
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it("freezes an active card and unfreezes a frozen one after a confirmation", async () => {
    signIn(["BTN-HYGL-CARD-FREEZE"]);
    const server = fakeServer({
      ...routes,
      "POST /rest/packageCard/freeze": () => ok({ ...storedValue, status: "frozen" }, "saved"),
      "POST /rest/packageCard/unfreeze": () => ok({ ...packageCard, status: "active" }, "saved"),
    });
    render_(<PersonalAccountPage search="?memId=1&tab=cards" />);
    fireEvent.click(within(await screen.findByTestId("card-row-5")).getByRole("button", { name: "Freeze" }));
    let dialog = await screen.findByRole("dialog", { name: "Freeze card C0000005?" });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "lost" } });
    expect(server.callsTo("POST /rest/packageCard/freeze")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Freeze the card" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/packageCard/freeze")[0]?.body).toEqual({ cardId: 5, reason: "lost" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    fireEvent.click(within(screen.getByTestId("card-row-9")).getByRole("button", { name: "Unfreeze" }));
    dialog = await screen.findByRole("dialog", { name: "Unfreeze card P0000009?" });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "found" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Unfreeze the card" }));
    await waitFor(() => expect(server.callsTo("POST /rest/packageCard/unfreeze")).toHaveLength(1));
    const [freezeKey] = keysOf(server, "/freeze");
    const [unfreezeKey] = keysOf(server, "/unfreeze");
    expect(freezeKey && unfreezeKey && freezeKey !== unfreezeKey).toBe(true);
  });

  it("says when the member has no cards", async () => {
    signIn();
    fakeServer({ ...routes, "GET /rest/packageCard/findErpAllCard/1": () => ok([]) });
    render_(<PersonalAccountPage search="?memId=1&tab=cards" />);
    expect(await screen.findByText("This member has no cards.")).toBeInTheDocument();
  });
});

describe("PersonalAccountPage orders and coupons tabs", () => {
  it("lists the member's orders linking to their details", async () => {
    signIn();
    const server = fakeServer({
      ...routes,
      "GET /rest/order/orderList": () =>
        ok({
          list: [
            {
              orderId: 31,
              orderNo: "SO26110031",
              storeId: 10,
              memId: 1,
              name: "王芳",
              phone: "139****5678",
              walkIn: false,
              reservationId: null,
              status: "paid",
              statusName: "Paid",
              total: "300.00",
              discount: "20.00",
              payable: "280.00",
              paid: "280.00",
              due: "0.00",
              businessDate: "2026-11-20",
              remark: "",
              operatorName: "Front desk",
              createdAt: "2026-11-20T10:00:00+08:00",
              paidAt: null,
            },
          ],
          total: 1,
          summary: { count: 1, total: "300.00", discount: "20.00", payable: "280.00", paid: "280.00" },
        }),
    });
    render_(<PersonalAccountPage search="?memId=1" />);
    await openTab("Orders");
    expect(await screen.findByRole("link", { name: "SO26110031" })).toHaveAttribute("href", "/orderDetails?orderId=31");
    expect(server.callsTo("GET /rest/order/orderList")[0]?.query.get("memId")).toBe("1");
  });

  it("filters the coupons by status and issues some with BTN-HYGL-COUPON-ISSUE", async () => {
    signIn(["BTN-HYGL-COUPON-ISSUE"]);
    const coupon = {
      couponId: 3,
      code: "Q000000003",
      templateId: 8,
      name: "¥50 off",
      kind: "A",
      amount: "50.00",
      rate: null,
      maxDiscount: null,
      projectId: null,
      minSpend: "0.00",
      validFrom: "2026-11-01",
      validTo: "2026-12-31",
      status: "available",
      usedOrderId: null,
      usedAt: null,
      issuedAt: "2026-11-01T09:00:00+08:00",
      storeId: 10,
      storeName: "Store A",
      operatorName: "Owner",
    };
    const server = fakeServer({
      ...routes,
      "GET /rest/coupon/couponList": () => ok({ list: [coupon], total: 1 }),
      "GET /rest/commodity/couponTemplateList": () =>
        ok({ list: [{ id: 8, name: "¥50 off", kind: "A", amount: "50.00", rate: null }], total: 1 }),
      "POST /rest/coupon/issue": () => ok([coupon, coupon], "saved"),
    });
    render_(<PersonalAccountPage search="?memId=1" />);
    await openTab("Coupons");
    expect(await screen.findByText("Q000000003")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }));
    fireEvent.click(await screen.findByRole("option", { name: "Used" }));
    await waitFor(() => expect(server.callsTo("GET /rest/coupon/couponList").at(-1)?.query.get("status")).toBe("used"));
    fireEvent.click(screen.getByRole("button", { name: "Issue coupons" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue coupons to the member" });
    fireEvent.change(within(dialog).getByLabelText("How many"), { target: { value: "21" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue" }));
    expect(await within(dialog).findByText("Choose a coupon template")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter a whole number from 1 to 20")).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Coupon template" }));
    fireEvent.click(await screen.findByRole("option", { name: "¥50 off (¥50.00 off)" }));
    fireEvent.change(within(dialog).getByLabelText("How many"), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/coupon/issue")[0]?.body).toEqual({ memId: 1, templateId: 8, count: 2 }),
    );
    expect(keysOf(server, "/rest/coupon/issue")[0]).toBeTruthy();
  });

  it("hides the issue button without its code", async () => {
    signIn();
    fakeServer({ ...routes, "GET /rest/coupon/couponList": () => ok({ list: [], total: 0 }) });
    render_(<PersonalAccountPage search="?memId=1&tab=coupons" />);
    expect(await screen.findByText("No coupons.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Issue coupons" })).not.toBeInTheDocument();
  });
});
