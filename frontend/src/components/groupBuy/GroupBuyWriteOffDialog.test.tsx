import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { GroupBuyWriteOffDialog } from "./GroupBuyWriteOffDialog";
import { writeOffRecord } from "./testing";

const PLATFORMS = [
  { id: 19, name: "Meituan", platformType: 1, preCheck: true, remote: true },
  { id: 7, name: "Tmall", platformType: 1, preCheck: false, remote: false },
];

const item = (id: number, name: string) => ({ id, name, value: name, unifiedCode: `U${id}`, price: "199.00" });

const PRE_CHECK = {
  projects: [item(1, "Facial")],
  packages: [item(2, "Facial ×5")],
  cards: [item(3, "Beauty card")],
  mapped: true,
  deal: { dealId: "d1", title: "Facial deal", price: "99.00", marketPrice: "199.00", count: 1, expiresAt: null },
};

const record = (id: number, overrides: Record<string, unknown> = {}) => writeOffRecord(id, overrides);

function renderDialog(routes: Routes = {}, btn: string[] = []) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
  const server = fakeServer({
    "GET /rest/groupPurchasing/platforms": (call) =>
      ok(call.query.get("platformType") === "1" ? PLATFORMS : [{ id: 30, name: "Own app", platformType: 3 }]),
    "GET /rest/groupPurchasing/records": () => ok({ list: [], total: 0 }),
    "POST /rest/groupPurchasing/preCheck": () => ok(PRE_CHECK),
    "GET /rest/groupPurchasing/items": (call) =>
      ok(call.query.get("type") === "2" ? [item(11, "Massage")] : [item(12, "Massage ×3")]),
    "GET /rest/groupPurchasing/cards": () => ok([item(13, "Gold card")]),
    "GET /rest/reservation/todayReserved": () => ok([]),
    "GET /rest/staffList/list": () => ok({ list: [], total: 0 }),
    ...routes,
  });
  const onClose = vi.fn();
  render(
    <AppProviders>
      <GroupBuyWriteOffDialog open onClose={onClose} />
    </AppProviders>,
  );
  const dialog = screen.getByTestId("groupbuy-dialog");
  return { server, dialog, onClose };
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

async function choosePlatform(dialog: HTMLElement, name: string) {
  fireEvent.click(await within(dialog).findByRole("radio", { name }));
}

function fill(dialog: HTMLElement, code: string, phone: string) {
  fireEvent.change(within(dialog).getByTestId("groupbuy-code"), { target: { value: code } });
  fireEvent.change(within(dialog).getByTestId("groupbuy-phone"), { target: { value: phone } });
}

const chip = (dialog: HTMLElement, name: string) => within(dialog).getByRole("button", { name });

describe("GroupBuyWriteOffDialog", () => {
  it("shows the platform types as tabs and the platforms of the chosen one", async () => {
    const { dialog, server } = renderDialog();
    expect(within(dialog).getByRole("tab", { name: "Group-buy" })).toHaveAttribute("aria-selected", "true");
    expect(await within(dialog).findByRole("radio", { name: "Meituan" })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("tab", { name: "Fission" }));
    expect(await within(dialog).findByRole("radio", { name: "Own app" })).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: "Joint venture" })).toBeInTheDocument();
    expect(server.callsTo("GET /rest/groupPurchasing/platforms").map((call) => call.query.get("platformType"))).toEqual(
      ["1", "3"],
    );
  });

  it("checks the form's rules before sending anything", async () => {
    const { dialog, server } = renderDialog();
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByText("please select platform")).toBeInTheDocument();
    await choosePlatform(dialog, "Meituan");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByText("please enter coupon code")).toBeInTheDocument();
    fill(dialog, "1234567890", "");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByText("please enter customer phone")).toBeInTheDocument();
    fill(dialog, "1234567890", "12345678901");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByText("phone format incorrect, cannot write off")).toBeInTheDocument();
    fill(dialog, "1234567890", "13812345678");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByTestId("groupbuy-selection-error")).toHaveTextContent(
      "please select project package / project / card",
    );
    expect(server.callsTo("POST /rest/groupPurchasing/writeOffReview")).toHaveLength(0);
  });

  it("fills the three lists from the pre-check; the choice is exclusive; writes off through writeOffReview", async () => {
    const { dialog, server } = renderDialog({
      "POST /rest/groupPurchasing/writeOffReview": (call) =>
        ok(
          {
            recordId: 40,
            orderId: null,
            status: "done",
            record: record(40, {
              checkCode: (call.body as { checkCode: string }).checkCode,
              priceWarning: "the deal's price 99.00 is under half the store's price 199.00",
            }),
          },
          "written off",
        ),
    });
    await choosePlatform(dialog, "Meituan");
    fill(dialog, "1234567890", "13812345678");
    expect(await within(dialog).findByText("Facial deal · ¥99.00")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/groupPurchasing/preCheck")).toHaveLength(1);
    expect(server.callsTo("POST /rest/groupPurchasing/preCheck")[0]?.body).toMatchObject({
      platformId: 19,
      checkCode: "1234567890",
    });

    fireEvent.click(chip(dialog, "Facial"));
    expect(chip(dialog, "Facial")).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(chip(dialog, "Beauty card"));
    expect(chip(dialog, "Beauty card")).toHaveAttribute("aria-pressed", "true");
    expect(chip(dialog, "Facial")).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(chip(dialog, "Beauty card"));
    expect(chip(dialog, "Beauty card")).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(chip(dialog, "Facial ×5"));

    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByTestId("groupbuy-outcome")).toHaveTextContent(
      "Written off: 1234567890, Facial (written off, not served)",
    );
    expect(within(dialog).getByTestId("groupbuy-price-warning")).toHaveTextContent("under half the store's price");
    const [call] = server.callsTo("POST /rest/groupPurchasing/writeOffReview");
    expect(call?.body).toEqual({
      platformType: 1,
      platformId: 19,
      storeId: 10,
      checkCode: "1234567890",
      areaCode: "0086",
      phone: "13812345678",
      commodityType: "package",
      commodityId: 2,
    });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    // The list is asked again after the write-off.
    await waitFor(() => expect(server.callsTo("GET /rest/groupPurchasing/records").length).toBeGreaterThan(1));
  });

  it("shows a used code's message in an alert and in red under the selection (spec §8)", async () => {
    const refused = "the group-buy platform refused the code: this coupon code has already been used";
    const { dialog } = renderDialog({
      "POST /rest/groupPurchasing/writeOffReview": () => ({ status: 409, errcode: "GB-40902", errmsg: refused }),
    });
    await choosePlatform(dialog, "Meituan");
    fill(dialog, "1234567801", "13812345678");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Facial" }));
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByTestId("groupbuy-error")).toHaveTextContent(refused);
    expect(within(dialog).getByTestId("groupbuy-selection-error")).toHaveTextContent(refused);
  });

  it("shows a pre-check's error under the selection", async () => {
    const { dialog, server } = renderDialog({
      "POST /rest/groupPurchasing/preCheck": () => ({
        status: 409,
        errcode: "GB-40902",
        errmsg: "the platform does not know this coupon code",
      }),
    });
    await choosePlatform(dialog, "Meituan");
    fill(dialog, "999", "");
    expect(await within(dialog).findByTestId("groupbuy-selection-error")).toHaveTextContent(
      "the platform does not know this coupon code",
    );
    // Submitting then says the platform's message in the alert too, not "please select…".
    fill(dialog, "999", "13812345678");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByTestId("groupbuy-error")).toHaveTextContent(
      "the platform does not know this coupon code",
    );
    expect(within(dialog).getByTestId("groupbuy-selection-error")).toHaveTextContent(
      "the platform does not know this coupon code",
    );
    expect(server.callsTo("POST /rest/groupPurchasing/writeOffReview")).toHaveLength(0);
  });

  it("offers the store's items for another platform, optional, and writes off through writeOff", async () => {
    const { dialog, server } = renderDialog({
      "POST /rest/groupPurchasing/writeOff": () =>
        ok({ recordId: 41, orderId: null, status: "done", record: record(41) }),
    });
    await choosePlatform(dialog, "Tmall");
    expect(await within(dialog).findByRole("button", { name: "Massage" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Gold card" })).toBeInTheDocument();
    fill(dialog, "TM001", "91234567");
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Area code" }));
    fireEvent.click(await screen.findByRole("option", { name: "+852 Hong Kong" }));
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByTestId("groupbuy-outcome")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/groupPurchasing/writeOff")[0]?.body).toMatchObject({
      platformId: 7,
      areaCode: "00852",
      phone: "91234567",
      commodityType: null,
      commodityId: null,
    });
    expect(server.callsTo("POST /rest/groupPurchasing/preCheck")).toHaveLength(0);
  });

  it("picks a member from today's reservations: the phone is theirs, read-only, not format-checked", async () => {
    const { dialog, server } = renderDialog({
      "GET /rest/reservation/todayReserved": () =>
        ok([
          { memId: 5, name: "Lin", phone: "138****5678", areaCode: "0086", startTime: "2026-11-24T10:00:00+08:00" },
          {
            memId: null,
            name: "Walk-in",
            phone: "139****0000",
            areaCode: "0086",
            startTime: "2026-11-24T11:00:00+08:00",
          },
        ]),
      "POST /rest/groupPurchasing/writeOff": () =>
        ok({ recordId: 42, orderId: null, status: "done", record: record(42) }),
    });
    await choosePlatform(dialog, "Tmall");
    fill(dialog, "TM002", "");
    fireEvent.click(within(dialog).getByRole("button", { name: "Today's reservations" }));
    const picker = await screen.findByRole("dialog", { name: "Today's reserved members" });
    // The list is of the dialog's store, named (the server refuses one the role lacks).
    expect(server.callsTo("GET /rest/reservation/todayReserved")[0]?.query.get("stoId")).toBe("10");
    fireEvent.click(await within(picker).findByText("Lin"));
    await waitFor(() => expect(within(dialog).getByTestId("groupbuy-phone")).toHaveValue("138****5678"));
    expect(within(dialog).getByTestId("groupbuy-phone")).toHaveAttribute("readonly");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    await waitFor(() => expect(server.callsTo("POST /rest/groupPurchasing/writeOff")).toHaveLength(1));
    expect(server.callsTo("POST /rest/groupPurchasing/writeOff")[0]?.body).toMatchObject({
      fromReservation: true,
      memId: 5,
    });
  });

  it("asks for the store owner's authorization code when a phone writes off too often", async () => {
    const { dialog, server } = renderDialog({
      "POST /rest/groupPurchasing/writeOff": (call) => {
        const code = (call.body as { authorizationCode?: string }).authorizationCode;
        if (code === "000000") return { status: 403, errcode: "AUTH-40300", errmsg: "wrong authorization code" };
        if (code) return ok({ recordId: 43, orderId: null, status: "done", record: record(43) });
        return {
          status: 409,
          errcode: "GB-40903",
          errmsg: "this phone has written off 3 coupons in the last 30 days: a principal must confirm",
          data: { count: 3, limit: 3, periodDays: 30 },
        };
      },
    });
    await choosePlatform(dialog, "Tmall");
    fill(dialog, "TM003", "13812345678");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    const prompt = await screen.findByTestId("groupbuy-frequency");
    expect(prompt).toHaveTextContent("This phone has written off 3 coupons in the last 30 days (limit 3).");
    expect(within(prompt).queryByRole("button", { name: "Confirm as principal" })).not.toBeInTheDocument();
    const code = within(prompt).getByLabelText("Store owner's authorization code");
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(within(prompt).getByRole("button", { name: "Confirm" }));
    expect(await within(prompt).findByText("wrong authorization code")).toBeInTheDocument();
    fireEvent.change(code, { target: { value: "888888" } });
    fireEvent.click(within(prompt).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByTestId("groupbuy-outcome")).toBeInTheDocument();
    const calls = server.callsTo("POST /rest/groupPurchasing/writeOff");
    expect(calls[2]?.body).toMatchObject({ authorizationCode: "888888" });
    expect(calls[2]?.headers.get("Idempotency-Key")).not.toBe(calls[1]?.headers.get("Idempotency-Key"));
  });

  it("lets a principal confirm a frequent phone", async () => {
    const { dialog, server } = renderDialog(
      {
        "POST /rest/groupPurchasing/writeOff": (call) =>
          (call.body as { frequencyConfirmed?: boolean }).frequencyConfirmed
            ? ok({ recordId: 44, orderId: null, status: "done", record: record(44) })
            : { status: 409, errcode: "GB-40903", errmsg: "too often", data: { count: 5, limit: 3, periodDays: 7 } },
      },
      ["BTN-TGHX-FREQUENCY-CONFIRM"],
    );
    await choosePlatform(dialog, "Tmall");
    fill(dialog, "TM004", "13812345678");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    const prompt = await screen.findByTestId("groupbuy-frequency");
    fireEvent.click(within(prompt).getByRole("button", { name: "Confirm as principal" }));
    expect(await within(dialog).findByTestId("groupbuy-outcome")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/groupPurchasing/writeOff")[1]?.body).toMatchObject({ frequencyConfirmed: true });
  });

  it("says so when the platform has not answered yet (GB-40905)", async () => {
    const waiting =
      "the platform has not answered yet: the write-off is being checked, look at the records in a minute";
    const { dialog } = renderDialog({
      "POST /rest/groupPurchasing/writeOff": () => ({ status: 409, errcode: "GB-40905", errmsg: waiting }),
    });
    await choosePlatform(dialog, "Tmall");
    fill(dialog, "TM005", "13812345678");
    fireEvent.click(within(dialog).getByTestId("groupbuy-submit"));
    expect(await within(dialog).findByTestId("groupbuy-pending")).toHaveTextContent(waiting);
    expect(within(dialog).queryByTestId("groupbuy-error")).not.toBeInTheDocument();
  });
});

describe("the written-off records", () => {
  const rows = [
    record(1),
    record(2, { served: true, orderId: 90, orderCode: "SO0090", statusLabel: "served" }),
    record(3, { status: "cancelled", statusLabel: "cancelled" }),
    record(4, { status: "pending", statusLabel: "pending" }),
  ];

  it("lists the records with their status, 10 a page by default (10/20/30/40)", async () => {
    const { dialog, server } = renderDialog({
      "GET /rest/groupPurchasing/records": () => ok({ list: rows, total: 4 }),
    });
    const table = await within(dialog).findByTestId("groupbuy-records");
    expect(await within(table).findByText("CODE1")).toBeInTheDocument();
    expect(within(table).getByTestId("groupbuy-status-1")).toHaveTextContent("written off, not served");
    expect(within(table).getByTestId("groupbuy-status-2")).toHaveTextContent("served");
    expect(within(table).getByTestId("groupbuy-status-2")).toHaveAttribute("data-status", "served");
    expect(within(table).getByText("SO0090")).toBeInTheDocument();
    expect(within(table).getByTestId("groupbuy-status-3")).toHaveAttribute("data-status", "cancelled");
    expect(within(table).getAllByText("138****5678")).toHaveLength(4);
    const query = server.callsTo("GET /rest/groupPurchasing/records")[0]?.query;
    expect(query?.get("pageSize")).toBe("10");
    expect(query?.get("pageNo")).toBe("1");
    expect(query?.get("platformType")).toBe("1");

    const pagination = within(dialog).getByTestId("groupbuy-records-pagination");
    fireEvent.mouseDown(within(pagination).getByRole("combobox"));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["10", "20", "30", "40"]);
  });

  it("filters by coupon code, item code and phone", async () => {
    const { dialog, server } = renderDialog({
      "GET /rest/groupPurchasing/records": () => ok({ list: rows, total: 4 }),
    });
    const search = within(dialog).getByRole("search", { name: "Written-off records" });
    fireEvent.change(within(search).getByLabelText("Coupon code"), { target: { value: "CODE1" } });
    fireEvent.change(within(search).getByLabelText("Item code"), { target: { value: "U1" } });
    fireEvent.change(within(search).getByLabelText("Phone"), { target: { value: "5678" } });
    fireEvent.click(within(search).getByRole("button", { name: "Search" }));
    await waitFor(() => {
      const last = server.callsTo("GET /rest/groupPurchasing/records").at(-1)?.query;
      expect(Object.fromEntries(last ?? [])).toMatchObject({ checkCode: "CODE1", unifiedCode: "U1", phone: "5678" });
    });
  });

  it("offers Serve on a record not served, and Cancel only with BTN-TGHX-CANCEL", async () => {
    const { dialog } = renderDialog({ "GET /rest/groupPurchasing/records": () => ok({ list: rows, total: 4 }) });
    await within(dialog).findByText("CODE1");
    expect(within(dialog).getByTestId("groupbuy-serve-1")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-serve-2")).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-serve-3")).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-serve-4")).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-cancel-1")).not.toBeInTheDocument();
  });

  it("serves the member: the row then shows served and its order number", async () => {
    let served = false;
    const { dialog, server } = renderDialog({
      "GET /rest/groupPurchasing/records": () =>
        ok({
          list: [
            served ? record(1, { served: true, orderId: 91, orderCode: "SO0091", statusLabel: "served" }) : record(1),
          ],
          total: 1,
        }),
      "POST /rest/order/groupBuy": () => {
        served = true;
        return ok({
          recordId: 1,
          orderId: 91,
          status: "done",
          record: record(1, { served: true, orderId: 91, orderCode: "SO0091", statusLabel: "served" }),
        });
      },
    });
    fireEvent.click(await within(dialog).findByTestId("groupbuy-serve-1"));
    const serve = await screen.findByRole("dialog", { name: "Serve the member" });
    await waitFor(() => expect(within(serve).getByRole("button", { name: "Serve" })).toBeEnabled());
    fireEvent.click(within(serve).getByRole("button", { name: "Serve" }));
    await waitFor(() => expect(within(dialog).getByTestId("groupbuy-status-1")).toHaveTextContent("served"));
    expect(within(dialog).getByText("SO0091")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-serve-1")).not.toBeInTheDocument();
    const [call] = server.callsTo("POST /rest/order/groupBuy");
    // The member has no reservation today: served for none, said so.
    expect(call?.body).toEqual({ recordId: 1, reservationId: null });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("serving a write-off made without an item asks which one the coupon buys", async () => {
    const { dialog, server } = renderDialog({
      "GET /rest/groupPurchasing/records": () =>
        ok({ list: [record(5, { commodity: { type: null, id: null, name: "", unifiedCode: "" } })], total: 1 }),
      "POST /rest/order/groupBuy": () =>
        ok({ recordId: 5, orderId: 92, status: "done", record: record(5, { served: true, orderId: 92 }) }),
    });
    fireEvent.click(await within(dialog).findByTestId("groupbuy-serve-5"));
    const serve = await screen.findByRole("dialog", { name: "Serve the member" });
    await waitFor(() => expect(within(serve).getByRole("button", { name: "Serve" })).toBeEnabled());
    fireEvent.click(within(serve).getByRole("button", { name: "Serve" }));
    expect(await within(serve).findByText("please select project package / project / card")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/order/groupBuy")).toHaveLength(0);
    fireEvent.click(await within(serve).findByRole("button", { name: "Gold card" }));
    fireEvent.click(within(serve).getByRole("button", { name: "Serve" }));
    await waitFor(() => expect(server.callsTo("POST /rest/order/groupBuy")).toHaveLength(1));
    expect(server.callsTo("POST /rest/order/groupBuy")[0]?.body).toEqual({
      recordId: 5,
      reservationId: null,
      commodityType: "card",
      commodityId: 13,
    });
  });

  it("cancels a write-off with a required reason", async () => {
    let cancelled = false;
    let refuse = false;
    const { dialog, server } = renderDialog(
      {
        "GET /rest/groupPurchasing/records": () =>
          ok({
            list: rows.map((row) => (cancelled && row.id === 2 ? { ...row, status: "cancelled" } : row)),
            total: 4,
          }),
        "POST /rest/groupPurchasing/cancel": () => {
          if (refuse) return { status: 409, errcode: "GB-40902", errmsg: "the window has closed" };
          cancelled = true;
          return ok({
            recordId: 2,
            orderId: 90,
            status: "cancelled",
            record: record(2, { status: "cancelled", statusLabel: "cancelled" }),
          });
        },
      },
      ["BTN-TGHX-CANCEL"],
    );
    await within(dialog).findByText("CODE1");
    expect(within(dialog).getByTestId("groupbuy-cancel-1")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-cancel-3")).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId("groupbuy-cancel-4")).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId("groupbuy-cancel-2"));
    const cancel = await screen.findByTestId("groupbuy-cancel-dialog");
    fireEvent.click(within(cancel).getByRole("button", { name: "Cancel write-off" }));
    expect(await within(cancel).findByText("Enter the reason")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/groupPurchasing/cancel")).toHaveLength(0);
    fireEvent.change(within(cancel).getByRole("textbox", { name: /Reason/ }), { target: { value: "too late" } });
    refuse = true;
    fireEvent.click(within(cancel).getByRole("button", { name: "Cancel write-off" }));
    expect(await within(cancel).findByTestId("groupbuy-cancel-error")).toHaveTextContent("the window has closed");
    refuse = false;
    fireEvent.change(within(cancel).getByRole("textbox", { name: /Reason/ }), { target: { value: "customer asked" } });
    fireEvent.click(within(cancel).getByRole("button", { name: "Cancel write-off" }));
    await waitFor(() => expect(server.callsTo("POST /rest/groupPurchasing/cancel")).toHaveLength(2));
    expect(server.callsTo("POST /rest/groupPurchasing/cancel")[1]?.body).toEqual({
      recordId: 2,
      reason: "customer asked",
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId("groupbuy-status-2")).toHaveAttribute("data-status", "cancelled"),
    );
  });
});
