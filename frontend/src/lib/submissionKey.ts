import { useMemo, useState } from "react";
import { newIdempotencyKey } from "../api/client";

/** The Idempotency-Key of one submission of a form: the same while the values submitted stay the
 * same (a double click, or a retry after a lost answer, runs once on the server), a fresh one when
 * they change or after a success (`renew`), so the next operation is a new one. */
export function useSubmissionKey(values: unknown): { key: string; renew: () => void } {
  const text = JSON.stringify(values);
  const [generation, setGeneration] = useState(0);
  // `text` and `generation` are what make a new submission; the key itself is random.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const key = useMemo(() => newIdempotencyKey(), [text, generation]);
  return { key, renew: () => setGeneration((value) => value + 1) };
}
