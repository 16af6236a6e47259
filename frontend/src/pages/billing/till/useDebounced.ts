import { useEffect, useState } from "react";

/** `value` once it has stayed the same for `delayMs` (compared by its JSON): the live totals ask the
 * server once the cashier pauses, not at every keystroke. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(JSON.parse(text) as T), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
