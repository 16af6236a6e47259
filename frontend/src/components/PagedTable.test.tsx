import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../islands/mount";
import { ListPagination } from "./PagedTable";

function pager() {
  return {
    pageIndex: 0,
    setPageIndex: vi.fn(),
    pageSize: 10,
    setPageSize: vi.fn(),
    refilter: vi.fn((apply: () => void) => apply()),
  };
}

describe("ListPagination", () => {
  it("turns to the next page", () => {
    const paging = pager();
    render(
      <AppProviders>
        <ListPagination total={25} paging={paging} testId="pager" />
      </AppProviders>,
    );
    fireEvent.click(within(screen.getByTestId("pager")).getByRole("button", { name: /next page/i }));
    expect(paging.setPageIndex).toHaveBeenCalledWith(1);
    expect(paging.refilter).not.toHaveBeenCalled();
  });

  it("offers the app's page sizes and goes back to the first page with a new one", async () => {
    const paging = pager();
    render(
      <AppProviders>
        <ListPagination total={25} paging={paging} testId="pager" />
      </AppProviders>,
    );
    fireEvent.mouseDown(within(screen.getByTestId("pager")).getByRole("combobox"));
    const sizes = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(sizes.map((option) => option.textContent)).toEqual(["10", "20", "30", "40"]);
    fireEvent.click(screen.getByRole("option", { name: "20" }));
    expect(paging.refilter).toHaveBeenCalledTimes(1);
    expect(paging.setPageSize).toHaveBeenCalledWith(20);
  });
});
