import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { useMoveInForm } from "./useMoveInForm";

const found = { found: true, member: { memId: 4, name: "Li Na", dependencyStore: "Store A" } };

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("the move-in form", () => {
  it("saves the member found by phone by id, and forgets it when another phone is typed", async () => {
    const server = fakeServer({
      "GET /rest/storemembermoveinrest/findByPhone": () => ok(found),
      "POST /rest/storemembermoveinrest/save": () => ok({ id: 7 }),
    });
    const navigate = vi.fn();
    const { result } = renderHook(() => useMoveInForm(null, navigate), { wrapper: AppProviders });
    act(() => result.current.changePhone("13912345678"));
    act(() => result.current.find.mutate());
    await waitFor(() => expect(result.current.member.lookup).toEqual(found));
    act(() => result.current.save.mutate());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/moveIn?id=7"));
    expect(server.callsTo("POST /rest/storemembermoveinrest/save")[0]?.body).toMatchObject({ memId: 4 });

    act(() => result.current.changePhone("13900000000"));
    expect(result.current.member.lookup).toBeNull();
  });

  it("adds, changes and removes old cards by their key", () => {
    fakeServer({});
    const { result } = renderHook(() => useMoveInForm(null, vi.fn()), { wrapper: AppProviders });
    act(() => result.current.addLine());
    const [first, second] = result.current.lines;
    act(() => result.current.changeLine(second!.key, { oldCardName: "Gold" }));
    act(() => result.current.removeLine(first!.key));
    expect(result.current.lines).toEqual([{ ...second, oldCardName: "Gold" }]);
  });
});
