import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { fakeServer, type Routes } from "../../shell/testing/fakeServer";
import { roleEntry } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { StoreAuthorityDialog, type HeldAuthority } from "./StoreAuthorityDialog";

const ASK = "POST /rest/staffList/getStoreAuthority";
const RESULT = "GET /rest/staffList/getStoreAuthorityResult";
const ASKED = {
  spNo: "ERP-41",
  requestId: 41,
  approveUrl: "http://localhost/approvalCenter?id=41",
  qr: "data:image/svg+xml,<svg/>",
};
const NURSE: HeldAuthority = { boss: false, manager: false };

/** Answers of the poll, in turn; the last one repeats. */
function results(...codes: string[]): Routes {
  let index = 0;
  return {
    [ASK]: () => ({ errcode: "200", errmsg: ASKED.spNo, data: ASKED }),
    [RESULT]: () => {
      const code = codes[Math.min(index, codes.length - 1)]!;
      index += 1;
      if (code === "200") return { errcode: "200", errmsg: "authorization passed", data: [roleEntry()] };
      if (code === "505") return { errcode: "505", errmsg: "authorisation not passed, please apply again" };
      return { errcode: "204", errmsg: "waiting for authorisation" };
    },
  };
}

function renderDialog(held: HeldAuthority = NURSE) {
  const onPassed = vi.fn();
  const onClose = vi.fn();
  const onUseCode = vi.fn();
  render(
    <AppProviders>
      <StoreAuthorityDialog
        open
        userId={3}
        storeName="Store A"
        held={held}
        onClose={onClose}
        onPassed={onPassed}
        onUseCode={onUseCode}
      />
    </AppProviders>,
  );
  return { onPassed, onClose, onUseCode };
}

async function fiveSeconds() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5000);
  });
}

describe("StoreAuthorityDialog", () => {
  beforeEach(() => {
    // The clock moves on its own (so the UI's own waits work) and the test jumps it by 5 s.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    dismissAllNotices();
  });

  it("asks, then polls every 5 s counting up while waiting, and refreshes the roles when granted", async () => {
    const server = fakeServer(results("204", "200"));
    const { onPassed, onClose } = renderDialog();

    fireEvent.click(screen.getByRole("radio", { name: "Manager authority" }));
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText("Approval number: ERP-41")).toBeInTheDocument();
    expect(server.callsTo(ASK)[0]?.body).toEqual({ userId: 3, authority: "manager" });
    expect(noticeTexts()).toContain("request submitted, waiting for authorisation");
    expect(screen.getByRole("img", { name: "QR authorization" })).toHaveAttribute("src", ASKED.qr);
    expect(server.callsTo(RESULT)).toHaveLength(0);

    // The clock also moves on its own (shouldAdvanceTime): on a loaded machine a second may pass
    // between two steps, so "not yet" is asked a second before the 5 s, not a tenth.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(server.callsTo(RESULT)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(server.callsTo(RESULT).map((call) => call.query.get("n"))).toEqual(["1"]);
    expect(server.callsTo(RESULT)[0]?.query.get("spNo")).toBe("ERP-41");
    expect(screen.getByText("Waiting for the boss… (checked 1 times)")).toBeInTheDocument();
    expect(onPassed).not.toHaveBeenCalled();

    await fiveSeconds();
    expect(server.callsTo(RESULT).map((call) => call.query.get("n"))).toEqual(["1", "2"]);
    expect(onPassed).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(noticeTexts()).toContain("authorization passed");

    await fiveSeconds();
    expect(server.callsTo(RESULT)).toHaveLength(2); // granted: the poll stopped
  });

  it("stops on 505 and lets the person apply again", async () => {
    const server = fakeServer(results("505"));
    const { onPassed } = renderDialog();

    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("Approval number: ERP-41");
    await fiveSeconds();

    expect(await screen.findByText("authorisation not passed, please apply again")).toBeInTheDocument();
    expect(server.callsTo(ASK)[0]?.body).toEqual({ userId: 3, authority: "boss" });
    await fiveSeconds();
    expect(server.callsTo(RESULT)).toHaveLength(1);
    expect(onPassed).not.toHaveBeenCalled();
    // No alert for the spec's codes: the dialog says it.
    expect(noticeTexts()).not.toContain("authorisation not passed, please apply again");

    fireEvent.click(screen.getByRole("button", { name: "Apply again" }));
    await screen.findByText("Approval number: ERP-41");
    expect(server.callsTo(ASK)).toHaveLength(2);
  });

  it("stops polling when closed", async () => {
    const server = fakeServer(results("204"));
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <StoreAuthorityDialog
          open={open}
          userId={3}
          storeName="Store A"
          held={NURSE}
          onClose={() => setOpen(false)}
          onPassed={() => undefined}
          onUseCode={() => undefined}
        />
      );
    }
    render(
      <AppProviders>
        <Harness />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("Approval number: ERP-41");

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await fiveSeconds();
    await fiveSeconds();

    expect(server.callsTo(RESULT)).toHaveLength(0);
  });

  it("offers only what is not held, and the authorization code", async () => {
    fakeServer(results("204"));
    const { onUseCode } = renderDialog({ boss: false, manager: true });
    const group = screen.getByRole("radiogroup");
    expect(within(group).getByRole("radio", { name: "Manager authority" })).toBeDisabled();
    expect(within(group).getByRole("radio", { name: "Boss authority" })).toBeChecked();
    fireEvent.click(screen.getByRole("button", { name: "Use an authorization code" }));
    expect(onUseCode).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and asks nothing more", async () => {
    const server = fakeServer({
      [ASK]: () => ({ status: 409, errcode: "STAUTH-40901", errmsg: "you already hold this authority at the store" }),
    });
    renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));

    await vi.waitFor(() => expect(noticeTexts()).toContain("you already hold this authority at the store"));
    expect(screen.getByRole("button", { name: "Apply" })).toBeEnabled();
    await fiveSeconds();
    expect(server.callsTo(RESULT)).toHaveLength(0);
  });
});
