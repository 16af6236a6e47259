import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PreCheckAnswer } from "../../api/groupBuy";
import { PRE_CHECK_DELAY_MS, useDebouncedPreCheck } from "./useDebouncedPreCheck";

const ANSWER: PreCheckAnswer = {
  projects: [{ id: 1, name: "Facial", value: "Facial", unifiedCode: "P1", price: "199.00" }],
  packages: [],
  cards: [],
  mapped: true,
  deal: { dealId: "d1", title: "Facial deal", price: "99.00", marketPrice: "199.00", count: 1, expiresAt: null },
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(platformId: number | null, code = "") {
  const call = vi.fn(() => Promise.resolve(ANSWER));
  const hook = renderHook(({ id, text }) => useDebouncedPreCheck(id, text, null, call), {
    initialProps: { id: platformId, text: code },
  });
  return { call, ...hook };
}

describe("the pre-check of a review platform's code (spec §4: 500 ms debounce)", () => {
  it("runs once, 500 ms after the last change, not before", async () => {
    const { call, rerender, result } = setup(19);
    for (const text of ["1", "12", "123"]) {
      rerender({ id: 19, text });
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    expect(call).not.toHaveBeenCalled();
    expect(result.current.checking).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(PRE_CHECK_DELAY_MS - 201));
    expect(call).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith({ platformId: 19, checkCode: "123" });
    expect(result.current).toEqual({ checking: false, result: ANSWER, error: null });
  });

  it("is made for platform 21 too", async () => {
    const { call } = setup(21, "abc");
    await act(() => vi.advanceTimersByTimeAsync(PRE_CHECK_DELAY_MS));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("is never made for another platform, nor for an empty code", async () => {
    const { call, rerender, result } = setup(7, "123");
    await act(() => vi.advanceTimersByTimeAsync(2000));
    rerender({ id: 19, text: "  " });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(call).not.toHaveBeenCalled();
    expect(result.current.checking).toBe(false);
  });

  it("ignores the answer to a code changed meanwhile", async () => {
    let resolveFirst: (answer: PreCheckAnswer) => void = () => undefined;
    const call = vi
      .fn()
      .mockImplementationOnce(() => new Promise<PreCheckAnswer>((resolve) => (resolveFirst = resolve)))
      .mockImplementationOnce(() => Promise.resolve({ ...ANSWER, mapped: false }));
    const { rerender, result } = renderHook(({ text }) => useDebouncedPreCheck(19, text, null, call), {
      initialProps: { text: "111" },
    });
    await act(() => vi.advanceTimersByTimeAsync(PRE_CHECK_DELAY_MS));
    rerender({ text: "222" });
    await act(() => vi.advanceTimersByTimeAsync(PRE_CHECK_DELAY_MS));
    await act(async () => resolveFirst(ANSWER));
    expect(call).toHaveBeenCalledTimes(2);
    expect(result.current.result?.mapped).toBe(false);
  });

  it("passes the error back to the caller", async () => {
    const call = vi.fn(() => Promise.reject(new Error("the platform does not know this coupon code")));
    const { result } = renderHook(() => useDebouncedPreCheck(19, "999", null, call));
    await act(() => vi.advanceTimersByTimeAsync(PRE_CHECK_DELAY_MS));
    expect(result.current).toEqual({
      checking: false,
      result: null,
      error: "the platform does not know this coupon code",
    });
  });
});
