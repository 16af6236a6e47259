import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentSession } from "../api/session";
import { AppProviders } from "../islands/mount";
import { queryClient } from "../islands/queryClient";
import { ownerEntry, sessionInfo } from "../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../test/notices";
import { RoleSwitchDialog } from "./RoleSwitchDialog";
import { fakeServer, ok, type Routes } from "./testing/fakeServer";

const CURRENT = ownerEntry({ checked: true });
const OTHER = ownerEntry({
  hierId: 11,
  hier: "Store B",
  role: "Principal",
  roleId: 2,
  roleKind: "principal",
  userRoleId: 200,
});

const SESSION = sessionInfo();

const LOGIN_INFO = {
  userId: 7,
  userName: "Owner",
  loginName: "SY00001",
  phone: "13900000001",
  storeName: "Store A",
  roles: [CURRENT, OTHER],
  canLoginBoss: true,
  canLoginManager: false,
};

const CHOICES = Array.from({ length: 12 }, (_, index) => ({
  name: `Page ${index + 1}`,
  router: `/page${index + 1}`,
  checked: index < 2,
}));

const SWITCHED = {
  ...SESSION,
  storeId: 11,
  storeName: "Store B",
  roleId: 2,
  roleName: "Principal",
  userRoleId: 200,
  isOwner: false,
  header_text: "Store B|Principal",
  landing: "/orderBoard",
  access: "new-access",
  refresh: "new-refresh",
  token: "new-access",
};

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/acct/loginInfo": () => ok(LOGIN_INFO),
    "GET /rest/hier/findStoreQuickBase": () => ok(CHOICES),
    "POST /rest/hier/addStoreQuicks": (call) => ok({ routers: (call.body as { routers: string[] }).routers }, "saved"),
    "POST /rest/acct/erpToken": () => ok({ success: true, result: SWITCHED }),
    ...overrides,
  };
}

function renderDialog() {
  const onSwitched = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <RoleSwitchDialog open session={SESSION} onClose={onClose} onSwitched={onSwitched} />
    </AppProviders>,
  );
  return { onSwitched, onClose };
}

async function switchToOther() {
  fireEvent.click(await screen.findByRole("radio", { name: /Store B \| Principal/ }));
  fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
  const prompt = await screen.findByRole("dialog", { name: "Switch role", description: /Store B \| Principal/ });
  fireEvent.click(within(prompt).getByRole("button", { name: "Yes" }));
}

describe("RoleSwitchDialog", () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    dismissAllNotices();
  });

  it("lists the roles with exactly one checked, and the first 10 shortcuts five a row", async () => {
    const server = fakeServer(routes());
    renderDialog();

    // The rows (RoleList also renders a decorative Radio input inside each row).
    const radios = (await screen.findAllByRole("radio")).filter((radio) => radio.hasAttribute("aria-checked"));
    expect(radios).toHaveLength(2);
    expect(radios.filter((radio) => radio.getAttribute("aria-checked") === "true")).toHaveLength(1);
    expect(screen.getByRole("radio", { name: /Store A \| Owner/ })).toHaveAttribute("aria-checked", "true");

    const group = await screen.findByRole("group", { name: "Quick shortcuts" });
    const boxes = within(group).getAllByRole("checkbox");
    expect(boxes).toHaveLength(10);
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(2);
    expect(group).toHaveStyle({ gridTemplateColumns: "repeat(5, minmax(0, 1fr))" });
    expect(server.callsTo("GET /rest/hier/findStoreQuickBase")[0]?.query.get("store")).toBe("10");
  });

  it("shows another role's saved shortcuts read-only, without asking its store's choices", async () => {
    const server = fakeServer(
      routes({
        "GET /rest/acct/loginInfo": () =>
          ok({
            ...LOGIN_INFO,
            roles: [CURRENT, { ...OTHER, quicks: [{ name: "Reservation board", rsrc: "/orderBoard" }] }],
          }),
      }),
    );
    renderDialog();
    await screen.findByRole("group", { name: "Quick shortcuts" });

    fireEvent.click(screen.getByRole("radio", { name: /Store B \| Principal/ }));

    expect(await screen.findByText(/switch to this role to change its shortcuts/)).toBeInTheDocument();
    expect(screen.getByText("Reservation board")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save shortcuts" })).not.toBeInTheDocument();
    expect(server.callsTo("GET /rest/hier/findStoreQuickBase").map((call) => call.query.get("store"))).toEqual(["10"]);
  });

  it("saves the chosen shortcuts for the current role", async () => {
    const server = fakeServer(routes());
    renderDialog();

    fireEvent.click(await screen.findByRole("checkbox", { name: "Page 5" }));
    fireEvent.click(screen.getByRole("button", { name: "Save shortcuts" }));

    await waitFor(() => expect(server.callsTo("POST /rest/hier/addStoreQuicks")).toHaveLength(1));
    expect(server.callsTo("POST /rest/hier/addStoreQuicks")[0]?.body).toEqual({
      roleId: 1,
      routers: ["/page1", "/page2", "/page5"],
      storeId: 10,
      userId: 7,
    });
  });

  it("confirms the switch, fetches an ERP token, keeps the new session and re-logs in", async () => {
    const server = fakeServer(routes());
    const { onSwitched } = renderDialog();

    await switchToOther();

    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith("/orderBoard"));
    expect(server.callsTo("POST /rest/acct/erpToken")[0]?.body).toEqual({
      phone: "13900000001",
      roleId: 2,
      storeId: 11,
      userId: 7,
    });
    expect(currentSession()?.header_text).toBe("Store B|Principal");
    expect(JSON.parse(window.localStorage.getItem("erp.tokens") ?? "{}")).toMatchObject({ access: "new-access" });
  });

  it("closes without a prompt when the checked role is the current one", async () => {
    const server = fakeServer(routes());
    const { onClose } = renderDialog();
    await screen.findAllByRole("radio");
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onClose).toHaveBeenCalled();
    expect(server.callsTo("POST /rest/acct/erpToken")).toHaveLength(0);
  });

  it("refuses an incomplete switch without calling the server", async () => {
    const server = fakeServer(routes({ "GET /rest/acct/loginInfo": () => ok({ ...LOGIN_INFO, phone: "" }) }));
    const { onSwitched } = renderDialog();

    await switchToOther();

    await waitFor(() => expect(noticeTexts()).toContain("role information incomplete, cannot switch"));
    expect(server.callsTo("POST /rest/acct/erpToken")).toHaveLength(0);
    expect(onSwitched).not.toHaveBeenCalled();
  });

  it("asks to retry when the switch fails", async () => {
    fakeServer(
      routes({ "POST /rest/acct/erpToken": () => ({ status: 403, errcode: "AUTH-40300", errmsg: "no permission" }) }),
    );
    const { onSwitched } = renderDialog();

    await switchToOther();

    await waitFor(() => expect(noticeTexts()).toContain("please retry, contact support if it repeats"));
    expect(onSwitched).not.toHaveBeenCalled();
    expect(currentSession()).toBeNull();
  });

  it("applies for permission with a masked code of at most 20 characters, showing the server's answer", async () => {
    const server = fakeServer(routes());
    renderDialog();

    fireEvent.click(await screen.findByRole("button", { name: "Apply permission" }));
    fireEvent.click(await screen.findByRole("button", { name: "Use an authorization code" }));
    const dialog = await screen.findByRole("dialog", { name: "Shop-owner authorization" });
    const field = within(dialog).getByLabelText("Authorization code");
    expect(field).toHaveAttribute("type", "password");
    // A pasted 25-character code is kept and refused at the field, not cut to 20 and sent.
    expect(field).not.toHaveAttribute("maxLength");
    fireEvent.change(field, { target: { value: "A".repeat(25) } });
    expect(field).toHaveValue("A".repeat(25));
    fireEvent.click(within(dialog).getByRole("button", { name: "Authorize" }));
    expect(within(dialog).getByText("At most 20 characters (25 typed)")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("POST /rest/acct/checkStoreMaster")).toHaveLength(0);
    fireEvent.change(field, { target: { value: "A".repeat(20) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Authorize" }));

    // The call is not on the server yet: its answer shows under the field, never a fake success.
    expect(await within(dialog).findByText("not found")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/acct/checkStoreMaster")[0]?.body).toEqual({
      storeId: 10,
      authorizationCode: "A".repeat(20),
    });
    expect(noticeTexts()).not.toContain("authorization passed");
  });

  it("refreshes the role list when the authorization passes", async () => {
    const server = fakeServer(routes({ "POST /rest/acct/checkStoreMaster": () => ok(null, "passed") }));
    renderDialog();

    fireEvent.click(await screen.findByRole("button", { name: "Apply permission" }));
    fireEvent.click(await screen.findByRole("button", { name: "Use an authorization code" }));
    const dialog = await screen.findByRole("dialog", { name: "Shop-owner authorization" });
    fireEvent.change(within(dialog).getByLabelText("Authorization code"), { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Authorize" }));

    await waitFor(() => expect(noticeTexts()).toContain("authorization passed"));
    await waitFor(() => expect(server.callsTo("GET /rest/acct/loginInfo")).toHaveLength(2));
  });

  it("lets a nurse ask for the manager authority and refreshes the role list once it is granted", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const nurse = ownerEntry({ role: "Nurse", roleId: 6, roleKind: "store_employee", checked: true });
      let polls = 0;
      const server = fakeServer(
        routes({
          "GET /rest/acct/loginInfo": () =>
            ok({ ...LOGIN_INFO, roles: [nurse], canLoginBoss: false, canLoginManager: false }),
          "POST /rest/staffList/getStoreAuthority": () => ({
            errcode: "200",
            errmsg: "ERP-5",
            data: { spNo: "ERP-5", requestId: 5, approveUrl: "http://localhost/approvalCenter?id=5", qr: "data:," },
          }),
          "GET /rest/staffList/getStoreAuthorityResult": () => {
            polls += 1;
            return polls === 1 ? { errcode: "204", errmsg: "waiting" } : { errcode: "200", errmsg: "ok", data: [] };
          },
        }),
      );
      renderDialog();

      fireEvent.click(await screen.findByRole("button", { name: "Apply permission" }));
      const dialog = await screen.findByRole("dialog", { name: "Apply permission" });
      fireEvent.click(within(dialog).getByRole("radio", { name: "Manager authority" }));
      fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
      await within(dialog).findByText("Approval number: ERP-5");
      // Two polls, 5 s apart: 204, then 200.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });

      await waitFor(() => expect(noticeTexts()).toContain("authorization passed"));
      expect(server.callsTo("GET /rest/staffList/getStoreAuthorityResult")).toHaveLength(2);
      await waitFor(() => expect(server.callsTo("GET /rest/acct/loginInfo")).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
