import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../api/session";
import { AppProviders } from "../../islands/mount";
import { settleDrafts } from "../../lib/formDraft";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { BTN_STORE_CONTROLS } from "../../api/org";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { ShopManagementPage } from "./ShopManagementPage";
import { StoreBasicInfoPage } from "./StoreBasicInfoPage";
import { enterPickerText, pickerInput } from "../../test/pickers";

function store(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Store ${id}`,
    code: `S-${id}`,
    provinceCode: "310000",
    provinceName: "上海市",
    cityCode: "310100",
    cityName: "上海市",
    districtCode: "310106",
    districtName: "静安区",
    address: "南京西路1266号",
    fullAddress: "上海市静安区南京西路1266号",
    phone: "021-62881234",
    openTime: "10:00",
    closeTime: "22:00",
    seats: 12,
    status: "open",
    statusName: "open",
    debtDisabled: false,
    debtDisabledReason: "",
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("ShopManagementPage", () => {
  it("shows the owner's stores and switches into one, saving the new session", async () => {
    const server = fakeServer({
      "GET /rest/shopDetail/ownerStores": () =>
        ok([
          { ...store(10), activeStaff: 7, onDutyToday: null },
          { ...store(11, { name: "Store B" }), activeStaff: 6, onDutyToday: null },
          { ...store(12, { name: "Store C", debtDisabled: true }), activeStaff: 0, onDutyToday: null },
        ]),
      "GET /rest/shopDetail/checkStoreStatusIsDebtDisable": (call) =>
        ok(
          call.query.get("storeId") === "12"
            ? { disabled: true, reason: "unpaid fees" }
            : { disabled: false, reason: "" },
        ),
      "PUT /rest/acct/storeModify": () =>
        ok(sessionInfo({ storeId: 11, storeName: "Store B", access: "new-access", landing: "/shopManagement" })),
    });
    const navigate = vi.fn();
    render_(<ShopManagementPage navigate={navigate} />);

    const cardB = await screen.findByRole("region", { name: "Store B" });
    expect(within(cardB).getByText("上海市静安区南京西路1266号")).toBeInTheDocument();
    expect(within(cardB).getByText("10:00–22:00")).toBeInTheDocument();
    expect(within(cardB).getByText("No rota today")).toBeInTheDocument();
    const current = screen.getByRole("region", { name: "Store 10" });
    expect(within(current).getByText("Current store")).toBeInTheDocument();
    const cardC = screen.getByRole("region", { name: "Store C" });
    expect(await within(cardC).findByText("unpaid fees")).toBeInTheDocument();
    expect(within(cardC).getByRole("button", { name: "Switch into this store" })).toBeDisabled();

    fireEvent.click(within(cardB).getByRole("button", { name: "Switch into this store" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/shopManagement"));
    expect(server.callsTo("PUT /rest/acct/storeModify")[0]?.body).toEqual({ storeId: 11 });
    expect(JSON.parse(window.localStorage.getItem("erp.session") ?? "{}").storeId).toBe(11);
    expect(JSON.parse(window.localStorage.getItem("erp.tokens") ?? "{}").access).toBe("new-access");
  });

  it("says so when the owner has no store", async () => {
    fakeServer({ "GET /rest/shopDetail/ownerStores": () => ok([]) });
    render_(<ShopManagementPage />);
    expect(await screen.findByText("You own no store yet.")).toBeInTheDocument();
  });

  it("shows a refused call with a retry", async () => {
    fakeServer({
      "GET /rest/shopDetail/ownerStores": () => ({ status: 403, errcode: "AUTH-40300", errmsg: "no permission" }),
    });
    render_(<ShopManagementPage />);
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("StoreBasicInfoPage", () => {
  it("shows the store, edits it with region selects, confirms and saves", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10, btn: [BTN_STORE_CONTROLS] })));
    let saved: Record<string, unknown> | null = null;
    const server = fakeServer({
      "GET /rest/shopDetail/findErpByIdCheck/10": () =>
        ok({
          ...store(10, { phone: "", seats: null }),
          frontDeskCheckRequired: false,
          signatureRequired: false,
          negativeStockAllowed: false,
          cardTransferApproval: false,
          refundApprovalAbove: null,
          borrowOutTargets: [{ id: 11, name: "Store B" }],
          updatedAt: "2025-03-01T09:00:00+08:00",
          complete: false,
          missingFields: ["phone"],
        }),
      "GET /rest/region/provinces": () => ok([{ code: "310000", name: "上海市" }]),
      "GET /rest/region/cities": () => ok([{ code: "310100", name: "上海市" }]),
      "GET /rest/region/districts": () =>
        ok([
          { code: "310104", name: "徐汇区" },
          { code: "310106", name: "静安区" },
        ]),
      "POST /rest/shopDetail/UpdateErpStore": (call) => {
        saved = call.body as Record<string, unknown>;
        return ok(store(10), "saved");
      },
    });
    render_(<StoreBasicInfoPage />);

    expect(await screen.findByText("Information missing: Phone")).toBeInTheDocument();
    expect(screen.getByText("Store B")).toBeInTheDocument();
    expect(screen.getByText("No approval needed")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));

    const form = await screen.findByRole("form", { name: "Edit store information" });
    await waitFor(() => expect(within(form).getByRole("combobox", { name: "District" })).toHaveTextContent("静安区"));
    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "12" } });
    enterPickerText(pickerInput("Closes at", within(form)), "09:00");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Please enter a valid phone number")).toBeInTheDocument();
    expect(within(form).getByText("The opening time must be before the closing time")).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "021-62881234" } });
    enterPickerText(pickerInput("Closes at", within(form)), "22:00");
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: "District" }));
    fireEvent.click(await screen.findByRole("option", { name: "徐汇区" }));
    fireEvent.change(within(form).getByLabelText("Seats or beds"), { target: { value: "8" } });
    const approval = within(form).getByLabelText("Refunds above this need an owner's approval");
    fireEvent.change(approval, { target: { value: "-5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(
      await within(form).findByText("Enter an amount from 0 to 1,000,000.00 with at most 2 decimal places"),
    ).toBeInTheDocument();
    fireEvent.change(approval, { target: { value: "500" } });
    fireEvent.click(within(form).getByRole("switch", { name: "Card transfers need the owner's approval" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: "Save the changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(server.callsTo("POST /rest/shopDetail/UpdateErpStore")).toHaveLength(1));
    expect(saved).toMatchObject({
      id: 10,
      phone: "021-62881234",
      districtCode: "310104",
      seats: 8,
      closeTime: "22:00",
      refundApprovalAbove: "500",
      cardTransferApproval: true,
    });
    await waitFor(() => expect(noticeTexts()).toContain("saved"));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit store information" })).not.toBeInTheDocument());
  });

  it("reopens the edit form with what was typed when the session ended before the save", async () => {
    fakeServer({
      "GET /rest/shopDetail/findErpByIdCheck/10": () =>
        ok({
          ...store(10),
          frontDeskCheckRequired: false,
          signatureRequired: false,
          negativeStockAllowed: false,
          cardTransferApproval: false,
          refundApprovalAbove: null,
          borrowOutTargets: [],
          updatedAt: "",
          complete: true,
          missingFields: [],
        }),
      "GET /rest/region/provinces": () => ok([{ code: "310000", name: "上海市" }]),
      "GET /rest/region/cities": () => ok([{ code: "310100", name: "上海市" }]),
      "GET /rest/region/districts": () => ok([{ code: "310106", name: "静安区" }]),
    });
    window.history.replaceState(null, "", "/storeBasicInfo");
    render_(<StoreBasicInfoPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const typed = await screen.findByRole("form", { name: "Edit store information" });
    fireEvent.change(within(typed).getByLabelText("Phone"), { target: { value: "021-55556666" } });

    // The session ends (idle): the page goes; the same person signs in and comes back to it.
    clearSession({ keepDrafts: true });
    document.body.innerHTML = "";
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
    settleDrafts();
    render_(<StoreBasicInfoPage />);

    const form = await screen.findByRole("form", { name: "Edit store information" });
    expect(within(form).getByLabelText("Phone")).toHaveValue("021-55556666");
    expect(noticeTexts()).toContain("Your unsaved entries were restored: check them and save.");
    window.sessionStorage.clear();
  });

  it("keeps an over-long store name and address as typed and refuses them before the confirmation", async () => {
    const server = fakeServer({
      "GET /rest/shopDetail/findErpByIdCheck/10": () =>
        ok({
          ...store(10),
          frontDeskCheckRequired: false,
          signatureRequired: false,
          negativeStockAllowed: false,
          cardTransferApproval: false,
          refundApprovalAbove: null,
          borrowOutTargets: [],
          updatedAt: "",
          complete: true,
          missingFields: [],
        }),
      "GET /rest/region/provinces": () => ok([{ code: "310000", name: "上海市" }]),
      "GET /rest/region/cities": () => ok([{ code: "310100", name: "上海市" }]),
      "GET /rest/region/districts": () => ok([{ code: "310106", name: "静安区" }]),
    });
    render_(<StoreBasicInfoPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("form", { name: "Edit store information" });
    const name = within(form).getByLabelText(/^Store name/);
    const address = within(form).getByLabelText(/^Detail address/);
    fireEvent.change(name, { target: { value: "店".repeat(101) } });
    fireEvent.change(address, { target: { value: "路".repeat(201) } });
    expect(name).toHaveValue("店".repeat(101));
    expect(address).toHaveValue("路".repeat(201));
    expect(within(form).getByText("At most 100 characters (101 typed)")).toBeInTheDocument();
    expect(within(form).getByText("At most 200 characters (201 typed)")).toBeInTheDocument();
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("dialog", { name: "Save the changes?" })).not.toBeInTheDocument();
    expect(server.callsTo("POST /rest/shopDetail/UpdateErpStore")).toHaveLength(0);
  });

  it("shows the owner's settings read-only without the owner's code and does not send them", async () => {
    let saved: Record<string, unknown> | null = null;
    const server = fakeServer({
      "GET /rest/shopDetail/findErpByIdCheck/10": () =>
        ok({
          ...store(10),
          frontDeskCheckRequired: false,
          signatureRequired: true,
          negativeStockAllowed: false,
          cardTransferApproval: true,
          refundApprovalAbove: "100.00",
          borrowOutTargets: [{ id: 11, name: "Store B" }],
          updatedAt: "",
          complete: true,
          missingFields: [],
        }),
      "GET /rest/shopDetail/borrowOutCandidates/10": () => ok([{ id: 11, name: "Store B" }]),
      "GET /rest/region/provinces": () => ok([{ code: "310000", name: "上海市" }]),
      "GET /rest/region/cities": () => ok([{ code: "310100", name: "上海市" }]),
      "GET /rest/region/districts": () => ok([{ code: "310106", name: "静安区" }]),
      "POST /rest/shopDetail/UpdateErpStore": (call) => {
        saved = call.body as Record<string, unknown>;
        return ok(store(10), "saved");
      },
    });
    render_(<StoreBasicInfoPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("form", { name: "Edit store information" });
    for (const name of [
      "Member signs for package sessions",
      "Stock may go below zero",
      "Card transfers need the owner's approval",
    ]) {
      expect(within(form).getByRole("switch", { name })).toBeDisabled();
    }
    expect(within(form).getByLabelText("Refunds above this need an owner's approval")).toBeDisabled();
    expect(within(form).getByLabelText("Refunds above this need an owner's approval")).toHaveValue("100.00");
    expect(within(form).getAllByText("Only the owner can change this setting.")).toHaveLength(5);
    expect(within(form).getByRole("switch", { name: "Front-desk group-buy check" })).toBeEnabled();

    fireEvent.change(within(form).getByLabelText(/^Store name/), { target: { value: "青丝养护新店" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(server.callsTo("POST /rest/shopDetail/UpdateErpStore")).toHaveLength(1));
    expect(saved).toMatchObject({ id: 10, name: "青丝养护新店" });
    for (const field of [
      "signatureRequired",
      "negativeStockAllowed",
      "cardTransferApproval",
      "refundApprovalAbove",
      "borrowOutTargetIds",
    ]) {
      expect(saved).not.toHaveProperty(field);
    }
  });

  it("shows the server's field message", async () => {
    fakeServer({
      "GET /rest/shopDetail/findErpByIdCheck/10": () =>
        ok({
          ...store(10),
          frontDeskCheckRequired: true,
          signatureRequired: false,
          negativeStockAllowed: false,
          cardTransferApproval: false,
          refundApprovalAbove: null,
          borrowOutTargets: [],
          updatedAt: "",
          complete: true,
          missingFields: [],
        }),
      "GET /rest/region/provinces": () => ok([{ code: "310000", name: "上海市" }]),
      "GET /rest/region/cities": () => ok([{ code: "310100", name: "上海市" }]),
      "GET /rest/region/districts": () => ok([{ code: "310106", name: "静安区" }]),
      "POST /rest/shopDetail/UpdateErpStore": () => ({
        status: 400,
        errcode: "VALID-40000",
        errmsg: "the district is not in that city",
        data: { fields: { districtCode: ["the district is not in that city"] } },
      }),
    });
    render_(<StoreBasicInfoPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("form", { name: "Edit store information" });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await within(form).findByText("the district is not in that city")).toBeInTheDocument();
  });
});
