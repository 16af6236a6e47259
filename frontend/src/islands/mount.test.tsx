import { act } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ISLAND_ROOT_ID, mountIsland } from "./mount";

describe("mountIsland", () => {
  afterEach(() => {
    // Only this test's root: the test files share one document (vite.config.ts, isolate: false).
    document.getElementById(ISLAND_ROOT_ID)?.remove();
  });

  it("returns null when the page has no island root", () => {
    expect(mountIsland(<p>hello</p>)).toBeNull();
  });

  it("renders into the island root when it exists", () => {
    const container = document.createElement("div");
    container.id = ISLAND_ROOT_ID;
    document.body.append(container);

    let root: ReturnType<typeof mountIsland> = null;
    act(() => {
      root = mountIsland(<p>hello</p>);
    });
    expect(root).not.toBeNull();
    expect(container).toHaveTextContent("hello");
    act(() => {
      root?.unmount();
    });
  });
});
