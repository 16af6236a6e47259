import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nextProvider } from "react-i18next";
import { tokenFromPath } from "../../api/evaluations";
import { i18n } from "../../i18n";
import en from "../../i18n/locales/en/evaluations.json";
import zh from "../../i18n/locales/zh-hans/evaluations.json";
import { themeFor } from "../../islands/theme";
import { EvaluatePage } from "./EvaluatePage";

const TOKEN = "12:1xaI5y:sig";
const PATH = `/rest/evaluation/public/${encodeURIComponent(TOKEN)}`;
const VISIT = {
  storeName: "青丝养护静安店",
  visitDate: "2026-12-06",
  services: ["头皮深层清洁"],
  nurseName: "王护理",
  rated: false,
  expiresAt: "2026-12-13T10:00:00+08:00",
};

type Answer = { status?: number; errcode?: string; errmsg?: string; data?: unknown };

function answer({ status = 200, errcode = "0", errmsg = "", data = null }: Answer) {
  return new Response(JSON.stringify({ errcode, errmsg, data }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** The page's two calls: GET answers `visit`, POST answers `rated` and records its body. */
function stubServer(visit: Answer, rated: Answer = { status: 201, data: {} }) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe(PATH);
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return answer(rated);
      }
      return answer(visit);
    }),
  );
  return posted;
}

function renderPage(pathname = `/evaluate/${TOKEN}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={themeFor(i18n.language)}>
          <EvaluatePage pathname={pathname} />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("the member's evaluation page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage("en");
  });

  it("has every text in both languages", () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  it("reads the token from its address", () => {
    expect(tokenFromPath(`/evaluate/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath("/evaluate/")).toBe("");
    expect(tokenFromPath("/evaluate/a/b")).toBe("");
  });

  it("shows the visit and sends both scores and the comment once", async () => {
    await i18n.changeLanguage("en");
    const posted = stubServer({ data: VISIT });
    renderPage();
    expect(await screen.findByText("青丝养护静安店")).toBeTruthy();
    expect(screen.getByText("Nurse: 王护理")).toBeTruthy();
    expect(screen.getByText("Services: 头皮深层清洁")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findAllByText("Please choose 1 to 5 stars")).toHaveLength(2);
    expect(posted).toEqual([]);

    fireEvent.click(screen.getAllByLabelText("4 Stars")[0]!);
    fireEvent.click(screen.getAllByLabelText("5 Stars")[1]!);
    fireEvent.change(screen.getByLabelText("Comment"), { target: { value: "很舒服" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Thank you for your evaluation!")).toBeTruthy();
    expect(posted).toEqual([{ serviceScore: 4, nurseScore: 5, comment: "很舒服" }]);
  });

  it("says a visit rated already is rated, with no form", async () => {
    await i18n.changeLanguage("zh-hans");
    stubServer({ data: { ...VISIT, rated: true } });
    renderPage();
    expect(await screen.findByText("此次到店已评价，谢谢。")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "提交评价" })).toBeNull();
  });

  it("answers a second submission from another phone as already rated", async () => {
    await i18n.changeLanguage("en");
    stubServer({ data: VISIT }, { status: 409, errcode: "EVAL-40901", errmsg: "rated" });
    renderPage();
    await screen.findByText("青丝养护静安店");
    fireEvent.click(screen.getAllByLabelText("3 Stars")[0]!);
    fireEvent.click(screen.getAllByLabelText("3 Stars")[1]!);
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("This visit has already been rated, thank you.")).toBeTruthy();
  });

  it("shows the server's words for an expired or forged link", async () => {
    await i18n.changeLanguage("en");
    stubServer({ status: 400, errcode: "EVAL-40001", errmsg: "this evaluation link has expired" });
    renderPage();
    expect(await screen.findByText("this evaluation link has expired")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Submit" })).toBeNull());
  });
});
