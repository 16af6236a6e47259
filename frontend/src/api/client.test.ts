import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, ok } from "../shell/testing/fakeServer";
import { api } from "./client";

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("sends the Idempotency-Key a command names, and none otherwise", async () => {
    const server = fakeServer({ "POST /rest/x": () => ok({}) });
    await api.post("/rest/x", { body: {}, idempotencyKey: "k-1", quiet: true });
    await api.post("/rest/x", { body: {}, quiet: true });
    const [first, second] = server.callsTo("POST /rest/x");
    expect(first?.headers.get("Idempotency-Key")).toBe("k-1");
    expect(second?.headers.has("Idempotency-Key")).toBe(false);
  });
});
