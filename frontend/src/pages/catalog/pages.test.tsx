import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { CouponDetail } from "./CouponDetail";
import { CouponListPage } from "./CouponListPage";
import { PackageListPage } from "./PackageListPage";
import { ProductDetailPage } from "./ProductDetailPage";
import { ProductListPage } from "./ProductListPage";
import { ProjectListPage } from "./ProjectListPage";
import { PromotionDetailPage } from "./PromotionDetailPage";
import { PromotionListPage } from "./PromotionListPage";
import { ProPackageListPage } from "./ProPackageListPage";
import { TimePeriodConfigPage } from "./TimePeriodConfigPage";
import { enterPickerText, pickerInputOfGroup } from "../../test/pickers";

const QUEUED = "The export has 100,000 rows or more: the file is being prepared in the download centre";

const state = {
  price: "1280.00",
  enabled: true,
  storePriceAllowed: true,
  storeEnabled: true,
  storePrice: null as string | null,
  effectivePrice: "1280.00",
};

function product(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    code: `P00${id}`,
    name: `Herbal shampoo ${id}`,
    ...state,
    brand: "Qingyu",
    categoryId: 3,
    categoryName: "Shampoo",
    specification: "500 ml",
    unit: "bottle",
    barcode: `69000000${id}`,
    useType: "retail",
    cost: "300.00",
    defaultSafetyStock: 5,
    useUnit: "",
    usePerUnit: "1",
    tracksBatches: false,
    ...overrides,
  };
}

function render_(node: React.ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function query(server: ReturnType<typeof fakeServer>, key: string) {
  return Object.fromEntries(server.callsTo(key).at(-1)?.query ?? []);
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify({ storeId: 10 }));
  window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a1", refresh: "r1", accountVersion: "v1" }));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("ProductListPage", () => {
  function routes(overrides: Routes = {}): Routes {
    let enabled = true;
    return {
      "GET /rest/commodity/productList": () =>
        ok({
          list: [
            product(1, { storeEnabled: enabled }),
            product(2, { storePriceAllowed: false, useType: "professional" }),
          ],
          total: 23,
        }),
      "GET /rest/commodity/productFilterOptions": () =>
        ok({ categories: [{ categoryId: 3, categoryName: "Shampoo" }], brands: ["Qingsi"] }),
      "POST /rest/commodity/storeItem": (call) => {
        enabled = (call.body as { enabled: boolean }).enabled;
        return ok({ storeId: 10, itemType: "product", itemId: 1, enabled, storeEnabled: enabled }, "saved");
      },
      ...overrides,
    };
  }

  it("lists products with money, use and paging, and filters", async () => {
    const server = fakeServer(routes());
    render_(<ProductListPage />);
    expect(await screen.findByText("Herbal shampoo 1")).toBeInTheDocument();
    expect(screen.getAllByText("¥1,280.00")).toHaveLength(4);
    expect(screen.getByText("Professional")).toBeInTheDocument();
    expect(screen.getByText("1–10 of 23")).toBeInTheDocument();
    expect(screen.getAllByRole("row")[1]).toHaveAttribute("data-href", "/productDetail?id=1");

    fireEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(query(server, "GET /rest/commodity/productList").pageNo).toBe("2"));

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Use" }));
    fireEvent.click(await screen.findByRole("option", { name: "Retail" }));
    fireEvent.change(screen.getByLabelText("Keyword"), { target: { value: " tonic " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(query(server, "GET /rest/commodity/productList")).toEqual({
        pageNo: "1",
        pageSize: "10",
        useType: "retail",
        keyword: "tonic",
      }),
    );
  });

  it("keeps an over-long keyword as typed and says so instead of searching", async () => {
    const server = fakeServer(routes());
    render_(<ProductListPage />);
    await screen.findByText("Herbal shampoo 1");
    const keyword = screen.getByLabelText("Keyword");
    fireEvent.change(keyword, { target: { value: "k".repeat(101) } });
    expect(keyword).toHaveValue("k".repeat(101));
    expect(screen.getByText("At most 100 characters (101 typed)")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(keyword).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("GET /rest/commodity/productList").every((call) => !call.query.has("keyword"))).toBe(true);
  });

  it("asks before switching an item off in the store, then refreshes the list", async () => {
    const server = fakeServer(routes());
    render_(<ProductListPage />);
    const toggle = await screen.findByRole("switch", { name: "In this store: Herbal shampoo 1" });
    fireEvent.click(toggle);
    const dialog = await screen.findByRole("dialog");
    expect(server.callsTo("POST /rest/commodity/storeItem")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Switch off" }));
    await waitFor(() => expect(server.callsTo("POST /rest/commodity/storeItem")).toHaveLength(1));
    expect(server.callsTo("POST /rest/commodity/storeItem")[0]?.body).toEqual({
      itemType: "product",
      itemId: 1,
      enabled: false,
    });
    await waitFor(() => expect(noticeTexts()).toContain("saved"));
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "In this store: Herbal shampoo 1" })).not.toBeChecked(),
    );
  });

  it("sets a store price where head office allows it and shows the server's field error", async () => {
    const server = fakeServer(
      routes({
        "POST /rest/commodity/storeItem": () => ({
          status: 400,
          errcode: "VALID-40000",
          errmsg: "the store price cannot be negative",
          data: { fields: { storePrice: ["the store price cannot be negative"] } },
        }),
      }),
    );
    render_(<ProductListPage />);
    await screen.findByText("Herbal shampoo 1");
    expect(screen.getAllByRole("button", { name: "Store price" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Store price" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Store price"), { target: { value: "1,188.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo("POST /rest/commodity/storeItem")).toHaveLength(1));
    expect(server.callsTo("POST /rest/commodity/storeItem")[0]?.body).toEqual({
      itemType: "product",
      itemId: 1,
      enabled: true,
      storePrice: "1188.5",
    });
    expect(await within(dialog).findByText("the store price cannot be negative")).toBeInTheDocument();
  });

  it("asks before saving a store price of 0, below half or above twice head office's, naming both", async () => {
    const server = fakeServer(routes());
    render_(<ProductListPage />);
    await screen.findByText("Herbal shampoo 1");
    fireEvent.click(screen.getByRole("button", { name: "Store price" }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText("Store price");
    const cases: [string, string][] = [
      ["12.8", "The store price ¥12.80 is less than half of head office's price ¥1,280.00. Save it?"],
      ["0", "The store price is 0 while head office's price is ¥1,280.00. Save a price of 0?"],
      ["2,560.01", "The store price ¥2,560.01 is more than twice head office's price ¥1,280.00. Save it?"],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      const ask = await screen.findByRole("dialog", { name: "Save this store price?" });
      expect(ask).toHaveTextContent(message);
      fireEvent.click(within(ask).getByRole("button", { name: "No" }));
      await waitFor(() =>
        expect(screen.queryByRole("dialog", { name: "Save this store price?" })).not.toBeInTheDocument(),
      );
    }
    expect(server.callsTo("POST /rest/commodity/storeItem")).toHaveLength(0);

    fireEvent.change(field, { target: { value: "12.8" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const ask = await screen.findByRole("dialog", { name: "Save this store price?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/commodity/storeItem")).toHaveLength(1));
    expect(server.callsTo("POST /rest/commodity/storeItem")[0]?.body).toEqual({
      itemType: "product",
      itemId: 1,
      enabled: true,
      storePrice: "12.8",
    });
  });

  it("exports with the filters and the session's token, and says when the download centre makes the file", async () => {
    const server = fakeServer(
      routes({ "GET /rest/commodity/productList/export": () => ({ status: 202, ...ok({ jobId: 3 }, QUEUED) }) }),
    );
    render_(<ProductListPage />);
    await screen.findByText("Herbal shampoo 1");
    fireEvent.change(screen.getByLabelText("Keyword"), { target: { value: "oil" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    fireEvent.click(screen.getByRole("button", { name: "Export to Excel" }));
    await waitFor(() => expect(noticeTexts()).toContain(QUEUED));
    const call = server.fetch.mock.calls.find(([url]) => String(url).startsWith("/rest/commodity/productList/export"));
    expect(String(call?.[0])).toBe("/rest/commodity/productList/export?keyword=oil");
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe("Bearer a1");
  });

  it("shows an empty state and a failure with a retry", async () => {
    let fail = true;
    fakeServer(
      routes({
        "GET /rest/commodity/productList": () =>
          fail ? { status: 400, errcode: "VALID-40000", errmsg: "boom" } : ok({ list: [], total: 0 }),
      }),
    );
    render_(<ProductListPage />);
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getAllByText("boom").length).toBeGreaterThan(0);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No products")).toBeInTheDocument();
  });
});

describe("ProductDetailPage", () => {
  it("shows the product and its price history", async () => {
    fakeServer({
      "GET /rest/commodity/productDetail/1": () =>
        ok({
          ...product(1, { useUnit: "ml", usePerUnit: "500", tracksBatches: true }),
          priceHistory: [
            {
              id: 9,
              storeId: null,
              storeName: "",
              oldPrice: "1000.00",
              newPrice: "1280.00",
              changedBy: "HQ admin",
              changedAt: "2025-03-01T09:05:00+08:00",
            },
          ],
        }),
    });
    render_(<ProductDetailPage search="?id=1" />);
    expect(await screen.findByRole("heading", { name: "Herbal shampoo 1" })).toBeInTheDocument();
    const history = screen.getByRole("table", { name: "Price history" });
    expect(within(history).getByText("Head office")).toBeInTheDocument();
    expect(within(history).getByText("¥1,000.00")).toBeInTheDocument();
    expect(within(history).getByText("HQ admin")).toBeInTheDocument();
    // Stocked by the bottle, used by the millilitre (the stock ledger counts millilitres).
    expect(screen.getByText("1 bottle = 500 ml")).toBeInTheDocument();
  });

  it("says when the record is missing", async () => {
    fakeServer({});
    render_(<ProductDetailPage search="?id=5" />);
    expect(
      await screen.findByText("This record does not exist or is not available to this store."),
    ).toBeInTheDocument();
  });
});

describe("ProPackageListPage", () => {
  it("lists packages with their lines", async () => {
    const server = fakeServer({
      "GET /rest/commodity/productPackageList": () =>
        ok({
          list: [
            {
              id: 4,
              code: "PP01",
              name: "Home care set",
              ...state,
              lines: [{ productId: 1, productCode: "P001", productName: "Shampoo", quantity: 2, unitPrice: "99.00" }],
            },
          ],
          total: 1,
        }),
    });
    render_(<ProPackageListPage />);
    expect(await screen.findByText("Shampoo × 2")).toBeInTheDocument();
    expect(screen.getAllByRole("row")[1]).toHaveAttribute("data-href", "/proPackageDetail?id=4");
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "In this store" }));
    fireEvent.click(await screen.findByRole("option", { name: "Off" }));
    await waitFor(() => expect(query(server, "GET /rest/commodity/productPackageList").enabled).toBe("false"));
  });
});

describe("ProjectListPage", () => {
  it("lists projects with duration, skill and consumables, and filters by category", async () => {
    const project = {
      id: 7,
      code: "X001",
      name: "Scalp care",
      ...state,
      categoryId: 5,
      categoryName: "Scalp",
      durationMinutes: 60,
      requiredSkill: "senior",
      consumables: [{ productId: 1, productCode: "P001", productName: "Tonic", unit: "ml", quantity: "20.5" }],
    };
    const server = fakeServer({
      "GET /rest/commodity/projectList": () => ok({ list: [project], total: 1 }),
      "GET /rest/commodity/projectFilterOptions": () =>
        ok({ categories: [{ categoryId: 5, categoryName: "Scalp" }], brands: [] }),
    });
    render_(<ProjectListPage />);
    expect(await screen.findByText("Scalp care")).toBeInTheDocument();
    expect(screen.getByText("60 minutes")).toBeInTheDocument();
    expect(screen.getByText("Tonic × 20.5ml")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Category" }));
    fireEvent.click(await screen.findByRole("option", { name: "Scalp" }));
    await waitFor(() => expect(query(server, "GET /rest/commodity/projectList").categoryId).toBe("5"));
    expect(screen.getByRole("button", { name: "Export to Excel" })).toBeInTheDocument();
  });
});

describe("PackageListPage", () => {
  it("lists project packages with sessions and validity", async () => {
    fakeServer({
      "GET /rest/commodity/packageList": () =>
        ok({
          list: [
            {
              id: 3,
              code: "XP01",
              name: "Ten scalp cares",
              ...state,
              validityDays: 365,
              totalSessions: 10,
              lines: [{ projectId: 7, projectCode: "X001", projectName: "Scalp care", sessions: 10 }],
            },
          ],
          total: 1,
        }),
    });
    render_(<PackageListPage />);
    expect(await screen.findByText("Scalp care × 10")).toBeInTheDocument();
    expect(screen.getByText("365 days")).toBeInTheDocument();
    expect(screen.getAllByRole("row")[1]).toHaveAttribute("data-href", "/packageDetail?id=3");
  });
});

describe("CouponListPage", () => {
  const coupon = (id: number, kind: string) => ({
    id,
    code: `C${id}`,
    name: `Coupon ${id}`,
    kind,
    amount: kind === "A" ? "50.00" : null,
    rate: kind === "B" ? "0.85" : null,
    maxDiscount: kind === "B" ? "30.00" : null,
    projectId: kind === "C" ? 7 : null,
    projectName: kind === "C" ? "Scalp care" : "",
    validFrom: null,
    validTo: null,
    validDays: 30,
    minSpend: "200.00",
    onePerOrder: true,
    stackable: false,
    enabled: true,
    storeEnabled: true,
  });

  it("lists each kind on its tab and links rows to the kind's detail", async () => {
    const server = fakeServer({
      "GET /rest/commodity/couponTemplateList": (call) => {
        const kind = call.query.get("kind") ?? "A";
        return ok({ list: [coupon(kind === "A" ? 1 : 2, kind)], total: 1 });
      },
    });
    render_(<CouponListPage />);
    expect(await screen.findByText("¥50.00 off")).toBeInTheDocument();
    expect(screen.getByText("30 days after issue")).toBeInTheDocument();
    expect(query(server, "GET /rest/commodity/couponTemplateList").kind).toBe("A");
    fireEvent.click(screen.getByRole("tab", { name: "Discount coupons" }));
    expect(await screen.findByText("pay 85% (at most ¥30.00 off)")).toBeInTheDocument();
    expect(query(server, "GET /rest/commodity/couponTemplateList")).toEqual({ kind: "B", pageNo: "1", pageSize: "10" });
    expect(screen.getAllByRole("row")[1]).toHaveAttribute("data-href", "/couponDetailB?id=2");
  });

  it("shows a coupon's detail", async () => {
    fakeServer({ "GET /rest/commodity/couponTemplateDetail/2": () => ok(coupon(2, "C")) });
    render_(<CouponDetail kind="C" search="?id=2" />);
    expect(await screen.findByRole("heading", { name: "Coupon 2" })).toBeInTheDocument();
    expect(screen.getAllByText("free: Scalp care")).toHaveLength(1);
  });
});

describe("PromotionListPage", () => {
  it("lists promotions by status and shows a detail's lines", async () => {
    const promotion = {
      id: 8,
      name: "Spring offer",
      start: "2025-03-01T00:00:00+08:00",
      end: "2025-04-01T00:00:00+08:00",
      status: "upcoming",
      allStores: true,
      stores: [],
      lineCount: 2,
      remark: "",
    };
    const server = fakeServer({
      "GET /rest/promotion/list": () => ok({ list: [promotion], total: 1 }),
      "GET /rest/promotion/detail/8": () =>
        ok({
          ...promotion,
          lines: [
            {
              id: 1,
              itemType: "product",
              itemId: 1,
              itemCode: "P001",
              itemName: "Shampoo",
              price: "99.00",
              promoPrice: "79.00",
              discountRate: null,
            },
            {
              id: 2,
              itemType: "project",
              itemId: 7,
              itemCode: "X001",
              itemName: "Scalp care",
              price: "1280.00",
              promoPrice: null,
              discountRate: "0.80",
            },
          ],
        }),
    });
    render_(<PromotionListPage />);
    expect(await screen.findByText("Spring offer")).toBeInTheDocument();
    expect(query(server, "GET /rest/promotion/list").status).toBe("current");
    fireEvent.click(screen.getByRole("tab", { name: "Ended" }));
    await waitFor(() => expect(query(server, "GET /rest/promotion/list").status).toBe("ended"));

    render_(<PromotionDetailPage search="?id=8" />);
    expect(await screen.findByText("price ¥79.00")).toBeInTheDocument();
    expect(screen.getByText("pay 80%")).toBeInTheDocument();
  });
});

describe("TimePeriodConfigPage", () => {
  it("edits, checks before saving, and saves the whole table", async () => {
    const server = fakeServer({
      "GET /rest/timePeriod/list": () => ok([{ id: 1, weekday: null, start: "09:00", end: "12:00", capacity: 3 }]),
      "POST /rest/timePeriod/save": (call) =>
        ok(
          (call.body as { periods: object[] }).periods.map((period, index) => ({ id: 10 + index, ...period })),
          "saved",
        ),
    });
    render_(<TimePeriodConfigPage />);
    await screen.findByRole("group", { name: "Start of period 1" });
    const start = pickerInputOfGroup("Start of period 1");
    expect(start).toHaveValue("09:00");

    fireEvent.click(screen.getByRole("button", { name: "Add a period" }));
    enterPickerText(pickerInputOfGroup("Start of period 2"), "11:00");
    fireEvent.change(screen.getByLabelText("Capacity of period 2"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("period 2: the capacity must be from 1 to 999");
    expect(alert).toHaveTextContent("period 1 overlaps period 2");
    expect(server.callsTo("POST /rest/timePeriod/save")).toHaveLength(0);

    enterPickerText(pickerInputOfGroup("Start of period 2"), "12:00");
    fireEvent.change(screen.getByLabelText("Capacity of period 2"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo("POST /rest/timePeriod/save")).toHaveLength(1));
    expect(server.callsTo("POST /rest/timePeriod/save")[0]?.body).toEqual({
      periods: [
        { weekday: null, start: "09:00", end: "12:00", capacity: 3 },
        { weekday: null, start: "12:00", end: "13:00", capacity: 2 },
      ],
    });
    await waitFor(() => expect(noticeTexts()).toContain("saved"));
  });

  it("shows the server's field errors", async () => {
    fakeServer({
      "GET /rest/timePeriod/list": () => ok([]),
      "POST /rest/timePeriod/save": () => ({
        status: 400,
        errcode: "VALID-40000",
        errmsg: "period 1 overlaps period 2",
        data: { fields: { periods: ["period 1 overlaps period 2"] } },
      }),
    });
    render_(<TimePeriodConfigPage />);
    expect(await screen.findByText("No time periods yet: add one.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Add a period" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("period 1 overlaps period 2");
  });
});
