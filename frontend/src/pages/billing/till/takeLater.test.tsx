import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../islands/mount";
import { queryClient } from "../../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../../shell/testing/fakeServer";
import { sessionInfo } from "../../../test/fixtures";
import { dismissAllNotices } from "../../../test/notices";
import { CheckoutPage } from "./CheckoutPage";

function priced(type = "product") {
  const line = {
    index: 0,
    type,
    itemId: type === "product" ? 30 : 40,
    name: type === "product" ? "Serum" : "Facial",
    qty: 1,
    unitPrice: "100.00",
    total: "100.00",
    discount: "0.00",
    amount: "100.00",
    cardId: null,
    discounts: [],
  };
  return { total: "100.00", discount: "0.00", payable: "100.00", discounts: [], lines: [line], coupons: [] };
}

const common: Routes = {
  "GET /rest/staffList/list": () => ok({ list: [{ id: 5, name: "Nurse Li" }], total: 1 }),
  "GET /rest/packageCard/findErpAllCard/1": () => ok([]),
  "GET /rest/reservation/accountInfo/1": () =>
    ok({ memId: 1, name: "Member1", phone: "138****5678", points: 0, labels: [], lastVisitAt: null, upcoming: [] }),
  "GET /rest/member/search": () =>
    ok([
      {
        memId: 1,
        name: "Member1",
        phone: "138****5678",
        areaCode: "0086",
        crmCode: "M001",
        dependencyStore: "Store A",
        dependencyStoreId: 1,
        myself: true,
      },
    ]),
  "GET /rest/commodity/productList": () =>
    ok({ list: [{ id: 30, code: "P030", name: "Serum", effectivePrice: "100.00" }], total: 1 }),
  "GET /rest/commodity/projectList": () =>
    ok({ list: [{ id: 40, code: "X040", name: "Facial", effectivePrice: "100.00" }], total: 1 }),
  "POST /rest/pricingEngine/usableCoupons": () => ok([]),
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

async function chooseMember() {
  fireEvent.click(screen.getByRole("button", { name: "Choose a member" }));
  const dialog = await screen.findByRole("dialog", { name: "Find a member" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Member1" } });
  fireEvent.submit(within(dialog).getByLabelText("Name"));
  fireEvent.click(await within(dialog).findByText("Member1"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Find a member" })).not.toBeInTheDocument());
}

async function addItem(kind: string, name: string) {
  fireEvent.click(screen.getByRole("button", { name: "Add an item" }));
  const dialog = await screen.findByRole("dialog", { name: "Add an item" });
  fireEvent.click(within(dialog).getByRole("tab", { name: kind }));
  fireEvent.click(await within(dialog).findByRole("button", { name: `Add ${name}` }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add an item" })).not.toBeInTheDocument());
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ menu: ["ERP-KDJC-PAG-0003-0000"] })));
  window.history.replaceState(null, "", "/account");
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("the till's take-later toggle", () => {
  it("marks a product taken later, and the draft and the commit send it", async () => {
    const server = fakeServer({
      ...common,
      "POST /rest/pricingEngine/checkDiscountConcurrently": () => ok(priced()),
      "POST /rest/order/commit": () =>
        ok(
          {
            orderId: 77,
            orderNo: "SO1",
            status: "unpaid",
            total: "100.00",
            discount: "0.00",
            payable: "100.00",
            lines: [],
          },
          "saved",
        ),
    });
    const navigate = vi.fn();
    render_(<CheckoutPage navigate={navigate} />);
    await chooseMember();
    await addItem("Product", "Serum");
    const line = screen.getByTestId("line-0");
    const toggle = within(line).getByRole("checkbox", { name: "Take later (owed goods)" });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(server.callsTo("POST /rest/pricingEngine/checkDiscountConcurrently").at(-1)?.body).toEqual({
        memId: 1,
        lines: [{ type: "product", itemId: 30, qty: 1, takeLater: true }],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Commit and take payment" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(server.callsTo("POST /rest/order/commit").at(-1)?.body).toMatchObject({
      lines: [{ type: "product", itemId: 30, qty: 1, takeLater: true }],
    });
  });

  it("offers no take-later toggle on a project, and shows the server's stock refusal", async () => {
    fakeServer({
      ...common,
      "POST /rest/pricingEngine/checkDiscountConcurrently": (call) => {
        const lines = (call.body as { lines: { type: string }[] }).lines;
        if (lines.some((line) => line.type === "product"))
          return { status: 409, errcode: "STOCK-40901", errmsg: "not enough stock of Serum", data: null };
        return ok(priced("project"));
      },
    });
    render_(<CheckoutPage navigate={vi.fn()} />);
    await chooseMember();
    await addItem("Project", "Facial");
    const project = screen.getByTestId("line-0");
    expect(within(project).queryByRole("checkbox", { name: "Take later (owed goods)" })).not.toBeInTheDocument();
    await addItem("Product", "Serum");
    expect(await screen.findByText("not enough stock of Serum")).toBeInTheDocument();
  });
});
