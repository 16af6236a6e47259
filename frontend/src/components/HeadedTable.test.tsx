import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HeadedTable } from "./HeadedTable";

describe("HeadedTable", () => {
  it("names the table, heads it on one line each and draws the caller's rows", () => {
    render(
      <HeadedTable label="Tenders" heads={["Method", "Amount"]}>
        <TableRow>
          <TableCell>Cash</TableCell>
          <TableCell>10.00</TableCell>
        </TableRow>
      </HeadedTable>,
    );
    const table = screen.getByRole("table", { name: "Tenders" });
    const heads = within(table).getAllByRole("columnheader");
    expect(heads.map((head) => head.textContent)).toEqual(["Method", "Amount"]);
    for (const head of heads) expect(getComputedStyle(head).whiteSpace).toBe("nowrap");
    expect(within(table).getByText("Cash").closest("tr")).toHaveTextContent("Cash10.00");
  });

  it("lets headings wrap and keeps them in sight when asked", () => {
    render(
      <HeadedTable label="Members" heads={["Name"]} nowrapHeads={false} stickyHeader sx={{ maxHeight: 360 }}>
        <TableRow>
          <TableCell>Wang</TableCell>
        </TableRow>
      </HeadedTable>,
    );
    const head = within(screen.getByRole("table", { name: "Members" })).getByRole("columnheader");
    expect(getComputedStyle(head).whiteSpace).not.toBe("nowrap");
    expect(head).toHaveClass("MuiTableCell-stickyHeader");
  });
});
