/** A small table of a detail page or a dialog: its headings (on one line unless told otherwise), the
 * rows the caller draws. */
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { NOWRAP } from "./PagedTable";

export function HeadedTable({
  label,
  heads,
  children,
  sx,
  nowrapHeads = true,
  stickyHeader = false,
}: {
  /** The table's accessible name. */
  label: string;
  heads: readonly ReactNode[];
  /** The body's rows. */
  children: ReactNode;
  sx?: SxProps<Theme>;
  nowrapHeads?: boolean;
  /** The headings stay in sight while a table of capped height (`sx`) scrolls. */
  stickyHeader?: boolean;
}) {
  return (
    <TableContainer sx={sx}>
      <Table size="small" stickyHeader={stickyHeader} aria-label={label}>
        <TableHead>
          <TableRow>
            {heads.map((head, index) => (
              <TableCell key={index} sx={nowrapHeads ? NOWRAP : undefined}>
                {head}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
