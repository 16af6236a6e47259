import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { CheckoutPage } from "./CheckoutPage";
import { PaymentPage } from "./PaymentPage";

function card(cardId: number, overrides: Record<string, unknown> = {}) {
  return {
    cardId,
    cardNo: `C00${cardId}`,
    kind: "storedValue",
    cardTypeId: 3,
    name: "Gold",
    balance: "500.00",
    giftBalance: "50.00",
    sessions: [],
    status: "active",
    expiresOn: "2027-01-01",
    storeId: 1,
    storeName: "Store A",
    ...overrides,
  };
}

const packageCard = card(2, {
  kind: "package",
  name: "Facial ×10",
  balance: "0.00",
  giftBalance: "0.00",
  sessions: [{ projectId: 40, name: "Facial", total: 10, left: 6 }],
});

function memberRow(memId: number) {
  return {
    memId,
    name: `Member${memId}`,
    phone: "138****5678",
    areaCode: "0086",
    crmCode: `M00${memId}`,
    dependencyStore: "Store A",
    dependencyStoreId: 1,
    myself: true,
  };
}

function priced(lines: Record<string, unknown>[], payable = "88.00") {
  return {
    total: "100.00",
    discount: "12.00",
    payable,
    discounts: [{ source: "promotion", name: "Spring", amount: "12.00" }],
    lines: lines.map((line, index) => ({
      index,
      type: "product",
      itemId: 30,
      name: "Serum",
      qty: 1,
      unitPrice: "100.00",
      total: "100.00",
      discount: "12.00",
      amount: "88.00",
      cardId: null,
      discounts: [{ source: "promotion", name: "Spring", amount: "12.00" }],
      ...line,
    })),
  };
}

const common: Routes = {
  "GET /rest/staffList/list": () =>
    ok({
      list: [
        { id: 5, name: "Nurse Li" },
        { id: 6, name: "Nurse Wang" },
      ],
      total: 2,
    }),
  "GET /rest/packageCard/findErpAllCard/1": () =>
    ok([card(1), packageCard, card(3, { status: "frozen", cardNo: "C003" }), card(4, { status: "expired" })]),
  "GET /rest/reservation/accountInfo/1": () =>
    ok({ memId: 1, name: "Member1", phone: "138****5678", points: 320, labels: [], lastVisitAt: null, upcoming: [] }),
  "GET /rest/member/search": () => ok([memberRow(1)]),
  "GET /rest/commodity/productList": () =>
    ok({ list: [{ id: 30, code: "P030", name: "Serum", effectivePrice: "100.00" }], total: 1 }),
  "GET /rest/commodity/projectList": () =>
    ok({ list: [{ id: 40, code: "X040", name: "Facial", effectivePrice: "200.00" }], total: 1 }),
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

async function chooseMember() {
  fireEvent.click(screen.getByRole("button", { name: "Choose a member" }));
  const dialog = await screen.findByRole("dialog", { name: "Find a member" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Member1" } });
  fireEvent.submit(within(dialog).getByLabelText("Name"));
  fireEvent.click(await within(dialog).findByText("Member1"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Find a member" })).not.toBeInTheDocument());
}

async function addItem(kind: string, name: string) {
  fireEvent.click(screen.getByRole("button", { name: "Add an item" }));
  const dialog = await screen.findByRole("dialog", { name: "Add an item" });
  fireEvent.click(within(dialog).getByRole("tab", { name: kind }));
  fireEvent.click(await within(dialog).findByRole("button", { name: `Add ${name}` }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add an item" })).not.toBeInTheDocument());
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ menu: ["ERP-KDJC-PAG-0003-0000"] })));
  window.history.replaceState(null, "", "/account");
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("CheckoutPage", () => {
  it("bills a chosen member: shows the cards marked, and the live totals the server answers", async () => {
    const server = fakeServer({
      ...common,
      "POST /rest/pricingEngine/checkDiscountConcurrently": () => ok(priced([{}])),
    });
    render_(<CheckoutPage navigate={vi.fn()} />);
    await chooseMember();
    const cards = await screen.findByRole("table", { name: "Cards" });
    expect(within(cards).getAllByText("Balance ¥500.00 (gift ¥50.00)")).toHaveLength(3);
    expect(within(cards).getByText("Facial: 6 left")).toBeInTheDocument();
    expect(within(cards).getByText("Frozen")).toBeInTheDocument();
    expect(within(cards).getByText("Expired")).toBeInTheDocument();
    expect(screen.getByText(/320 points/)).toBeInTheDocument();

    await addItem("Product", "Serum");
    const totals = await screen.findByRole("group", { name: "Totals" });
    await waitFor(() => expect(within(totals).getByText("¥88.00")).toBeInTheDocument());
    expect(within(totals).getByText("Spring: -¥12.00")).toBeInTheDocument();
    expect(within(screen.getByTestId("line-0")).getByText("Spring: -¥12.00")).toBeInTheDocument();
    const body = server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body;
    expect(body).toEqual({ memId: 1, lines: [{ type: "product", itemId: 30, qty: 1 }] });
  });

  it("offers the member whose phone a walk-in gives", async () => {
    fakeServer({ ...common, "GET /rest/member/euqalQuery": () => ok([memberRow(1)]) });
    render_(<CheckoutPage navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Walk-in customer" }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Guest" } });
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "13812345678" } });
    expect(await screen.findByText("This phone is member Member1's.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Bill the member" }));
    expect(await screen.findByRole("table", { name: "Cards" })).toBeInTheDocument();
  });

  it("starts from a reservation: its member and lines, paid by the sessions of the card proposed", async () => {
    window.history.replaceState(null, "", "/account?reservationId=9");
    const head = {
      reservationId: 9,
      memId: 1,
      name: "Member1",
      phone: "138****5678",
      nurseId: 5,
      nurseName: "Nurse Li",
    };
    const staff = [{ employeeId: 5, name: "Nurse Li", share: "1.0000" }];
    const server = fakeServer({
      ...common,
      "GET /rest/order/reservationProject": () =>
        ok({ ...head, lines: [{ type: "project", itemId: 40, name: "Facial", qty: 1, cardId: null, staff }] }),
      "GET /rest/order/reservationPackage": () =>
        ok({
          ...head,
          lines: [{ type: "project", itemId: 40, name: "Facial", qty: 1, cardId: 2, staff }],
          cards: [{ cardId: 2, cardNo: "C002", name: "Facial ×10", expiresOn: "2027-01-01", sessions: [] }],
        }),
      "POST /rest/pricingEngine/checkDiscountConcurrently": () =>
        ok({
          ...priced(
            [
              {
                type: "project",
                itemId: 40,
                name: "Facial",
                unitPrice: "200.00",
                total: "200.00",
                discount: "0.00",
                sessionsValue: "200.00",
                amount: "0.00",
                cardId: 2,
                discounts: [],
              },
            ],
            "0.00",
          ),
          total: "200.00",
          discount: "0.00",
          sessionsValue: "200.00",
          discounts: [],
        }),
    });
    render_(<CheckoutPage navigate={vi.fn()} />);
    const line = await screen.findByTestId("line-0");
    expect(within(line).getByText("Facial")).toBeInTheDocument();
    expect(within(line).getByText("Nurse Li")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Choose a member" })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body).toEqual({
        memId: 1,
        reservationId: 9,
        lines: [{ type: "project", itemId: 40, qty: 1, cardId: 2, staff: [{ employeeId: 5, share: "1.0000" }] }],
      }),
    );
    expect(within(line).getByText("Pay by sessions of C002 Facial ×10")).toBeInTheDocument();
    // The sessions pay the line: their own figure, not a discount.
    expect(await within(line).findByText("Paid by sessions: ¥200.00")).toBeInTheDocument();
    const totals = screen.getByRole("group", { name: "Totals" });
    expect(within(totals).getByText("Paid by sessions").nextElementSibling).toHaveTextContent("¥200.00");
    expect(within(totals).getByText("Discount").nextElementSibling).toHaveTextContent("¥0.00");
  });

  it("shows the server's field messages at the line's field", async () => {
    fakeServer({
      ...common,
      "POST /rest/pricingEngine/checkDiscountConcurrently": () => ({
        status: 400,
        errcode: "VALID-40000",
        errmsg: "invalid",
        data: { fields: { "lines[0].qty": ["Ensure this value is less than or equal to 999."] } },
      }),
    });
    render_(<CheckoutPage navigate={vi.fn()} />);
    await chooseMember();
    await addItem("Product", "Serum");
    const line = screen.getByTestId("line-0");
    fireEvent.change(within(line).getByLabelText("Qty"), { target: { value: "1000" } });
    expect(await within(line).findByText("Ensure this value is less than or equal to 999.")).toBeInTheDocument();
  });

  it("commits with an idempotency key, the same on a retry, then goes to the payment", async () => {
    let attempts = 0;
    const navigate = vi.fn();
    const server = fakeServer({
      ...common,
      "POST /rest/pricingEngine/checkDiscountConcurrently": () => ok(priced([{}])),
      "POST /rest/order/commit": () => {
        attempts += 1;
        if (attempts === 1) return { status: 503, errcode: "SYS-50300", errmsg: "try again" };
        return ok({
          orderId: 77,
          orderNo: "SO2026112400000077",
          status: "unpaid",
          total: "100.00",
          discount: "12.00",
          payable: "88.00",
          lines: [],
        });
      },
    });
    render_(<CheckoutPage navigate={navigate} />);
    await chooseMember();
    await addItem("Product", "Serum");
    fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(screen.getByRole("button", { name: "Commit and take payment" })).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payment?orderId=77&memId=1"));
    const keys = server.callsTo("POST /rest/order/commit").map((call) => call.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("gives a line free with its reason when the role may, and the server prices it at 0", async () => {
    window.localStorage.setItem(
      "erp.session",
      JSON.stringify(sessionInfo({ menu: ["ERP-KDJC-PAG-0003-0000"], btn: ["BTN-KDJC-ORDER-GIFT"] })),
    );
    const server = fakeServer({
      ...common,
      "POST /rest/pricingEngine/usableCoupons": () => ok([]),
      "POST /rest/pricingEngine/checkDiscountConcurrently": (call) => {
        const gift = (call.body as { lines: { gift?: boolean; giftReason?: string }[] }).lines[0];
        if (gift?.gift && !gift.giftReason)
          return {
            status: 400,
            errcode: "VALID-40000",
            errmsg: "please say why it is given",
            data: { fields: { "lines[0].giftReason": ["please say why it is given"] } },
          };
        const discounts = gift?.gift
          ? [{ source: "gift", name: gift.giftReason, amount: "100.00" }]
          : [{ source: "promotion", name: "Spring", amount: "12.00" }];
        return ok({ ...priced([{ discounts, gift: Boolean(gift?.gift) }]), discounts, coupons: [] });
      },
    });
    render_(<CheckoutPage navigate={vi.fn()} />);
    await chooseMember();
    await addItem("Product", "Serum");
    const line = screen.getByTestId("line-0");
    fireEvent.click(within(line).getByRole("checkbox", { name: "Gift (free)" }));
    expect(await within(line).findByText("please say why it is given")).toBeInTheDocument();
    fireEvent.change(within(line).getByLabelText("Why it is given"), { target: { value: "Birthday" } });
    expect(await within(line).findByText("Birthday: -¥100.00")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body).toEqual({
      memId: 1,
      lines: [{ type: "product", itemId: 30, qty: 1, gift: true, giftReason: "Birthday" }],
    });
  });

  it("offers no gift without the gift permission", async () => {
    fakeServer({
      ...common,
      "POST /rest/pricingEngine/usableCoupons": () => ok([]),
      "POST /rest/pricingEngine/checkDiscountConcurrently": () => ok(priced([{}])),
    });
    render_(<CheckoutPage navigate={vi.fn()} />);
    await chooseMember();
    await addItem("Product", "Serum");
    expect(within(screen.getByTestId("line-0")).queryByRole("checkbox", { name: "Gift (free)" })).toBeNull();
  });

  describe("packages (decision 0038)", () => {
    const spa = {
      id: 50,
      code: "PK050",
      name: "Facial ×8",
      effectivePrice: "1880.00",
      lines: [{ projectId: 40, projectCode: "X040", projectName: "Facial", sessions: 8 }],
    };
    const packageRoutes: Routes = {
      ...common,
      "GET /rest/commodity/packageList": () => ok({ list: [spa], total: 1 }),
      "GET /rest/commodity/cardTypeList": () => ok({ list: [], total: 0 }),
      "POST /rest/pricingEngine/usableCoupons": () => ok([]),
      "POST /rest/pricingEngine/checkDiscountConcurrently": () =>
        ok(priced([{ type: "projectPackage", itemId: 50, name: "Facial ×8", amount: "1880.00", discounts: [] }])),
    };

    it("sells a package and serves one of its projects now from it, on a line of its own", async () => {
      const navigate = vi.fn();
      const server = fakeServer({
        ...packageRoutes,
        "POST /rest/order/commit": () =>
          ok({
            orderId: 79,
            orderNo: "SO1",
            status: "unpaid",
            total: "2080",
            discount: "200",
            payable: "1880",
            lines: [],
          }),
      });
      render_(<CheckoutPage navigate={navigate} />);
      await chooseMember();
      await addItem("Project package", "Facial ×8");
      fireEvent.mouseDown(within(screen.getByTestId("line-0")).getByLabelText("Served now"));
      fireEvent.click(within(await screen.findByRole("listbox")).getByText("One session of Facial"));

      const served = await screen.findByTestId("line-1");
      expect(within(served).getByText("Facial")).toBeInTheDocument();
      expect(within(served).getByText("Paid by a session of the package bought now: Facial ×8")).toBeInTheDocument();
      expect(within(served).getByLabelText("Qty")).toBeDisabled();
      const lines = [
        { type: "projectPackage", itemId: 50, qty: 1 },
        { type: "project", itemId: 40, qty: 1, packageLine: 0 },
      ];
      await waitFor(() =>
        expect(server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body).toEqual({
          memId: 1,
          lines,
        }),
      );
      fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payment?orderId=79&memId=1"));
      expect(server.callsTo("POST /rest/order/commit").at(-1)?.body).toMatchObject({ memId: 1, lines });
    });

    it("takes the project served now away with its package, or when the cashier says not now", async () => {
      fakeServer(packageRoutes);
      render_(<CheckoutPage navigate={vi.fn()} />);
      await chooseMember();
      await addItem("Project package", "Facial ×8");
      const choose = async (option: string) => {
        fireEvent.mouseDown(within(screen.getByTestId("line-0")).getByLabelText("Served now"));
        fireEvent.click(within(await screen.findByRole("listbox")).getByText(option));
      };
      await choose("One session of Facial");
      expect(await screen.findByTestId("line-1")).toBeInTheDocument();
      await choose("Not now: all sessions kept on the card");
      await waitFor(() => expect(screen.queryByTestId("line-1")).not.toBeInTheDocument());
      await choose("One session of Facial");
      expect(await screen.findByTestId("line-1")).toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: "Remove Facial ×8" }));
      await waitFor(() => expect(screen.queryByTestId("line-0")).not.toBeInTheDocument());
    });

    it("sells packages and cards to members only, and only stored-value cards as cards", async () => {
      const server = fakeServer(packageRoutes);
      render_(<CheckoutPage navigate={vi.fn()} />);
      fireEvent.click(screen.getByRole("button", { name: "Add an item" }));
      let dialog = await screen.findByRole("dialog", { name: "Add an item" });
      expect(within(dialog).queryByRole("tab", { name: "Project package" })).not.toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add an item" })).not.toBeInTheDocument());
      await chooseMember();
      fireEvent.click(screen.getByRole("button", { name: "Add an item" }));
      dialog = await screen.findByRole("dialog", { name: "Add an item" });
      fireEvent.click(within(dialog).getByRole("tab", { name: "Card" }));
      await waitFor(() => expect(server.callsTo("GET /rest/commodity/cardTypeList")).toHaveLength(1));
      expect(server.callsTo("GET /rest/commodity/cardTypeList")[0]?.query.get("kind")).toBe("storedValue");
    });
  });

  describe("coupons", () => {
    function usable(couponId: number, overrides: Record<string, unknown> = {}) {
      return {
        couponId,
        code: `Q00${couponId}`,
        name: `Coupon${couponId}`,
        kind: "A",
        amount: "10.00",
        rate: null,
        maxDiscount: null,
        minSpend: "0.00",
        oneOrder: false,
        validTo: "2026-12-31",
        applies: true,
        discount: "10.00",
        reason: "",
        ...overrides,
      };
    }
    const tooSmall = usable(12, {
      name: "Big spender",
      minSpend: "500.00",
      applies: false,
      discount: null,
      reason: "the order does not reach the coupon's minimum spend",
    });

    function pricedWith(body: { couponIds?: number[] }) {
      const ticked = body.couponIds ?? [];
      const off = ticked.length > 0 ? "10.00" : "0.00";
      return ok({
        ...priced([{}], ticked.length > 0 ? "78.00" : "88.00"),
        coupons: ticked.map((couponId) => ({ couponId, name: `Coupon${couponId}`, amount: off })),
      });
    }

    it("lists the member's coupons with the server's discount or reason, prices and commits the ticked one", async () => {
      const navigate = vi.fn();
      const server = fakeServer({
        ...common,
        "POST /rest/pricingEngine/usableCoupons": () => ok([usable(11), tooSmall]),
        "POST /rest/pricingEngine/checkDiscountConcurrently": (call) =>
          pricedWith(call.body as { couponIds?: number[] }),
        "POST /rest/order/commit": () =>
          ok({ orderId: 78, orderNo: "SO1", status: "unpaid", total: "100", discount: "22", payable: "78", lines: [] }),
      });
      render_(<CheckoutPage navigate={navigate} />);
      await chooseMember();
      await addItem("Product", "Serum");
      const picker = await screen.findByRole("group", { name: "Coupons" });
      const eleven = await within(picker).findByTestId("coupon-11");
      await waitFor(() => expect(within(eleven).getByText("Would take off ¥10.00")).toBeInTheDocument());
      const twelve = within(picker).getByTestId("coupon-12");
      expect(within(twelve).getByText("the order does not reach the coupon's minimum spend")).toBeInTheDocument();
      expect(within(twelve).getByRole("checkbox")).toBeDisabled();

      fireEvent.click(within(eleven).getByRole("checkbox", { name: "Coupon11 (Q0011)" }));
      expect(await within(eleven).findByText("Takes off ¥10.00")).toBeInTheDocument();
      const totals = screen.getByRole("group", { name: "Totals" });
      await waitFor(() => expect(within(totals).getByText("¥78.00")).toBeInTheDocument());
      const pricing = server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body;
      expect(pricing).toEqual({ memId: 1, lines: [{ type: "product", itemId: 30, qty: 1 }], couponIds: [11] });
      // The picker asks with the lines only: ticking prices, it does not ask again.
      const asked = server.callsTo("POST /rest/pricingEngine/usableCoupons").at(-1)?.body;
      expect(asked).toEqual({ memId: 1, lines: [{ type: "product", itemId: 30, qty: 1 }] });

      fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payment?orderId=78&memId=1"));
      expect(server.callsTo("POST /rest/order/commit").at(-1)?.body).toMatchObject({ couponIds: [11] });
    });

    it("says when a ticked coupon no longer applies to the lines and neither prices nor commits it", async () => {
      const server = fakeServer({
        ...common,
        "POST /rest/pricingEngine/usableCoupons": (call) => {
          const qty = (call.body as { lines: { qty: number }[] }).lines[0]?.qty ?? 1;
          return ok([qty > 1 ? usable(11) : { ...tooSmall, couponId: 11, name: "Coupon11", code: "Q0011" }]);
        },
        "POST /rest/pricingEngine/checkDiscountConcurrently": (call) =>
          pricedWith(call.body as { couponIds?: number[] }),
        "POST /rest/order/commit": () =>
          ok({ orderId: 79, orderNo: "SO2", status: "unpaid", total: "88", discount: "0", payable: "88", lines: [] }),
      });
      const navigate = vi.fn();
      render_(<CheckoutPage navigate={navigate} />);
      await chooseMember();
      await addItem("Product", "Serum");
      const line = screen.getByTestId("line-0");
      fireEvent.change(within(line).getByLabelText("Qty"), { target: { value: "2" } });
      const eleven = await screen.findByTestId("coupon-11");
      await waitFor(() => expect(within(eleven).getByRole("checkbox")).toBeEnabled());
      fireEvent.click(within(eleven).getByRole("checkbox"));
      await waitFor(() =>
        expect(server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body).toMatchObject({
          couponIds: [11],
        }),
      );

      fireEvent.change(within(line).getByLabelText("Qty"), { target: { value: "1" } });
      expect(
        await screen.findByText(
          "The coupon Coupon11 no longer applies and is not used: the order does not reach the coupon's minimum spend",
        ),
      ).toBeInTheDocument();
      // The price shown is the one without the coupon: asked again, or the one already asked for these
      // lines while the page's cache still holds it (which of the two depends on the page's timing).
      const totals = screen.getByRole("group", { name: "Totals" });
      await waitFor(() => expect(within(totals).getByText("¥88.00")).toBeInTheDocument());
      fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payment?orderId=79&memId=1"));
      const committed = server.callsTo("POST /rest/order/commit").at(-1)?.body;
      expect(committed).toMatchObject({ memId: 1, lines: [{ type: "product", itemId: 30, qty: 1 }] });
      expect(committed).not.toHaveProperty("couponIds");
    });

    it("shows the server's refusal of a coupon another order used and asks for the coupons again", async () => {
      let used = false;
      const server = fakeServer({
        ...common,
        "POST /rest/pricingEngine/usableCoupons": () => ok(used ? [] : [usable(11)]),
        "POST /rest/pricingEngine/checkDiscountConcurrently": (call) =>
          pricedWith(call.body as { couponIds?: number[] }),
        "POST /rest/order/commit": () => {
          used = true;
          return { status: 409, errcode: "CARD-40904", errmsg: "The coupon cannot be used." };
        },
      });
      render_(<CheckoutPage navigate={vi.fn()} />);
      await chooseMember();
      await addItem("Product", "Serum");
      const eleven = await screen.findByTestId("coupon-11");
      fireEvent.click(within(eleven).getByRole("checkbox"));
      await within(eleven).findByText("Takes off ¥10.00");
      fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
      expect(await screen.findByText("The coupon cannot be used.")).toBeInTheDocument();
      expect(
        await screen.findByText(
          "A coupon ticked (no. 11) can no longer be used (used by another order or expired) and is not used.",
        ),
      ).toBeInTheDocument();
      expect(server.callsTo("POST /rest/pricingEngine/usableCoupons").length).toBeGreaterThan(1);
    });
  });
});

function price(overrides: Record<string, unknown> = {}) {
  return {
    orderId: 7,
    orderNo: "SO2026112400000007",
    status: "unpaid",
    total: "100.00",
    discount: "0.00",
    payable: "100.00",
    paid: "0.00",
    due: "100.00",
    discounts: [],
    lines: [
      {
        orderLineId: 1,
        type: "product",
        itemId: 30,
        name: "Serum",
        qty: 1,
        unitPrice: "100.00",
        total: "100.00",
        discount: "0.00",
        amount: "100.00",
        cardId: null,
        discounts: [],
      },
    ],
    ...overrides,
  };
}

const paymentRoutes: Routes = {
  ...common,
  "GET /rest/pay/detailPrice/7": () => ok(price()),
  "GET /rest/pay/signStatus/7": () => ok({ required: false, signed: false }),
};

describe("PaymentPage", () => {
  beforeEach(() => window.history.replaceState(null, "", "/payment?orderId=7&memId=1"));

  it("takes stored value and cash after confirming, showing the change the server answers", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const server = fakeServer({
      ...paymentRoutes,
      "POST /rest/pay/excute": () =>
        ok({ orderId: 7, status: "paid", paid: "100.00", due: "0.00", change: "20.00", tenders: [] }, "paid"),
    });
    render_(<PaymentPage />);
    expect(await screen.findByText("Order SO2026112400000007")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Stored-value card"));
    const options = await screen.findByRole("listbox");
    expect(within(options).queryByText(/C003/)).not.toBeInTheDocument();
    fireEvent.click(within(options).getByText(/C001/));
    expect(await screen.findByText("Balance ¥500.00")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Paid from the card"), { target: { value: "60" } });
    fireEvent.change(screen.getByLabelText("Cash received"), { target: { value: "60" } });
    expect(screen.getByText("Change to give: ¥20.00")).toBeInTheDocument();
    expect(screen.queryByText(/stored-value card/)).not.toBeInTheDocument(); // a card can pay: no hint

    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm the payment" });
    expect(within(dialog).getByText("Paid from the card: ¥60.00")).toBeInTheDocument();
    expect(within(dialog).getByText("Cash received: ¥60.00")).toBeInTheDocument();
    expect(within(dialog).getByTestId("confirm-change")).toHaveTextContent("Change: ¥20.00");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and pay" }));
    expect(await screen.findByText("Paid: paid ¥100.00, due ¥0.00.")).toBeInTheDocument();
    expect(screen.getByTestId("payment-change")).toHaveTextContent("Change to give the customer: ¥20.00");
    const call = server.callsTo("POST /rest/pay/excute")[0];
    expect(call?.body).toEqual({
      orderId: 7,
      tenders: [
        { method: "storedValue", amount: "60", cardId: 1 },
        { method: "cash", amount: "60" },
      ],
    });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Print receipt" }));
    expect(open).toHaveBeenCalledWith("/rest/pay/print/7/1", "_blank", "noopener");
    fireEvent.click(screen.getByRole("button", { name: "Print slip without amounts" }));
    expect(open).toHaveBeenCalledWith("/rest/pay/print/7/0", "_blank", "noopener");
    expect(screen.getByRole("link", { name: "Order details" })).toHaveAttribute("href", "/orderDetails?orderId=7");
  });

  it("says the member holds no stored-value card instead of opening an empty choice", async () => {
    fakeServer({ ...paymentRoutes, "GET /rest/packageCard/findErpAllCard/1": () => ok([packageCard]) });
    render_(<PaymentPage />);
    expect(await screen.findByText("The member holds no stored-value card: take another tender.")).toBeInTheDocument();
    expect(screen.getByLabelText("Stored-value card")).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByLabelText("Paid from the card")).toBeDisabled();
  });

  it("names each stored-value card that cannot pay and why, in both languages", async () => {
    const unusable = [card(3, { status: "frozen" }), card(4, { status: "expired" }), packageCard];
    fakeServer({ ...paymentRoutes, "GET /rest/packageCard/findErpAllCard/1": () => ok(unusable) });
    render_(<PaymentPage />);
    const hint = "None of the member's stored-value cards can pay: C003 (Frozen), C004 (Expired).";
    expect(await screen.findByText(hint)).toBeInTheDocument();
    await i18n.changeLanguage("zh-hans");
    expect(await screen.findByText("该会员的储值卡都不能支付：C003（已冻结）、C004（已过期）。")).toBeInTheDocument();
  });

  it("shows a refusal and retries the same submission with the same key", async () => {
    let attempts = 0;
    const server = fakeServer({
      ...paymentRoutes,
      "POST /rest/pay/excute": () => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 409,
            errcode: "ORD-40901",
            errmsg: "the lines priced with a card's discount are paid from that card",
          };
        }
        return ok({ orderId: 7, status: "paid", paid: "100.00", due: "0.00", change: "0.00", tenders: [] });
      },
    });
    render_(<PaymentPage />);
    fireEvent.change(await screen.findByLabelText("Cash received"), { target: { value: "100" } });
    const pay = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Pay" }));
      const dialog = await screen.findByRole("dialog", { name: "Confirm the payment" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and pay" }));
    };
    await pay();
    expect(
      await screen.findByText("the lines priced with a card's discount are paid from that card"),
    ).toBeInTheDocument();
    await pay();
    expect(await screen.findByText("Paid: paid ¥100.00, due ¥0.00.")).toBeInTheDocument();
    expect(screen.queryByTestId("payment-change")).not.toBeInTheDocument();
    const keys = server.callsTo("POST /rest/pay/excute").map((call) => call.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("finds the order's member when the page is opened with the order alone", async () => {
    window.history.replaceState(null, "", "/payment?orderId=7");
    fakeServer({ ...paymentRoutes, "GET /rest/order/orderDetails": () => ok({ orderId: 7, memId: 1 }) });
    render_(<PaymentPage />);
    expect(await screen.findByText("The member holds 320 points")).toBeInTheDocument();
    expect(screen.getByLabelText("Stored-value card")).toBeInTheDocument();
  });

  it("asks for the member's signature before paying when the store requires it", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,AAAA");
    let signed = false;
    const server = fakeServer({
      ...paymentRoutes,
      "GET /rest/pay/detailPrice/7": () => ok(price({ payable: "0.00", due: "0.00" })),
      "GET /rest/pay/signStatus/7": () => ok({ required: true, signed }),
      "POST /rest/order/signature": () => {
        signed = true;
        return ok({ required: true, signed: true }, "saved");
      },
      "POST /rest/pay/excute": () =>
        ok({ orderId: 7, status: "paid", paid: "0.00", due: "0.00", change: "0.00", tenders: [] }),
    });
    render_(<PaymentPage />);
    const pad = await screen.findByRole("img", { name: "Signature pad" });
    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save signature" })).toBeDisabled();
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByRole("button", { name: "Save signature" })).toBeDisabled();
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Save signature" }));
    expect(await screen.findByText("The member has signed.")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/order/signature")[0]?.body).toEqual({
      orderId: 7,
      signature: "data:image/png;base64,AAAA",
    });
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm the payment" });
    expect(within(dialog).getByText("Nothing to pay: the order is paid by sessions.")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and pay" }));
    await waitFor(() => expect(server.callsTo("POST /rest/pay/excute")[0]?.body).toEqual({ orderId: 7, tenders: [] }));
  });
});
