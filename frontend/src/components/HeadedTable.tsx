/** A small table of a detail page or a dialog: headings that keep to one line, rows the caller draws. */
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
}: {
  /** The table's accessible name. */
  label: string;
  heads: readonly ReactNode[];
  /** The body's rows. */
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <TableContainer sx={sx}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {heads.map((head, index) => (
              <TableCell key={index} sx={NOWRAP}>
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
