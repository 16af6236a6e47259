/**
 * Test helper: a stand-in for the server behind `fetch` (vi.stubGlobal), answering the contract's
 * envelope. Our own modules run for real; only the network is replaced.
 */

import { vi } from "vitest";

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

interface Reply {
  status?: number;
  errcode?: string;
  errmsg?: string;
  data?: unknown;
}

export type Routes = Record<string, (call: Call) => Reply>;

export const ok = (data: unknown, errmsg = ""): Reply => ({ data, errmsg });

export function fakeServer(routes: Routes) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : null;
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = handler ? handler(call) : { status: 404, errcode: "SYS-40400", errmsg: "not found" };
    const envelope = { errcode: reply.errcode ?? "0", errmsg: reply.errmsg ?? "", data: reply.data ?? null };
    return new Response(JSON.stringify(envelope), {
      status: reply.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetch: fetchMock,
    /** The calls made to `METHOD /path`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
