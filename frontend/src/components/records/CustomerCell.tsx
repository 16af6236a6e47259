/** A list's customer cell: the name (a walk-in marked as one) and the phone, greyed, on one line. */
import Box from "@mui/material/Box";
import { NOWRAP } from "../PagedTable";

export function CustomerCell({
  name,
  phone,
  walkIn,
  walkInLabel,
}: {
  name: string;
  phone: string;
  walkIn: boolean;
  /** The page's word for a customer who is no member ("walk-in"). */
  walkInLabel: string;
}) {
  return (
    <span>
      {walkIn ? `${name} (${walkInLabel})` : name}
      {phone ? (
        <Box component="span" sx={{ color: "text.secondary", ml: 1, ...NOWRAP }}>
          {phone}
        </Box>
      ) : null}
    </span>
  );
}
