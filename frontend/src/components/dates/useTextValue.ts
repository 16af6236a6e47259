import type { Dayjs } from "dayjs";
import { useState } from "react";
import { formatValue, parseValue } from "./formats";

/**
 * A picker works on a Dayjs value, the forms on a text ("" when empty). The picker's own value is
 * kept here, so that a half-typed date (which the form sees as "") stays on screen; it is replaced
 * only when the form sets another text itself (a reset, a prefill, "today").
 */
export function useTextValue(
  value: string,
  format: string,
  onChange: (value: string) => void,
  accepts: (value: Dayjs) => boolean = () => true,
) {
  const [shown, setShown] = useState<Dayjs | null>(() => parseValue(value, format));
  const [echoed, setEchoed] = useState(value);
  if (value !== echoed) {
    setEchoed(value);
    setShown(parseValue(value, format));
  }
  const change = (next: Dayjs | null) => {
    const text = next !== null && next.isValid() && !accepts(next) ? "" : formatValue(next, format);
    setShown(next);
    setEchoed(text);
    if (text !== value) onChange(text);
  };
  return [shown, change] as const;
}
