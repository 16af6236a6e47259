/** Test helpers of the sign-in pages: fresh providers per test, and a `fetch` stub that answers
 * the contract's envelope by path. */

import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { vi } from "vitest";
import { i18n } from "../../i18n";
import { theme } from "../../islands/theme";

export function renderPage(node: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeProvider theme={theme}>{node}</ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

interface Answer {
  status?: number;
  errcode?: string;
  errmsg?: string;
  data?: unknown;
}

interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Stubs the global fetch: `answers` maps a path (without the query) to its answer. */
export function stubFetch(answers: Record<string, Answer | ((call: FetchCall) => Answer)>) {
  const calls: FetchCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    let body: unknown = init?.body ?? null;
    if (typeof body === "string") body = JSON.parse(body);
    else if (body instanceof URLSearchParams) body = Object.fromEntries(body);
    const call = { url, method: init?.method ?? "GET", headers, body };
    calls.push(call);
    const path = url.split("?")[0] ?? url;
    const found = answers[path];
    const answer =
      typeof found === "function" ? found(call) : (found ?? { status: 404, errcode: "SYS-40400", errmsg: "not found" });
    return new Response(
      JSON.stringify({ errcode: answer.errcode ?? "0", errmsg: answer.errmsg ?? "", data: answer.data ?? null }),
      { status: answer.status ?? 200, headers: { "Content-Type": "application/json" } },
    );
  });
  vi.stubGlobal("fetch", fetchStub);
  return { fetch: fetchStub, calls };
}
