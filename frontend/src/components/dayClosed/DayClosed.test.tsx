import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/client";
import { i18n } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { BTN_DAY_REOPEN, closedDayAction } from "../../lib/dayReopenAsk";
import { fakeServer } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { DetailError } from "../feedback";
import { Notices } from "../Notices";
import { DayReopenAskHost } from "./DayClosed";

const CLOSED = {
  status: 409,
  errcode: "DAY-40901",
  errmsg: "the day is closed; ask the owner to reopen it",
  data: { storeId: 10, date: "2026-11-24" },
};

function signIn(btn: string[] = []) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("a refusal because the day is closed", () => {
  it("offers on its notice to ask the owner, and the page's one form sends the request", async () => {
    signIn();
    const server = fakeServer({
      "POST /rest/order/cancel": () => CLOSED,
      "POST /rest/daily/askReopen": () => ({ status: 201, data: {}, errmsg: "sent to the owner for approval" }),
    });
    render(
      <AppProviders>
        <Notices />
        <DayReopenAskHost />
      </AppProviders>,
    );
    await expect(api.post("/rest/order/cancel", { body: { orderId: 1 } })).rejects.toThrow(CLOSED.errmsg);
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(CLOSED.errmsg);
    fireEvent.click(within(notice).getByRole("button", { name: "Ask the owner to reopen" }));
    const form = await screen.findByRole("dialog", { name: "Ask the owner to reopen 2026-11-24" });
    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: "the customer came back" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send to the owner" }));
    await waitFor(() => expect(server.callsTo("POST /rest/daily/askReopen")).toHaveLength(1));
    const [call] = server.callsTo("POST /rest/daily/askReopen");
    expect(call?.body).toEqual({ date: "2026-11-24", reason: "the customer came back" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends the owner to the closings' history to reopen it", () => {
    signIn([BTN_DAY_REOPEN]);
    expect(closedDayAction(CLOSED.data).label).toBe("Reopen the day");
    signIn();
    expect(closedDayAction(CLOSED.data).label).toBe("Ask the owner to reopen");
  });

  it("shows the way out instead of a retry where a read is refused, and a retry for anything else", async () => {
    signIn();
    fakeServer({
      "GET /rest/somewhere": () => CLOSED,
      "GET /rest/elsewhere": () => ({ status: 409, errcode: "ORD-40901", errmsg: "not now" }),
    });
    const closed = await api.get("/rest/somewhere", { quiet: true }).catch((error: unknown) => error);
    const other = await api.get("/rest/elsewhere", { quiet: true }).catch((error: unknown) => error);
    render(
      <AppProviders>
        <DetailError message="refused" onRetry={() => undefined} error={closed} />
        <DetailError message="not now" onRetry={() => undefined} error={other} />
      </AppProviders>,
    );
    const alert = screen.getByTestId("day-closed");
    expect(alert).toHaveTextContent(CLOSED.errmsg);
    expect(within(alert).getByRole("button", { name: "Ask the owner to reopen" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Try again" })).toHaveLength(1);
  });

  it("speaks Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    try {
      signIn();
      expect(closedDayAction(CLOSED.data).label).toBe("申请老板反日结");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
