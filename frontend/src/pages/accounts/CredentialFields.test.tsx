import { act, renderHook } from "@testing-library/react";
import type { FormEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { useCredentialForm } from "./CredentialFields";
import { validateRegistration } from "./signInRules";

const event = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe("useCredentialForm", () => {
  it("shows the broken rules under the fields and sends nothing", () => {
    const call = { isPending: false, mutate: vi.fn() };
    const { result } = renderHook(() => useCredentialForm(validateRegistration));
    act(() => result.current.fields.onAccount("abc"));
    act(() => result.current.submitWith(call)(event()));
    expect(result.current.shown).toEqual({ account: "minimum length is six", password: "please enter password" });
    expect(call.mutate).not.toHaveBeenCalled();
  });

  it("sends the checked credentials and clears what it showed", () => {
    const call = { isPending: false, mutate: vi.fn() };
    const { result } = renderHook(() => useCredentialForm(validateRegistration));
    act(() => result.current.setShown({ form: "earlier failure" }));
    act(() => {
      result.current.fields.onAccount("  shop01 ");
      result.current.fields.onPassword("secret1");
    });
    act(() => result.current.submitWith(call)(event()));
    expect(call.mutate).toHaveBeenCalledWith({ account: "shop01", password: "secret1" });
    expect(result.current.shown).toEqual({});
  });

  it("sends nothing while a call runs", () => {
    const call = { isPending: true, mutate: vi.fn() };
    const { result } = renderHook(() => useCredentialForm(validateRegistration));
    act(() => {
      result.current.fields.onAccount("shop01");
      result.current.fields.onPassword("secret1");
    });
    act(() => result.current.submitWith(call)(event()));
    expect(call.mutate).not.toHaveBeenCalled();
  });
});
