import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { themeFor } from "../../islands/theme";
import { OrderEvaluationPanel } from "./OrderEvaluationPanel";

const PANEL = {
  orderId: 7,
  ratable: true,
  evaluation: null,
  nurseId: 3,
  nurseName: "王护理",
  link: "http://shop.example/evaluate/7:1xa:sig",
  qrImage: "data:image/svg+xml;base64,PHN2Zy8+",
  expiresAt: "2026-12-13T10:00:00+08:00",
};
const EVALUATION = {
  evaluationId: 1,
  orderId: 7,
  serviceScore: 4,
  nurseScore: 5,
  comment: "很细心",
  channel: "frontDesk",
  nurseId: 3,
  nurseName: "王护理",
  createdAt: "2026-12-06T15:00:00+08:00",
  recordedByName: "SY00002",
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The panel's calls: the panel (as `panels` answer it in turn) and the record. */
function stubServer(panels: unknown[]) {
  const calls: Call[] = [];
  let read = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({
        url,
        method,
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      const data = method === "POST" ? EVALUATION : panels[Math.min(read++, panels.length - 1)];
      return new Response(JSON.stringify({ errcode: "0", errmsg: method === "POST" ? "saved" : "", data }), {
        status: method === "POST" ? 201 : 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={themeFor("en")}>
          <OrderEvaluationPanel orderId={7} />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("the order's evaluation panel", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the member's link and QR code, and records the rating once with an Idempotency-Key", async () => {
    const calls = stubServer([PANEL, { ...PANEL, ratable: false, link: "", qrImage: "", evaluation: EVALUATION }]);
    renderPanel();
    expect(await screen.findByRole("img", { name: "QR code of the evaluation link" })).toBeTruthy();
    expect(screen.getByRole("link", { name: PANEL.link })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Record evaluation" }));
    const dialog = await screen.findByRole("dialog", { name: "Record the member's evaluation" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findAllByText("Please choose 1 to 5 stars")).toHaveLength(2);
    fireEvent.click(within(dialog).getAllByLabelText("4 Stars")[0]!);
    fireEvent.click(within(dialog).getAllByLabelText("5 Stars")[1]!);
    fireEvent.change(within(dialog).getByLabelText("Comment"), { target: { value: "很细心" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Front desk")).toBeTruthy();
    expect(screen.getByText("很细心")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe("/rest/evaluation/record");
    expect(posts[0]!.body).toEqual({ orderId: 7, serviceScore: 4, nurseScore: 5, comment: "很细心" });
    expect(posts[0]!.headers["Idempotency-Key"]).toBeTruthy();
  });

  it("shows nothing for an order that is not paid and not rated", async () => {
    const calls = stubServer([{ ...PANEL, ratable: false, link: "", qrImage: "" }]);
    const { container } = renderPanel();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(() => expect(container.textContent).toBe(""));
  });
});
