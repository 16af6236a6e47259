import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { i18n } from "../../i18n";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { DownloadCenterPage } from "./DownloadCenterPage";

const LIST = "GET /rest/downloadCenter/list";

function job(jobId: number, overrides: Record<string, unknown> = {}) {
  return {
    jobId,
    report: "StaffPerformance",
    title: "Staff store performance",
    route: "/staffPerformance",
    status: "done",
    progress: 100,
    rows: 1200,
    createdAt: "2026-03-30T14:30:00+08:00",
    finishedAt: "2026-03-30T14:31:00+08:00",
    expiresAt: "2026-04-02T14:31:00+08:00",
    errorMessage: "",
    ...overrides,
  };
}

const renderPage = () =>
  render(
    <AppProviders>
      <DownloadCenterPage />
    </AppProviders>,
  );

beforeEach(async () => {
  await i18n.changeLanguage("en");
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
  window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a1", refresh: "r1", accountVersion: "v1" }));
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("DownloadCenterPage", () => {
  it("lists the jobs with their status, rows, deletion time and a download for a ready file", async () => {
    fakeServer({
      [LIST]: () =>
        ok({ list: [job(2), job(1, { status: "failed", errorMessage: "the report's query failed" })], total: 2 }),
    });
    renderPage();
    expect(await screen.findByTestId("job-status-2")).toHaveTextContent("Ready");
    expect(screen.getByTestId("job-2")).toHaveTextContent("1200");
    expect(screen.getByTestId("job-2")).toHaveTextContent("2026-04-02 14:31");
    expect(within(screen.getByTestId("job-2")).getByRole("link", { name: "Staff store performance" })).toHaveAttribute(
      "href",
      "/staffPerformance",
    );
    expect(screen.getByTestId("job-download-2")).toBeInTheDocument();
    expect(screen.getByTestId("job-status-1")).toHaveTextContent("Failed");
    expect(screen.getByTestId("job-1")).toHaveTextContent("the report's query failed");
    expect(screen.queryByTestId("job-download-1")).not.toBeInTheDocument();
  });

  it("shows a running job's progress and asks again until it is done", async () => {
    let calls = 0;
    fakeServer({
      [LIST]: () => {
        calls += 1;
        return ok({ list: [calls === 1 ? job(3, { status: "running", progress: 40 }) : job(3)], total: 1 });
      },
    });
    renderPage();
    expect(await screen.findByTestId("job-progress-3")).toHaveAttribute("aria-valuenow", "40");
    await waitFor(() => expect(screen.getByTestId("job-status-3")).toHaveTextContent("Ready"));
    expect(screen.queryByTestId("job-progress-3")).not.toBeInTheDocument();
  });

  it("downloads a ready file from the server", async () => {
    const server = fakeServer({ [LIST]: () => ok({ list: [job(4)], total: 1 }) });
    const file = new Response(new Blob(["xlsx"]), {
      status: 200,
      headers: {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": 'attachment; filename="StaffPerformance.xlsx"',
      },
    });
    const listed = server.fetch.getMockImplementation();
    server.fetch.mockImplementation(async (input, init) =>
      String(input).includes("/downloadCenter/file/4") ? file : (listed?.(input, init) as Promise<Response>),
    );
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:x");
    const revoked = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    // The test DOM would follow the link to blob:x, and the test files after this one in the worker
    // (vite.config.ts, isolate: false) would run on that address: no cookies, no history of their own.
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderPage();
    fireEvent.click(await screen.findByTestId("job-download-4"));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    click.mockRestore();
    created.mockRestore();
    revoked.mockRestore();
  });

  it("says when there is nothing yet", async () => {
    fakeServer({ [LIST]: () => ok({ list: [], total: 0 }) });
    renderPage();
    expect(await screen.findByText("No exports yet")).toBeInTheDocument();
  });
});
