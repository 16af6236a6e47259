import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentSession } from "../../api/session";
import { roleEntry, sessionInfo as session } from "../../test/fixtures";
import { RoleStep } from "./RoleStep";
import { renderPage, stubFetch } from "./testing";

const ENTRIES = [
  roleEntry({ userRoleId: 10, hierId: 1, hier: "Store A" }),
  roleEntry({ userRoleId: -1, hierId: 7, hier: "Store B", role: "Nurse", roleId: 9, checked: true }),
];
const USER = { loginName: "SY00002", userName: "Li Hua", roles: ENTRIES };

const sessionInfo = session({
  loginName: "SY00002",
  nickname: "Li Hua",
  userId: 2,
  storeId: 7,
  storeName: "Store B",
  roleId: 9,
  roleName: "Nurse",
  userRoleId: -1,
  isOwner: false,
  header_text: "Store B|Nurse",
  menu: ["ERP-YUKB-PAG-0001-0000"],
  landing: "/orderBoard",
  access: "new-access",
  refresh: "new-refresh",
  accountVersion: "v2",
});

function stubSignInCalls() {
  return stubFetch({
    "/rest/acct/selectHierRole/-1": { data: sessionInfo },
    "/rest/acct/selectHierRole/10": { data: { ...sessionInfo, userRoleId: 10, storeId: 1, landing: "/orderBoard" } },
    "/rest/acct/loginRecord": { status: 201, data: { id: 1 } },
    "/rest/auth/logout": { errmsg: "signed out" },
  });
}

describe("RoleStep", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a", refresh: "r", accountVersion: "v1" }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it("checks exactly one row, starting from the one the server checked", () => {
    stubSignInCalls();
    renderPage(<RoleStep user={USER} next={null} navigate={vi.fn()} />);
    const checked = () => screen.getAllByRole("radio").filter((row) => row.getAttribute("aria-checked") === "true");
    expect(checked()).toHaveLength(1);
    expect(checked()[0]).toHaveTextContent("Store B | Nurse");
    fireEvent.click(screen.getByText("Store A | Principal"));
    expect(checked()).toHaveLength(1);
    expect(checked()[0]).toHaveTextContent("Store A | Principal");
  });

  it("confirms the checked entry with its store, records the sign-in and goes to the landing page", async () => {
    const { calls } = stubSignInCalls();
    const navigate = vi.fn();
    renderPage(<RoleStep user={USER} next={null} navigate={navigate} />);

    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/orderBoard"));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST /rest/acct/selectHierRole/-1",
      "POST /rest/acct/loginRecord",
    ]);
    expect(calls[0]?.body).toEqual({ storeId: 7 });
    expect(calls[0]?.headers.Authorization).toBe("Bearer a");
    expect(calls[1]?.body).toEqual({
      loginData: {
        loginName: "SY00002",
        userName: "Li Hua",
        roleName: "Nurse",
        storeName: "Store B",
        ipAddress: "",
        ipAscriptionAddress: "",
      },
    });
    expect(calls[1]?.headers.Authorization).toBe("Bearer new-access");
    expect(currentSession()?.header_text).toBe("Store B|Nurse");
  });

  it("confirms the row the person checked and follows a same-site next", async () => {
    const { calls } = stubSignInCalls();
    const navigate = vi.fn();
    renderPage(<RoleStep user={USER} next="/MemberList?page=2" navigate={navigate} />);

    fireEvent.click(screen.getByText("Store A | Principal"));
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/MemberList?page=2"));
    expect(calls[0]?.url).toBe("/rest/acct/selectHierRole/10");
    expect(calls[0]?.body).toEqual({ storeId: 1 });
  });

  it("ignores a next on another site", async () => {
    stubSignInCalls();
    const navigate = vi.fn();
    renderPage(<RoleStep user={USER} next="https://evil.example.com/" navigate={navigate} />);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/orderBoard"));
  });

  it("still goes on when recording the sign-in fails", async () => {
    stubFetch({
      "/rest/acct/selectHierRole/-1": { data: sessionInfo },
      "/rest/acct/loginRecord": { status: 500, errcode: "SYS-50000", errmsg: "boom" },
    });
    const navigate = vi.fn();
    renderPage(<RoleStep user={USER} next={null} navigate={navigate} />);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/orderBoard"));
  });

  it("shows the server's message when the choice is refused", async () => {
    stubFetch({
      "/rest/acct/selectHierRole/-1": { status: 403, errcode: "AUTH-40300", errmsg: "no permission" },
    });
    const navigate = vi.fn();
    renderPage(<RoleStep user={USER} next={null} navigate={navigate} />);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(/no permission/)).toHaveTextContent("please retry, contact support if it repeats");
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Confirm" })).toBeEnabled();
  });

  it("without roles shows the empty text and signs out to /relogin", async () => {
    const { calls } = stubSignInCalls();
    const navigate = vi.fn();
    renderPage(<RoleStep user={{ ...USER, roles: [] }} next={null} navigate={navigate} />);

    expect(screen.getByText("This account has no role yet. Ask head office to grant one.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/relogin"));
    expect(calls.map((call) => call.url)).toEqual(["/rest/auth/logout"]);
    expect(window.localStorage.getItem("erp.tokens")).toBeNull();
  });
});
