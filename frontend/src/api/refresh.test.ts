import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./client";
import { claimsOf, refreshTokens } from "./refresh";
import { currentTokens, saveTokens } from "./session";
import { ACTIVITY_KEY, refreshDueAt, startSessionKeeper } from "./sessionKeeper";

/** An unsigned JWT-shaped token: the client only reads exp and iat, the server checks signatures. */
function token(name: string, exp: number, iat = exp - 30 * 60): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "HS256" })}.${part({ exp, iat, jti: name })}.sig`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Call {
  url: string;
  auth: string | null;
  body: string | null;
}

/** A server whose access tokens `valid` accepts; the refresh call hands out `next` once per refresh
 * token (rotation: a spent one is refused). */
function server({ valid, next }: { valid: Set<string>; next: () => { access: string; refresh: string } }) {
  const calls: Call[] = [];
  const spent = new Set<string>();
  let release: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => (release = resolve));
  const envelope = (status: number, errcode: string, data: unknown) =>
    new Response(JSON.stringify({ errcode, errmsg: "", data }), { status });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = typeof init.body === "string" ? init.body : null;
      calls.push({ url, auth: headers.Authorization ?? null, body });
      if (url === "/rest/auth/refresh") {
        await refreshGate;
        const { refresh } = JSON.parse(body ?? "{}") as { refresh: string };
        if (spent.has(refresh)) return envelope(401, "SECURES-LOGIN-ON-401", null);
        spent.add(refresh);
        const pair = next();
        valid.add(pair.access);
        return envelope(200, "0", { ...pair, accountVersion: "v1" });
      }
      const access = headers.Authorization?.replace("Bearer ", "") ?? "";
      if (!valid.has(access)) return envelope(401, "SECURES-LOGIN-ON-401", null);
      return envelope(200, "0", { url, access });
    }),
  );
  return { calls, release, refreshes: () => calls.filter((call) => call.url === "/rest/auth/refresh") };
}

describe("refreshing the sign-in", () => {
  const assign = vi.fn();

  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/memberList", search: "" });
    assign.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("reads the expiry and issue time of an access token", () => {
    expect(claimsOf(token("a", 2000, 200))).toEqual({ exp: 2000, iat: 200 });
    expect(claimsOf("not-a-token")).toBeNull();
  });

  it("refreshes a fifth of the token's life before it ends, at most a minute before", () => {
    expect(refreshDueAt(2000, 200)).toBe((2000 - 60) * 1000);
    expect(refreshDueAt(110, 100)).toBe(108 * 1000);
  });

  it("retries requests refused for an expired token after one shared refresh", async () => {
    const expired = token("expired", nowSeconds() - 1);
    saveTokens({ access: expired, refresh: "r1", accountVersion: "v1" });
    const fresh = token("fresh", nowSeconds() + 1800);
    const { calls, release, refreshes } = server({ valid: new Set(), next: () => ({ access: fresh, refresh: "r2" }) });

    const answers = Promise.all([api.get("/rest/a"), api.get("/rest/b"), api.post("/rest/c", { body: { x: 1 } })]);
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1));
    release();
    const [a, b, c] = await answers;

    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0]?.body).toBe(JSON.stringify({ refresh: "r1" }));
    for (const answer of [a, b, c]) expect(answer).toMatchObject({ access: fresh });
    // Each request went twice: refused with the old token, then answered with the new one.
    const retried = calls.filter((call) => call.url !== "/rest/auth/refresh");
    expect(retried.map((call) => call.auth)).toEqual([
      `Bearer ${expired}`,
      `Bearer ${expired}`,
      `Bearer ${expired}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect(retried[5]?.body).toBe(JSON.stringify({ x: 1 }));
    expect(currentTokens()).toEqual({ access: fresh, refresh: "r2", accountVersion: "v1" });
    expect(assign).not.toHaveBeenCalled();
  });

  it("keeps the pair a sign-in stored while a refresh of the old one was under way", async () => {
    const ending = token("ending", nowSeconds() - 1);
    saveTokens({ access: ending, refresh: "r1", accountVersion: "v1" });
    const { refreshes, release } = server({
      valid: new Set(),
      next: () => ({ access: token("from-old", nowSeconds() + 1800), refresh: "r2" }),
    });

    const refreshing = refreshTokens(null);
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1));
    const chosen = { access: token("role-chosen", nowSeconds() + 1800), refresh: "r5", accountVersion: "v1" };
    saveTokens(chosen); // the role step's answer, stored before the refresh answers
    release();

    expect(await refreshing).toEqual(chosen);
    expect(currentTokens()).toEqual(chosen);
  });

  it("uses tokens another tab refreshed instead of spending the old refresh token again", async () => {
    const expired = token("expired", nowSeconds() - 1);
    const other = token("other-tab", nowSeconds() + 1800);
    saveTokens({ access: other, refresh: "r9", accountVersion: "v1" });
    const { refreshes, release } = server({ valid: new Set([other]), next: () => ({ access: "x", refresh: "y" }) });
    release();
    await expect(refreshTokens(expired)).resolves.toMatchObject({ access: other });
    expect(refreshes()).toHaveLength(0);
  });

  it("without Web Locks, takes the pair another tab won with the same refresh token a moment ago", async () => {
    const expired = token("expired", nowSeconds() - 1);
    saveTokens({ access: expired, refresh: "r1", accountVersion: "v1" });
    const won = token("won", nowSeconds() + 1800);
    const { release } = server({ valid: new Set(), next: () => ({ access: "x", refresh: "y" }) });
    release();
    await refreshTokens(null); // the other tab's request spends r1 first...
    saveTokens({ access: expired, refresh: "r1", accountVersion: "v1" });
    const answer = refreshTokens(expired); // ...this tab's is refused...
    setTimeout(() => saveTokens({ access: won, refresh: "r2", accountVersion: "v1" }), 100); // ...as the pair lands
    await expect(answer).resolves.toMatchObject({ access: won, refresh: "r2" });
  });

  it("goes to /relogin, keeping the page to come back to, when the refresh is refused", async () => {
    saveTokens({ access: token("expired", nowSeconds() - 1), refresh: "spent", accountVersion: "v1" });
    window.sessionStorage.setItem("erp.draft:/memberList|member.create", "{}");
    const { release, refreshes } = server({ valid: new Set(), next: () => ({ access: "x", refresh: "y" }) });
    release();
    await refreshTokens(null); // spends "spent"; the server hands out x/y, which this test then drops
    saveTokens({ access: token("expired", nowSeconds() - 1), refresh: "spent", accountVersion: "v1" });

    await expect(api.get("/rest/a", { quiet: true })).rejects.toMatchObject({ errcode: "RELOGIN" });
    expect(refreshes()).toHaveLength(2);
    expect(assign).toHaveBeenCalledWith("/relogin?next=%2FmemberList");
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.getItem("erp.draft:/memberList|member.create")).toBe("{}");
  });

  it("keeps the session when a refresh gets no answer: the request fails as a network failure", async () => {
    const expired = token("expired", nowSeconds() - 1);
    saveTokens({ access: expired, refresh: "r1", accountVersion: "v1" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/rest/auth/refresh") throw new TypeError("Failed to fetch");
        return new Response(JSON.stringify({ errcode: "SECURES-LOGIN-ON-401", errmsg: "", data: null }), {
          status: 401,
        });
      }),
    );
    await expect(api.get("/rest/a", { quiet: true })).rejects.toMatchObject({ errcode: "NETWORK" });
    expect(assign).not.toHaveBeenCalled();
    expect(currentTokens()).toMatchObject({ access: expired, refresh: "r1" });
  });

  it("asks again soon after a refresh that got no answer, and takes the pair then given", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    saveTokens({ access: token("start", nowSeconds() + 10, nowSeconds()), refresh: "r1", accountVersion: "v1" });
    const renewed = token("renewed", nowSeconds() + 1800, nowSeconds());
    let attempts = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        attempts += 1;
        // The first answer is lost on the way; the server gives the same browser the pair again.
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return new Response(
          JSON.stringify({ errcode: "0", errmsg: "", data: { access: renewed, refresh: "r2", accountVersion: "v1" } }),
        );
      }),
    );
    const stop = startSessionKeeper({ idleMinutes: 60, onIdle: vi.fn() });
    await vi.advanceTimersByTimeAsync(9_000); // past the refresh point (8 s): the first try is lost
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempts).toBe(2);
    expect(currentTokens()).toMatchObject({ access: renewed, refresh: "r2" });
    stop();
  });

  it("refreshes ahead of expiry while the person works, not while nobody touches the page", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const start = token("start", nowSeconds() + 100, nowSeconds());
    saveTokens({ access: start, refresh: "r1", accountVersion: "v1" });
    const later = token("later", nowSeconds() + 200, nowSeconds() + 100);
    const { refreshes, release } = server({ valid: new Set([start]), next: () => ({ access: later, refresh: "r2" }) });
    release();
    window.localStorage.setItem(ACTIVITY_KEY, String(Date.now() - 5000)); // last touched before the token
    const onIdle = vi.fn();
    const stop = startSessionKeeper({ idleMinutes: 60, onIdle });

    await vi.advanceTimersByTimeAsync(85_000); // past the refresh point (80 s), nobody touched the page
    expect(refreshes()).toHaveLength(0);
    const touched = Date.now();
    window.dispatchEvent(new KeyboardEvent("keydown"));
    await vi.waitFor(() => expect(currentTokens()?.access).toBe(later));
    expect(refreshes()).toHaveLength(1);
    expect(Number(window.localStorage.getItem(ACTIVITY_KEY))).toBe(touched);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it("ends a signed-in session nobody touched for the idle limit", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    saveTokens({ access: token("a", nowSeconds() + 1800, nowSeconds()), refresh: "r1", accountVersion: "v1" });
    window.localStorage.setItem("erp.session", JSON.stringify({ loginName: "SY00002" }));
    server({ valid: new Set(), next: () => ({ access: "x", refresh: "y" }) }).release();
    const onIdle = vi.fn();
    const stop = startSessionKeeper({ idleMinutes: 10, onIdle });
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    window.dispatchEvent(new PointerEvent("pointerdown"));
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000 + 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });
});
