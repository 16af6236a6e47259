import { fireEvent, render, screen, within } from "@testing-library/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { Page } from "../../api/client";
import { switchLanguage } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import {
  CheckedDateRange,
  DateRangeFilter,
  FilterText,
  FormDateRange,
  SearchButtons,
  TimeRangeFields,
} from "./filterFields";
import { RecordsPage } from "./RecordsPage";

interface Row {
  id: number;
  name: string;
}

function result(state: Partial<UseQueryResult<Page<Row>, Error>>): UseQueryResult<Page<Row>, Error> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<Page<Row>, Error>;
}

const paging = { pageIndex: 0, setPageIndex: vi.fn(), pageSize: 10, setPageSize: vi.fn(), refilter: vi.fn() };

function renderPage(
  query: UseQueryResult<Page<Row>, Error>,
  extra: { instead?: string; onSearch?: () => void; wide?: boolean } = {},
) {
  return render(
    <AppProviders>
      <RecordsPage
        wide={extra.wide}
        title="Refunds"
        actions={<button type="button">Export</button>}
        intro={<p>links</p>}
        filters={
          <>
            <input aria-label="Keyword" />
            <SearchButtons searchLabel="Search" resetLabel="Reset" onReset={vi.fn()} />
          </>
        }
        onSearch={(event) => {
          event.preventDefault();
          extra.onSearch?.();
        }}
        totals={<p>totals here</p>}
        instead={extra.instead ? <p>{extra.instead}</p> : undefined}
        table={{
          result: query,
          paging,
          columns: [{ key: "name", label: "Name", render: (row) => row.name }],
          rowKey: (row) => row.id,
          rowTestId: (row) => `row-${row.id}`,
          emptyText: "No refunds",
        }}
      >
        <p>dialog</p>
      </RecordsPage>
    </AppProviders>,
  );
}

describe("RecordsPage", () => {
  it("lays out the title, actions, filters, totals, the table named after the title and its rows", () => {
    renderPage(result({ data: { list: [{ id: 1, name: "Wang" }], total: 1 } as Page<Row> }));
    expect(screen.getByRole("heading", { name: "Refunds" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export" })).toBeInTheDocument();
    expect(screen.getByText("links")).toBeInTheDocument();
    expect(screen.getByText("totals here")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Refunds" });
    expect(within(table).getByTestId("row-1")).toHaveTextContent("Wang");
    expect(screen.getByText("dialog")).toBeInTheDocument();
  });

  it("stands on the wide frame unless told otherwise", () => {
    const { unmount } = renderPage(result({ isPending: true }));
    expect(screen.getByRole("main")).toHaveClass("MuiContainer-maxWidthXl");
    unmount();
    renderPage(result({ isPending: true }), { wide: false });
    expect(screen.getByRole("main")).toHaveClass("MuiContainer-maxWidthLg");
  });

  it("searches when the filter form is submitted", () => {
    const onSearch = vi.fn();
    renderPage(result({ data: { list: [], total: 0 } as unknown as Page<Row> }), { onSearch });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it("shows the loading, empty and failed states with a retry", () => {
    const { unmount } = renderPage(result({ isPending: true }));
    expect(screen.getByRole("status")).toBeInTheDocument();
    unmount();
    const empty = renderPage(result({ data: { list: [], total: 0 } as unknown as Page<Row> }));
    expect(screen.getByText("No refunds")).toBeInTheDocument();
    empty.unmount();
    const refetch = vi.fn();
    renderPage(result({ isError: true, error: new Error("server down"), refetch }));
    expect(screen.getByText("server down")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalled();
  });

  it("shows what it is told instead of the totals and the table before a search", () => {
    renderPage(result({ isPending: true }), { instead: "Pick a range first" });
    expect(screen.getByText("Pick a range first")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByText("totals here")).not.toBeInTheDocument();
  });
});

describe("RecordsPage with a filter form", () => {
  it("ends the fields with Search and Reset in common words", async () => {
    const onSearch = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onReset = vi.fn();
    render(
      <AppProviders>
        <RecordsPage
          title="Refunds"
          filters={<input aria-label="Keyword" />}
          form={{ submit: onSearch, reset: onReset }}
          table={{ result: result({ isPending: true }), paging, columns: [], rowKey: () => 1, emptyText: "None" }}
        />
      </AppProviders>,
    );
    const search = screen.getByRole("search");
    const buttons = within(search).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Search", "Reset"]);
    expect(screen.getByLabelText("Keyword").compareDocumentPosition(buttons[0] as Node)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(onReset).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    await switchLanguage("zh-hans");
    expect(
      within(search)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["查询", "重置"]);
    await switchLanguage("en");
  });
});

describe("RecordsPage without a search", () => {
  it("holds fields that apply at once outside a form", () => {
    const { container } = render(
      <AppProviders>
        <RecordsPage
          title="Requests"
          filters={<input aria-label="Status" />}
          table={{
            result: result({ isPending: true }),
            paging,
            columns: [{ key: "name", label: "Name", render: (row: Row) => row.name }],
            rowKey: (row: Row) => row.id,
            emptyText: "None",
          }}
        />
      </AppProviders>,
    );
    expect(screen.getByRole("search")).toContainElement(screen.getByLabelText("Status"));
    expect(container.querySelector("form")).toBeNull();
  });
});

describe("DateRangeFilter", () => {
  it("reports which end changed and shows a fault under the end it names", () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <DateRangeFilter from="" to="" fromLabel="From" toLabel="To" onChange={onChange} toError="End before start" />
      </AppProviders>,
    );
    expect(screen.getByText("End before start")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "From" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "To" })).toBeInTheDocument();
  });
});

describe("SearchButtons", () => {
  it("leaves Reset out when there is nothing to reset", () => {
    render(<SearchButtons searchLabel="Search" />);
    expect(screen.getByRole("button", { name: "Search" })).toHaveAttribute("type", "submit");
    expect(screen.queryByRole("button", { name: "Reset" })).not.toBeInTheDocument();
  });
});

describe("the fields bound to a filter form", () => {
  it("show the form's text and days and hand what is typed to its set", () => {
    const set = vi.fn();
    render(
      <AppProviders>
        <FilterText form={{ input: { keyword: "wang" }, set }} name="keyword" label="Keyword" maxChars={3} />
        <FormDateRange
          form={{ input: { from: "", to: "" }, set }}
          fromLabel="From"
          toLabel="To"
          toError="End before start"
        />
      </AppProviders>,
    );
    const keyword = screen.getByRole("textbox", { name: "Keyword" });
    expect(keyword).toHaveValue("wang");
    expect(screen.getByText(/3/)).toBeInTheDocument();
    fireEvent.change(keyword, { target: { value: "li" } });
    expect(set).toHaveBeenCalledWith("keyword", "li");
    expect(screen.getByText("End before start")).toBeInTheDocument();
  });
});

describe("CheckedDateRange", () => {
  it("says under the end that it comes before the start, only while the form finds that fault", () => {
    const form = { input: { from: "2026-11-24", to: "2026-11-01" }, set: vi.fn(), error: "errors.endBeforeStart" };
    const { rerender } = render(
      <AppProviders>
        <CheckedDateRange form={form} fromLabel="From" toLabel="To" />
      </AppProviders>,
    );
    expect(screen.getByText("please choose a suitable end time")).toBeInTheDocument();
    rerender(
      <AppProviders>
        <CheckedDateRange form={{ ...form, error: null }} fromLabel="From" toLabel="To" />
      </AppProviders>,
    );
    expect(screen.queryByText("please choose a suitable end time")).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "To" })).toBeInTheDocument();
  });
});

describe("TimeRangeFields", () => {
  function renderRange(rangeError: Parameters<typeof TimeRangeFields>[0]["rangeError"]) {
    render(
      <AppProviders>
        <TimeRangeFields
          ns="sysLog"
          range={{ dateFrom: "", dateTo: "2026-11-01" }}
          onChange={vi.fn()}
          rangeError={rangeError}
          testIdPrefix="log"
        />
      </AppProviders>,
    );
  }

  it("says a missing start under the start, in the page's words", () => {
    renderRange("range.startRequired");
    expect(screen.getByRole("group", { name: "From" }).parentElement).toHaveTextContent("please enter start time");
    expect(screen.getByRole("group", { name: "To" }).parentElement).not.toHaveTextContent("please");
  });

  it("says any other fault under the end", () => {
    renderRange("range.tooLong");
    expect(screen.getByRole("group", { name: "To" }).parentElement).toHaveTextContent("selected time exceeds range");
    expect(screen.getByRole("group", { name: "From" }).parentElement).not.toHaveTextContent("selected");
  });
});
