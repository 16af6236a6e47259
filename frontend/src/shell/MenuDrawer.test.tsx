import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { switchLanguage } from "../i18n";
import { AppProviders } from "../islands/mount";
import type { RegistryPage } from "../islands/pageContext";
import { MenuDrawer } from "./MenuDrawer";

const PAGES: RegistryPage[] = [
  { route: "/staffPerformance", code: null, titleEn: "Staff store performance", titleZh: "员工门店业绩", report: true },
  {
    route: "/commissionPlans",
    code: null,
    titleEn: "Commission plans",
    titleZh: "提成方案",
    drawerCodes: ["BTN-TCGL-PLAN"],
  },
  {
    route: "/commissionPeriods",
    code: null,
    titleEn: "Commission by month",
    titleZh: "提成月结",
    drawerCodes: ["BTN-TCGL-PERIOD-CLOSE", "BTN-TCGL-PLAN", "BBZX-0001"],
  },
];
const BUILT = PAGES.map((page) => page.route);

function renderDrawer(buttons: string[], onOpen: (route: string) => void = () => {}) {
  render(
    <AppProviders>
      <MenuDrawer
        open
        onClose={() => {}}
        pages={PAGES}
        builtRoutes={BUILT}
        menu={["ERP-MENU"]}
        buttons={buttons}
        quicks={[]}
        onOpen={onOpen}
      />
    </AppProviders>,
  );
  return screen.getByRole("navigation");
}

function group(nav: HTMLElement, name: string) {
  const heading = within(nav).queryByText(name);
  return heading?.closest("ul") ?? null;
}

describe("MenuDrawer: staff commission", () => {
  it("lists plans and months to whoever manages the plans, in their own group", () => {
    const opened: string[] = [];
    const nav = renderDrawer(["BTN-TCGL-PLAN"], (route) => opened.push(route));
    const commission = group(nav, "Staff commission");
    expect(commission).not.toBeNull();
    const items = within(commission as HTMLElement).getAllByRole("button");
    expect(items.map((item) => item.textContent)).toEqual(["Commission plans", "Commission by month"]);
    act(() => (items[1] as HTMLElement).click());
    expect(opened).toEqual(["/commissionPeriods"]);
  });

  it.each(["BTN-TCGL-PERIOD-CLOSE", "BBZX-0001"])("lists only the months to a role holding %s", (code) => {
    const nav = renderDrawer([code]);
    expect(within(nav).getByRole("button", { name: "Commission by month" })).toBeInTheDocument();
    expect(within(nav).queryByRole("button", { name: "Commission plans" })).toBeNull();
  });

  it("lists neither to a role whose calls would all be refused", () => {
    const nav = renderDrawer([]);
    expect(group(nav, "Staff commission")).toBeNull();
    expect(within(nav).queryByRole("button", { name: /^Commission/ })).toBeNull();
    expect(within(nav).getByRole("button", { name: "Staff store performance" })).toBeInTheDocument();
  });

  it("names the group and its pages in Chinese", async () => {
    try {
      await act(() => switchLanguage("zh-hans"));
      const nav = renderDrawer(["BTN-TCGL-PLAN"]);
      const commission = group(nav, "员工提成");
      expect(commission).not.toBeNull();
      expect(within(commission as HTMLElement).getByRole("button", { name: "提成方案" })).toBeInTheDocument();
      expect(within(commission as HTMLElement).getByRole("button", { name: "提成月结" })).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage("en"));
    }
  });
});
