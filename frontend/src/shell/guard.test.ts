import { afterEach, describe, expect, it, vi } from "vitest";
import type { RegistryPage } from "../islands/pageContext";
import { followLink } from "./guard";
import { dismiss, subscribe, type Notice } from "../lib/notices";

const PAGES: RegistryPage[] = [
  { route: "/messageList", code: "XXZX-0001", titleEn: "Messages", titleZh: "消息中心" },
  { route: "/taskList", code: null, titleEn: "Tasks", titleZh: "任务中心" },
];

function notices(): Notice[] {
  let current: Notice[] = [];
  subscribe((items) => {
    current = items;
  })();
  return current;
}

describe("followLink", () => {
  afterEach(() => {
    for (const notice of notices()) dismiss(notice.id);
  });

  it("opens a permitted page", () => {
    const navigate = vi.fn();
    followLink("/messageList", ["XXZX-0001"], PAGES, navigate);
    expect(navigate).toHaveBeenCalledWith("/messageList");
    expect(notices()).toEqual([]);
  });

  it("sends an empty menu to /404", () => {
    const navigate = vi.fn();
    followLink("/taskList", [], PAGES, navigate);
    expect(navigate).toHaveBeenCalledWith("/404");
  });

  it("stays put and says 'no permission' for a page the role may not open", () => {
    const navigate = vi.fn();
    const decision = followLink("/messageList", ["ERP-MENU"], PAGES, navigate);
    expect(decision.kind).toBe("denied");
    expect(navigate).not.toHaveBeenCalled();
    expect(notices().map((notice) => [notice.severity, notice.message])).toEqual([["warning", "no permission"]]);
  });
});
