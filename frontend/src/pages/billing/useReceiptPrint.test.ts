import { act, renderHook } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { subscribe, type Notice } from "../../lib/notices";
import { useReceiptPrint } from "./useReceiptPrint";

let shown: Notice[] = [];
const unsubscribe = subscribe((notices) => (shown = notices));

afterAll(unsubscribe);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("printing an order's receipt", () => {
  it("opens the receipt the server answers, holding the button meanwhile", async () => {
    vi.spyOn(window, "fetch").mockResolvedValue(
      new Response("<html></html>", { headers: { "Content-Type": "text/html" } }),
    );
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:receipt" }));
    const openReceipt = vi.fn();
    const { result } = renderHook(() => useReceiptPrint(7, openReceipt));
    let printed: Promise<void> = Promise.resolve();
    act(() => {
      printed = result.current.print();
    });
    expect(result.current.printing).toBe(true);
    await act(() => printed);
    expect(openReceipt).toHaveBeenCalledWith("blob:receipt");
    expect(result.current.printing).toBe(false);
    expect(String(vi.mocked(window.fetch).mock.calls[0]?.[0])).toContain("/7/");
  });

  it("says why when the receipt cannot be had, and opens nothing", async () => {
    vi.spyOn(window, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ errcode: "ORD-40401", errmsg: "no such order" }), {
        status: 404,
        headers: { "Content-Type": "application/json" },
      }),
    );
    const openReceipt = vi.fn();
    const { result } = renderHook(() => useReceiptPrint(7, openReceipt));
    await act(() => result.current.print());
    expect(openReceipt).not.toHaveBeenCalled();
    expect(shown.at(-1)).toMatchObject({ severity: "error", message: "no such order" });
    expect(result.current.printing).toBe(false);
  });
});
