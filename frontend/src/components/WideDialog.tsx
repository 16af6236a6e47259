/** A titled dialog as wide as a search with a table of results needs: 1200px, less on a small screen. */
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useId, type ReactNode } from "react";

export function WideDialog({
  open,
  onClose,
  title,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId?: string;
  /** The content and the actions under the title. */
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { width: 1200, maxWidth: "calc(100% - 32px)" } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}
