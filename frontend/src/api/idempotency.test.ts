import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, ok } from "../shell/testing/fakeServer";
import { api, newIdempotencyKey } from "./client";

afterEach(() => vi.unstubAllGlobals());

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

describe("idempotency key", () => {
  it("is sent as Idempotency-Key when given, and only then", async () => {
    const server = fakeServer({ "POST /rest/x": () => ok({}) });
    await api.post("/rest/x", { body: {}, idempotencyKey: "key-1" });
    await api.post("/rest/x", { body: {} });
    expect(headersOf(server.fetch.mock.calls[0]?.[1])["Idempotency-Key"]).toBe("key-1");
    expect(headersOf(server.fetch.mock.calls[1]?.[1])["Idempotency-Key"]).toBeUndefined();
  });

  it("is new each time", () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
