import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { CardToCardPage } from "./CardToCardPage";
import { ChangeCardPage } from "./ChangeCardPage";
import { TransferCardPage } from "./TransferCardPage";

function memberRow(memId: number, name: string) {
  return {
    memId,
    name,
    phone: "138****5678",
    areaCode: "0086",
    crmCode: `M${memId}`,
    dependencyStore: "Store A",
    dependencyStoreId: 10,
    myself: true,
  };
}

function card(cardId: number, overrides: Record<string, unknown> = {}) {
  return {
    cardId,
    cardNo: `C${cardId}`,
    kind: "storedValue",
    cardTypeId: 1,
    name: "Gold",
    balance: "1100.00",
    giftBalance: "100.00",
    sessions: [],
    status: "active",
    expiresOn: "2027-01-01",
    storeId: 10,
    storeName: "Store A",
    ...overrides,
  };
}

const held = (cardId: number, overrides: Record<string, unknown> = {}) =>
  card(cardId, { memId: 1, memberName: "Alice", ...overrides });

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function signIn(btn: string[]) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

function keyOf(server: ReturnType<typeof fakeServer>, path: string): string | undefined {
  const index = server.calls.findIndex((call) => `${call.method} ${call.path}` === path);
  const init = server.fetch.mock.calls[index]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
}

/** Picks member `name` in the search dialog that `button` opens (the server answers `found`). */
async function pickMember(button: HTMLElement, name: string) {
  fireEvent.click(button);
  const dialog = await screen.findByRole("dialog", { name: "Find a member" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: name } });
  fireEvent.submit(within(dialog).getByLabelText("Name"));
  fireEvent.click(await within(dialog).findByText(name));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Find a member" })).not.toBeInTheDocument());
}

async function choose(label: string, option: string | RegExp) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("TransferCardPage", () => {
  const packageCard = card(5, {
    kind: "package",
    name: "Facial course",
    balance: "0.00",
    giftBalance: "0.00",
    sessions: [{ projectId: 3, name: "Facial", total: 10, left: 6 }],
  });
  let searched = "Alice";
  const routes = {
    "GET /rest/member/search": () =>
      ok(searched === "Alice" ? [memberRow(1, "Alice")] : [memberRow(1, "Alice"), memberRow(2, "Bob")]),
    "GET /rest/packageCard/findErpAllCard/1": () => ok([packageCard]),
    "GET /rest/usercard/transferCard": () =>
      ok({ card: { ...packageCard, memId: 1, memberName: "Alice" }, transferable: true, reason: "", pending: null }),
    "POST /rest/usercard/addtransferCard/5": () =>
      ok({ transferId: 9, status: "pending", cardId: 5, fromMemId: 1, toMemId: 2, newCard: null }),
    "POST /rest/usercard/transferCardCommit/5": () =>
      ok({
        transferId: 9,
        status: "committed",
        cardId: 5,
        fromMemId: 1,
        toMemId: 2,
        newCard: { ...packageCard, cardId: 6, cardNo: "C6", memId: 2, memberName: "Bob" },
      }),
  };

  it("moves a card to another member after a confirmation naming both, and shows the new card", async () => {
    signIn(["BTN-KDJC-CARD-TRANSFER"]);
    searched = "Alice";
    const server = fakeServer(routes);
    render_(<TransferCardPage search="" />);
    await pickMember(screen.getByRole("button", { name: "Choose the member" }), "Alice");
    await choose("Card to transfer", /C5 · Facial course · Facial ×6/);
    expect(await screen.findByText("Holder")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/usercard/transferCard")[0]?.query.get("cardId")).toBe("5");

    // The card's own holder is not a target.
    await pickMember(screen.getByRole("button", { name: "Choose the receiving member" }), "Alice");
    expect(screen.getByText(/already belongs to this member/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Transfer the card" })).toBeDisabled();

    searched = "Bob";
    await pickMember(screen.getByRole("button", { name: "Choose the receiving member" }), "Bob");
    fireEvent.click(screen.getByRole("button", { name: "Transfer the card" }));
    const confirm = await screen.findByRole("dialog", { name: "Transfer the card?" });
    expect(confirm).toHaveTextContent("Everything on Alice's card C5 — Facial ×6 — moves to a new card for Bob");
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));

    expect(await screen.findByText("Transferred: Bob now holds the new card C6.")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/usercard/addtransferCard/5")[0]?.body).toEqual({ toMemId: 2 });
    const start = keyOf(server, "POST /rest/usercard/addtransferCard/5");
    const commit = keyOf(server, "POST /rest/usercard/transferCardCommit/5");
    expect(start).toMatch(/-start$/);
    expect(commit).toMatch(/-commit$/);
    expect(start?.replace(/-start$/, "")).toBe(commit?.replace(/-commit$/, ""));
  });

  it("says the transfer was sent to the owner for approval when the store needs it", async () => {
    signIn(["BTN-KDJC-CARD-TRANSFER"]);
    fakeServer({
      ...routes,
      "POST /rest/usercard/transferCardCommit/5": () => ({
        status: 202,
        errcode: "0",
        errmsg: "sent to the owner for approval",
        data: { approvalId: 77, status: "pending" },
      }),
    });
    searched = "Bob";
    render_(<TransferCardPage search="?cardId=5" />);
    await pickMember(screen.getByRole("button", { name: "Choose the receiving member" }), "Bob");
    await waitFor(() => expect(screen.getByRole("button", { name: "Transfer the card" })).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: "Transfer the card" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));

    expect(await screen.findByText(/Sent to the owner for approval/)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "The approval" })).toHaveAttribute("href", "/approvalCenter?id=77");
    expect(screen.queryByText(/Transferred:/)).not.toBeInTheDocument();
  });

  it("takes the card from the address and hides the transfer without the button code", async () => {
    signIn([]);
    fakeServer(routes);
    render_(<TransferCardPage search="?cardId=5" />);
    expect(await screen.findByText("Alice")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Transfer the card" })).not.toBeInTheDocument();
    expect(screen.getByText(/lacks the button code BTN-KDJC-CARD-TRANSFER/)).toBeInTheDocument();
  });

  it("says why a card cannot be transferred", async () => {
    signIn(["BTN-KDJC-CARD-TRANSFER"]);
    fakeServer({
      ...routes,
      "GET /rest/usercard/transferCard": () =>
        ok({
          card: held(5, { balance: "0.00" }),
          transferable: false,
          reason: "the card holds nothing",
          pending: null,
        }),
    });
    render_(<TransferCardPage search="?cardId=5" />);
    expect(await screen.findByText("This card cannot be transferred: the card holds nothing")).toBeInTheDocument();
  });
});

describe("CardToCardPage", () => {
  const routes = {
    "GET /rest/member/search": () => ok([memberRow(1, "Alice")]),
    "GET /rest/packageCard/findErpAllCard/1": () =>
      ok([card(1), card(2, { balance: "50.00", giftBalance: "0.00", name: "Silver" })]),
    "POST /rest/transferCardRest/cardToCard": () =>
      ok({
        fromCard: held(1, { balance: "1000.00" }),
        toCard: held(2, { balance: "150.00" }),
        principal: "90.91",
        gift: "9.09",
      }),
  };

  it("checks the amount, asks, moves it with a key, and shows both balances", async () => {
    signIn(["BTN-KDJC-CARD-TO-CARD"]);
    const server = fakeServer(routes);
    render_(<CardToCardPage />);
    await pickMember(screen.getByRole("button", { name: "Choose the member" }), "Alice");
    await choose("From card", /C1 · Gold/);
    await choose("To card", /C2 · Silver/);

    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "2000" } });
    fireEvent.click(screen.getByRole("button", { name: "Move the amount" }));
    expect(await screen.findByText("The card holds only ¥1,100.00")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "0" } });
    expect(await screen.findByText("The amount must be above 0")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/transferCardRest/cardToCard")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Move the amount" }));
    const confirm = await screen.findByRole("dialog", { name: "Move between cards?" });
    expect(confirm).toHaveTextContent("Move ¥100.00 from Alice's card C1 to card C2?");
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));

    expect(await screen.findByText("Moved: principal ¥90.91, gift ¥9.09.")).toBeInTheDocument();
    expect(screen.getByText("¥1,000.00")).toBeInTheDocument();
    expect(screen.getByText("¥150.00")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/transferCardRest/cardToCard")[0]?.body).toEqual({
      memId: 1,
      fromCardId: 1,
      toCardId: 2,
      amount: "100",
    });
    expect(keyOf(server, "POST /rest/transferCardRest/cardToCard")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a note instead of the action without the button code", async () => {
    signIn([]);
    fakeServer(routes);
    render_(<CardToCardPage />);
    await pickMember(screen.getByRole("button", { name: "Choose the member" }), "Alice");
    expect(await screen.findByText(/lacks the button code BTN-KDJC-CARD-TO-CARD/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Move the amount" })).not.toBeInTheDocument();
  });
});

describe("ChangeCardPage", () => {
  const types = [
    { id: 1, name: "Gold", effectivePrice: "1000.00", faceValue: "1000.00" },
    { id: 2, name: "Platinum", effectivePrice: "2000.00", faceValue: "2000.00" },
  ];
  const preview = {
    cardId: 1,
    cardTypeId: 2,
    oldValue: "1100.00",
    coefficient: "0.9000",
    newValue: "990.00",
    newGiftBalance: "90.00",
    difference: "110.00",
  };
  const routes = {
    "GET /rest/member/search": () => ok([memberRow(1, "Alice")]),
    "GET /rest/packageCard/findErpAllCard/1": () => ok([card(1)]),
    "GET /rest/commodity/cardTypeList": () => ok({ list: types, total: 2 }),
    "GET /rest/packageCard/changeCardPreview": () => ok(preview),
    "POST /rest/packageCard/changeCard": () =>
      ok({
        ...preview,
        oldCard: held(1, { balance: "0.00", status: "closed" }),
        newCard: held(7, { cardNo: "C7", name: "Platinum", balance: "990.00" }),
      }),
  };

  it("previews the value with the coefficient and the difference, and changes after a confirmation", async () => {
    signIn(["BTN-HYGL-CARD-CHANGE"]);
    const server = fakeServer(routes);
    render_(<ChangeCardPage />);
    await pickMember(screen.getByRole("button", { name: "Choose the member" }), "Alice");
    await choose("Stored-value card", /C1 · Gold/);
    await choose("New card type", "Platinum (price ¥2,000.00)");
    expect(await screen.findByText("¥990.00 (of which gift ¥90.00)")).toBeInTheDocument();
    expect(screen.getByText("0.9000")).toBeInTheDocument();
    expect(
      screen.getByText("The member gives up ¥110.00 of the old card's value with this change."),
    ).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/packageCard/changeCardPreview")[0]?.query ?? [])).toEqual({
      cardId: "1",
      cardTypeId: "2",
    });
    // Without the upgrade's code its button is hidden and a note says why.
    expect(screen.queryByRole("button", { name: "Upgrade the card instead" })).not.toBeInTheDocument();
    expect(screen.getByText(/lacks the button code BTN-HYGL-CARD-UPGRADE/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Change the card" }));
    const confirm = await screen.findByRole("dialog", { name: "Change the card?" });
    expect(confirm).toHaveTextContent(
      "Card C1 (¥1,100.00) is closed and a new Platinum card gets ¥990.00; ¥110.00 is not carried over.",
    );
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    expect(
      await screen.findByText("Changed: card C1 is closed; the new card C7 holds ¥990.00 (¥110.00 not carried over)."),
    ).toBeInTheDocument();
    expect(server.callsTo("POST /rest/packageCard/changeCard")[0]?.body).toEqual({ cardId: 1, cardTypeId: 2 });
    expect(keyOf(server, "POST /rest/packageCard/changeCard")).toMatch(/-change$/);
  });

  it("upgrades the same card when the role may", async () => {
    signIn(["BTN-HYGL-CARD-UPGRADE"]);
    const server = fakeServer({
      ...routes,
      "POST /rest/packageCard/upgrade": () => ok(held(1, { name: "Platinum", cardTypeId: 2 })),
    });
    render_(<ChangeCardPage />);
    await pickMember(screen.getByRole("button", { name: "Choose the member" }), "Alice");
    await choose("Stored-value card", /C1 · Gold/);
    await choose("New card type", "Platinum (price ¥2,000.00)");
    expect(screen.queryByRole("button", { name: "Change the card" })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade the card instead" }));
    const confirm = await screen.findByRole("dialog", { name: "Upgrade the card?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Upgraded: card C1 is now Platinum.")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/packageCard/upgrade")[0]?.body).toEqual({ cardId: 1, cardTypeId: 2 });
  });
});
