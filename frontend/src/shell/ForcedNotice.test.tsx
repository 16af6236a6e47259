import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../islands/mount";
import { queryClient } from "../islands/queryClient";
import { ForcedNotice, ForcedNoticeDialog } from "./ForcedNotice";
import { fakeServer, ok } from "./testing/fakeServer";

const NOTICE = {
  id: 5,
  msgName: "Holiday opening hours",
  graphicDescription: "<p>Closed on <b>Monday</b></p>",
  showTime: 3,
};

describe("ForcedNoticeDialog", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the close button disabled until the countdown reaches 0", () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <AppProviders>
        <ForcedNoticeDialog notice={NOTICE} onClose={onClose} />
      </AppProviders>,
    );

    expect(screen.getByRole("dialog", { name: "Holiday opening hours" })).toBeInTheDocument();
    expect(screen.getByText("Monday").tagName).toBe("B"); // the server's rich text, as HTML
    expect(screen.getByRole("button", { name: "Close (3 s)" })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Close (2 s)" })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Close (1 s)" })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toBeEnabled();
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("does not close on Esc or a backdrop click, even after the countdown", () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <AppProviders>
        <ForcedNoticeDialog notice={{ ...NOTICE, showTime: 1 }} onClose={onClose} />
      </AppProviders>,
    );
    const dialog = screen.getByRole("dialog");

    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape" });
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape" });
    const backdrop = document.querySelector(".MuiBackdrop-root");
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop as Element);
    fireEvent.click(backdrop as Element);
    act(() => vi.advanceTimersByTime(1000));

    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("is open at once when showTime is 0", () => {
    render(
      <AppProviders>
        <ForcedNoticeDialog notice={{ ...NOTICE, showTime: 0 }} onClose={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByRole("button", { name: "Close" })).toBeEnabled();
  });
});

describe("ForcedNotice", () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("shows the mandatory message and marks it read when closed, so it does not come back", async () => {
    let shown = false;
    const server = fakeServer({
      "GET /rest/messageCenter/getMandatoryShowMsg": () => {
        const answer = shown ? null : { ...NOTICE, showTime: 0 };
        shown = true;
        return ok(answer);
      },
      "POST /rest/messageCenter/batchReadMsg": () => ok({ marked: 1 }, "marked as read"),
      "GET /rest/messageCenter/searchCountMsg": () => ok(0),
    });
    render(
      <AppProviders>
        <ForcedNotice storeId={10} />
      </AppProviders>,
    );

    fireEvent.click(await screen.findByRole("button", { name: "Close" }));

    await waitFor(() => expect(server.callsTo("POST /rest/messageCenter/batchReadMsg")).toHaveLength(1));
    expect(server.callsTo("POST /rest/messageCenter/batchReadMsg")[0]?.body).toEqual({ ids: [5] });
    expect(server.callsTo("GET /rest/messageCenter/getMandatoryShowMsg")[0]?.query.get("departmentId")).toBe("10");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows nothing when there is no mandatory message", async () => {
    const server = fakeServer({ "GET /rest/messageCenter/getMandatoryShowMsg": () => ok(null) });
    render(
      <AppProviders>
        <ForcedNotice storeId={10} />
      </AppProviders>,
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
