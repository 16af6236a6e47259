import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { MemberSearchDialog } from "./MemberSearchDialog";

export function memberRow(memId: number, overrides: Record<string, unknown> = {}) {
  return {
    memId,
    name: `会员${memId}`,
    phone: "138****5678",
    areaCode: "0086",
    crmCode: `M00${memId}`,
    dependencyStore: "Store A",
    dependencyStoreId: 10,
    myself: true,
    ...overrides,
  };
}

function renderDialog(routes: Routes, props: { frontDeskCheck?: boolean; onGroupBuyVerify?: () => void } = {}) {
  const server = fakeServer({
    "GET /rest/memLabel/findAllMemLabel": () => ok([{ id: 3, name: "VIP", color: "#c00", groupName: "" }]),
    "GET /rest/master/findGender": () => ok([{ id: 1, code: "2", name: "Female" }]),
    ...routes,
  });
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <MemberSearchDialog open onClose={onClose} onSelect={onSelect} {...props} />
    </AppProviders>,
  );
  const dialog = screen.getByRole("dialog", { name: "Find a member" });
  return { server, onSelect, onClose, dialog };
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo()));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("MemberSearchDialog", () => {
  it("searches on Enter and shows masked phones, a dash for no code, and the active store", async () => {
    const { server, dialog } = renderDialog({
      "GET /rest/member/search": () =>
        ok([
          memberRow(1),
          memberRow(2, {
            crmCode: "",
            phone: "91****78",
            areaCode: "00852",
            dependencyStore: "Store B",
            myself: false,
          }),
        ]),
    });
    const phone = within(dialog).getByLabelText("Phone");
    fireEvent.change(phone, { target: { value: " 13812345678 " } });
    fireEvent.submit(phone);
    expect(await within(dialog).findByText("会员1")).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/member/search")[0]?.query ?? [])).toEqual({
      areaCode: "0086",
      type: "2",
      phone: "13812345678",
    });
    const table = within(dialog).getByRole("table", { name: "Members found" });
    expect(within(table).getByText("138****5678")).toBeInTheDocument();
    expect(within(table).getByText("+852 91****78")).toBeInTheDocument();
    expect(within(table).getByText("-")).toBeInTheDocument();
    expect(within(table).getByText("Store B")).toBeInTheDocument();
  });

  it("sends name and code with type 1", async () => {
    const { server, dialog } = renderDialog({ "GET /rest/member/search": () => ok([memberRow(1)]) });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "会员" } });
    fireEvent.change(within(dialog).getByLabelText("Member code"), { target: { value: "M001" } });
    fireEvent.submit(within(dialog).getByLabelText("Member code"));
    await waitFor(() => expect(server.callsTo("GET /rest/member/search")).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo("GET /rest/member/search")[0]?.query ?? [])).toEqual({
      areaCode: "0086",
      name: "会员",
      type: "1",
      cardNo: "M001",
      crmCode: "M001",
    });
  });

  it("checks the conditions before calling the server", async () => {
    const { server, dialog } = renderDialog({ "GET /rest/member/search": () => ok([]) });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect(await within(dialog).findByText("please enter valid query conditions")).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText("Phone"), { target: { value: "1381234" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect(await within(dialog).findByText("please enter a correct phone number")).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Area code" }));
    fireEvent.click(await screen.findByRole("option", { name: "+852 Hong Kong" }));
    fireEvent.change(within(dialog).getByLabelText("Phone"), { target: { value: "13812345678" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect(await within(dialog).findByText("please enter a correct phone number")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/member/search")).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Phone"), { target: { value: "91234567" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    await waitFor(() => expect(server.callsTo("GET /rest/member/search")).toHaveLength(1));
    expect(server.callsTo("GET /rest/member/search")[0]?.query.get("areaCode")).toBe("00852");
    expect(server.callsTo("GET /rest/member/search")[0]?.query.get("type")).toBe("1");
  });

  it("offers to create a member file when nothing is found, pre-filled, and selects the new member", async () => {
    const { server, dialog, onSelect, onClose } = renderDialog({
      "GET /rest/member/search": () => ok([]),
      "POST /rest/member/stoSaveMember": () => ({
        status: 201,
        errmsg: "saved",
        data: { ...memberRow(7, { name: "王芳", crmCode: "" }), labels: [], points: 0 },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "王芳" } });
    fireEvent.change(within(dialog).getByLabelText("Phone"), { target: { value: "13912345678" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    const prompt = await screen.findByRole("dialog", { name: "Create a member file" });
    expect(within(prompt).getByText("no member information, create a member file?")).toBeInTheDocument();
    fireEvent.click(within(prompt).getByRole("button", { name: "Yes" }));

    const form = await screen.findByRole("dialog", { name: "New member" });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue("王芳");
    expect(within(form).getByLabelText(/^Phone/)).toHaveValue("13912345678");
    expect(within(form).getByRole("combobox", { name: "Area code" })).toHaveTextContent("0086");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo("POST /rest/member/stoSaveMember")).toHaveLength(1));
    expect(server.callsTo("POST /rest/member/stoSaveMember")[0]?.body).toEqual({
      name: "王芳",
      areaCode: "0086",
      phone: "13912345678",
      smsConsent: false,
    });
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ memId: 7, name: "王芳" })));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message on the phone for a taken phone", async () => {
    const { dialog } = renderDialog({
      "GET /rest/member/search": () => ok([memberRow(1)]),
      "POST /rest/member/stoSaveMember": () => ({
        status: 409,
        errcode: "MEM-40901",
        errmsg: "This phone already has a member file",
      }),
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "New customer into store" }));
    const form = await screen.findByRole("dialog", { name: "New member" });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: "王芳" } });
    fireEvent.change(within(form).getByLabelText(/^Phone/), { target: { value: "13912345678" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("This phone already has a member file")).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Phone/)).toHaveAttribute("aria-invalid", "true");
  });

  it("keeps a pasted over-long name and phone, says so at the field and does not search", () => {
    const { server, dialog } = renderDialog({ "GET /rest/member/search": () => ok([]) });
    const name = within(dialog).getByLabelText("Name");
    const phone = within(dialog).getByLabelText("Phone");
    fireEvent.change(name, { target: { value: "王".repeat(21) } });
    fireEvent.change(phone, { target: { value: "139123456789" } });
    expect(name).toHaveValue("王".repeat(21));
    expect(phone).toHaveValue("139123456789");
    expect(within(dialog).getByText("At most 20 characters (21 typed)")).toBeInTheDocument();
    expect(within(dialog).getByText("At most 11 characters (12 typed)")).toBeInTheDocument();
    expect(phone).toHaveAttribute("aria-invalid", "true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    expect(server.callsTo("GET /rest/member/search")).toHaveLength(0);
  });

  it("refuses a 12-digit phone, a 21-character name and a 201-character remark in the member form", async () => {
    const { server, dialog } = renderDialog({
      "GET /rest/member/search": () => ok([memberRow(1)]),
      "POST /rest/member/stoSaveMember": () => ({ status: 201, errmsg: "saved", data: memberRow(7) }),
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "New customer into store" }));
    const form = await screen.findByRole("dialog", { name: "New member" });
    const name = within(form).getByLabelText(/^Name/);
    const phone = within(form).getByLabelText(/^Phone/);
    const remark = within(form).getByLabelText("Remark");
    fireEvent.change(name, { target: { value: "王".repeat(21) } });
    fireEvent.change(phone, { target: { value: "139123456789" } });
    fireEvent.change(remark, { target: { value: "备".repeat(201) } });
    expect(phone).toHaveValue("139123456789");
    expect(remark).toHaveValue("备".repeat(201));
    expect(within(form).getByText("At most 20 characters (21 typed)")).toBeInTheDocument();
    expect(within(form).getByText("At most 11 characters (12 typed)")).toBeInTheDocument();
    expect(within(form).getByText("At most 200 characters (201 typed)")).toBeInTheDocument();
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    for (const field of [name, phone, remark]) expect(field).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("POST /rest/member/stoSaveMember")).toHaveLength(0);
  });

  it("asks for a selection before confirming", async () => {
    const { dialog, onSelect } = renderDialog({ "GET /rest/member/search": () => ok([memberRow(1)]) });
    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    expect(await within(dialog).findByText("please select a member first")).toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "会员" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    fireEvent.click(await within(dialog).findByText("会员1"));
    expect(within(dialog).getByText("会员1").closest("tr")).toHaveAttribute("aria-selected", "true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ memId: 1 }));
  });

  it("asks to confirm a member of another store, naming them", async () => {
    const { dialog, onSelect } = renderDialog({
      "GET /rest/member/search": () => ok([memberRow(2, { name: "李四", dependencyStore: "Store B", myself: false })]),
    });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "李四" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    fireEvent.click(await within(dialog).findByText("李四"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    const prompt = await screen.findByRole("dialog", { name: "Not a member of this store" });
    expect(
      within(prompt).getByText("selected member is not a member of this store, confirm information: 李四 (Store B)"),
    ).toBeInTheDocument();
    fireEvent.click(within(prompt).getByRole("button", { name: "No" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Not a member of this store" })).not.toBeInTheDocument(),
    );
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Not a member of this store" })).getByRole("button", {
        name: "Yes",
      }),
    );
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ memId: 2, myself: false }));
  });

  it("shows the group-buy verification only for a front-desk-check store", () => {
    const onGroupBuyVerify = vi.fn();
    const { dialog } = renderDialog({}, { frontDeskCheck: true, onGroupBuyVerify });
    fireEvent.click(within(dialog).getByRole("button", { name: "Group-buy verification" }));
    expect(onGroupBuyVerify).toHaveBeenCalledTimes(1);
  });

  it("hides the group-buy verification otherwise", () => {
    const { dialog } = renderDialog({});
    expect(within(dialog).queryByRole("button", { name: "Group-buy verification" })).not.toBeInTheDocument();
  });
});
