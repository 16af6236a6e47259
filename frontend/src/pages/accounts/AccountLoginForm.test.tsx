import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AccountLoginForm } from "./AccountLoginForm";
import { renderPage, stubFetch } from "./testing";

function fill(account: string, password: string) {
  fireEvent.change(screen.getByLabelText("Account"), { target: { value: account } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("AccountLoginForm", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the rule messages under the fields without calling the server", () => {
    const { fetch } = stubFetch({});
    renderPage(<AccountLoginForm onSignedIn={vi.fn()} />);

    fill("", "");
    expect(screen.getByText("please enter account name")).toBeInTheDocument();
    expect(screen.getByText("please enter password")).toBeInTheDocument();

    fill("SYYG0001", "p".repeat(33));
    expect(screen.getByText("managers please log in with phone number")).toBeInTheDocument();
    expect(screen.getByText("password cannot exceed 32 characters")).toBeInTheDocument();

    fill("a".repeat(16), "secret");
    expect(screen.getByText("account name cannot exceed 15 characters")).toBeInTheDocument();
    expect(screen.queryByText("password cannot exceed 32 characters")).toBeNull();

    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends ERP:<padded account> and hands the login user info on", async () => {
    const info = { loginName: "SY00002", nickname: "Li", roles: [], access: "a", refresh: "r", accountVersion: "v" };
    const { calls } = stubFetch({ "/rest/auth/login": { data: info, errmsg: "signed in" } });
    const onSignedIn = vi.fn();
    renderPage(<AccountLoginForm onSignedIn={onSignedIn} />);

    fill(" 2 ", "Demo@12345");

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(info));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe("POST");
    expect(calls[0]?.headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(calls[0]?.body).toEqual({ username: "ERP:SY00002", password: "Demo@12345", refresh: "true" });
  });

  it("shows the server's field errors under the fields", async () => {
    stubFetch({
      "/rest/auth/login": {
        status: 400,
        errcode: "VALID-40000",
        errmsg: "server says account",
        data: { fields: { username: ["server says account"], password: ["server says password"] } },
      },
    });
    renderPage(<AccountLoginForm onSignedIn={vi.fn()} />);
    fill("SY00002", "x");
    expect(await screen.findByText("server says account")).toBeInTheDocument();
    expect(screen.getByText("server says password")).toBeInTheDocument();
  });

  it("offers re-login or try again on a wrong account or password", async () => {
    stubFetch({
      "/rest/auth/login": { status: 401, errcode: "LOGIN-40101", errmsg: "wrong account or password" },
    });
    const onSignedIn = vi.fn();
    renderPage(<AccountLoginForm onSignedIn={onSignedIn} />);
    fill("SY00002", "nope");
    const alert = await screen.findByText("wrong account or password");
    expect(alert.closest("[role=alert]")).toHaveTextContent("re-login or try again");
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's message on too many attempts", async () => {
    stubFetch({
      "/rest/auth/login": { status: 429, errcode: "LOGIN-42901", errmsg: "too many failed sign-ins, try later" },
    });
    renderPage(<AccountLoginForm onSignedIn={vi.fn()} />);
    fill("SY00002", "nope");
    const alert = await screen.findByText("too many failed sign-ins, try later");
    expect(alert.closest("[role=alert]")).not.toHaveTextContent("re-login or try again");
  });
});
