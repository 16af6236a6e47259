import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../islands/mount";
import { subscribe, type Notice } from "../lib/notices";
import { fakeServer, ok } from "../shell/testing/fakeServer";
import { dismissAllNotices, noticeTexts } from "../test/notices";
import { CappedExportButton } from "./CappedExportButton";

const QUEUED = "The export has 100,000 rows or more: the file is being prepared in the download centre";

function notices(): Notice[] {
  let current: Notice[] = [];
  subscribe((items) => {
    current = items;
  })();
  return current;
}

function renderButton(count: number | null) {
  render(
    <AppProviders>
      <CappedExportButton url="/rest/sysLog/export?dateFrom=2026-01-01" fileName="log.xlsx" count={count} ns="sysLog" />
    </AppProviders>,
  );
}

describe("CappedExportButton", () => {
  afterEach(() => {
    dismissAllNotices();
    vi.unstubAllGlobals();
  });

  it("asks the server even at 100,000 rows, and links to the download centre when it answers 202", async () => {
    const server = fakeServer({ "GET /rest/sysLog/export": () => ({ status: 202, ...ok({ jobId: 7 }, QUEUED) }) });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderButton(100_000);
    const button = screen.getByRole("button", { name: "Export" });
    expect(button).toHaveAttribute("title", "100,000 rows or more: the file will be prepared in the download centre");
    fireEvent.click(button);
    await waitFor(() => expect(noticeTexts()).toContain(QUEUED));
    expect(server.callsTo("GET /rest/sysLog/export")).toHaveLength(1);
    const notice = notices().find((item) => item.message === QUEUED);
    expect(notice?.severity).toBe("info");
    expect(notice?.action?.label).toBe("Open the download centre");
    notice?.action?.onClick();
    expect(assign).toHaveBeenCalledWith("/downloadCenter");
  });

  it("says nothing beforehand under the cap and shows a refusal as an error", async () => {
    fakeServer({
      "GET /rest/sysLog/export": () => ({ status: 400, errcode: "VALID-40000", errmsg: "server says no" }),
    });
    renderButton(3);
    const button = screen.getByRole("button", { name: "Export" });
    expect(button).not.toHaveAttribute("title");
    fireEvent.click(button);
    await waitFor(() => expect(noticeTexts()).toContain("server says no"));
    expect(notices().find((item) => item.message === "server says no")?.severity).toBe("error");
  });
});
