import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../api/session";
import { AppProviders } from "../../islands/mount";
import type { PageContext } from "../../islands/pageContext";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { Shell } from "../../shell/TopBar";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { MemberSearchDialog } from "../members/MemberSearchDialog";
import { useGroupBuyVerify } from "./useGroupBuyVerify";

const CONTEXT: PageContext = {
  route: "/taskList",
  code: null,
  signedIn: true,
  builtRoutes: ["/orderBoard", "/account"],
  pages: [
    { route: "/orderBoard", code: "YUKB-0001", titleEn: "Board", titleZh: "预约看板" },
    { route: "/account", code: "SYT-0001", titleEn: "Till", titleZh: "收银台" },
  ],
  badgeRefreshSeconds: 60,
  notices: [],
  signInPage: "/xxbLogin",
  sessionIdleMinutes: 60,
};

function server(frontCheck = false) {
  return fakeServer({
    "GET /rest/messageCenter/searchCountMsg": () => ok(0),
    "GET /rest/taskCenterRest/searchCountMsgStore": () => ok(0),
    "GET /rest/taskCenterRest/searchTaskStore": () => ok({ list: [], total: 0 }),
    "GET /rest/messageCenter/getMandatoryShowMsg": () => ok(null),
    "GET /rest/shopDetail/findStoreListByBossId/10": () => ok([]),
    "GET /rest/groupPurchasing/platforms": () => ok([]),
    "GET /rest/groupPurchasing/records": () => ok({ list: [], total: 0 }),
    "GET /rest/memLabel/findAllMemLabel": () => ok([]),
    "GET /rest/rzCheckFrequencyLimit/isFrontCheckStore": () => ok({ storeId: 10, frontCheck }),
  });
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("the write-off dialog's entries", () => {
  it("the top bar's item opens it for a role of the board or the till", async () => {
    server();
    saveSession(sessionInfo({ menu: ["ERP-MENU", "YUKB-0001"] }));
    render(
      <AppProviders>
        <Shell navigate={vi.fn()} context={CONTEXT} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Group-buy write-off" }));
    expect(await screen.findByTestId("groupbuy-dialog")).toBeInTheDocument();
  });

  it("the top bar has no item for a role that may not write off", () => {
    server();
    saveSession(sessionInfo({ menu: ["ERP-MENU"] }));
    render(
      <AppProviders>
        <Shell navigate={vi.fn()} context={CONTEXT} />
      </AppProviders>,
    );
    expect(screen.queryByRole("button", { name: "Group-buy write-off" })).not.toBeInTheDocument();
  });

  function Search() {
    const groupBuy = useGroupBuyVerify(true);
    return (
      <>
        <MemberSearchDialog
          open
          onClose={vi.fn()}
          onSelect={vi.fn()}
          frontDeskCheck={groupBuy.frontDeskCheck}
          onGroupBuyVerify={groupBuy.open}
        />
        {groupBuy.dialog}
      </>
    );
  }

  it("the member search's group-buy button shows with the store's front-desk check and opens it", async () => {
    server(true);
    saveSession(sessionInfo());
    render(
      <AppProviders>
        <Search />
      </AppProviders>,
    );
    const search = screen.getByRole("dialog", { name: "Find a member" });
    fireEvent.click(await within(search).findByRole("button", { name: "Group-buy verification" }));
    expect(await screen.findByTestId("groupbuy-dialog")).toBeInTheDocument();
  });

  it("and is hidden without it", async () => {
    const fake = server(false);
    saveSession(sessionInfo());
    render(
      <AppProviders>
        <Search />
      </AppProviders>,
    );
    await vi.waitFor(() => expect(fake.callsTo("GET /rest/rzCheckFrequencyLimit/isFrontCheckStore")).toHaveLength(1));
    const search = screen.getByRole("dialog", { name: "Find a member" });
    expect(within(search).queryByRole("button", { name: "Group-buy verification" })).not.toBeInTheDocument();
  });
});
