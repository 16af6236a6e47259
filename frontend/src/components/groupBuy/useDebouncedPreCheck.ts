import { useEffect, useRef, useState } from "react";
import { groupBuyApi, isReviewPlatform, type PreCheckAnswer } from "../../api/groupBuy";

/** Spec §4: the code of a review platform (19, 21) is pre-checked 500 ms after its last change. */
export const PRE_CHECK_DELAY_MS = 500;

export interface PreCheckState {
  /** Waiting for the delay or for the answer. */
  checking: boolean;
  /** What the code buys: the three candidate lists, the deal, and whether head office mapped it. */
  result: PreCheckAnswer | null;
  /** The platform's or the server's message (spec §8: passed back to the caller). */
  error: string | null;
}

const IDLE: PreCheckState = { checking: false, result: null, error: null };

type PreCheckCall = typeof groupBuyApi.preCheck;

/** The pre-check of the code typed for a review platform: runs once the code has not changed for
 * 500 ms; a newer code (or platform) cancels the run that waits and ignores the answer of one
 * already sent. Other platforms are never pre-checked. */
export function useDebouncedPreCheck(
  platformId: number | null,
  checkCode: string,
  storeId?: number | null,
  call: PreCheckCall = groupBuyApi.preCheck,
): PreCheckState {
  // The answer for one platform and code; another key means the answer is not in yet.
  const [answer, setAnswer] = useState<{ key: string; result: PreCheckAnswer | null; error: string | null } | null>(
    null,
  );
  const run = useRef(0);
  const code = checkCode.trim();
  const active = isReviewPlatform(platformId) && code !== "";
  const key = `${platformId ?? ""}|${code}|${storeId ?? ""}`;

  useEffect(() => {
    const current = ++run.current;
    if (!active || platformId === null) return;
    const timer = window.setTimeout(() => {
      const body = storeId ? { platformId, checkCode: code, storeId } : { platformId, checkCode: code };
      call(body).then(
        (result) => {
          if (run.current === current) setAnswer({ key, result, error: null });
        },
        (failure: unknown) => {
          if (run.current !== current) return;
          const message = failure instanceof Error ? failure.message : String(failure);
          setAnswer({ key, result: null, error: message });
        },
      );
    }, PRE_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, platformId, code, storeId, call, key]);

  if (!active) return IDLE;
  if (answer === null || answer.key !== key) return { checking: true, result: null, error: null };
  return { checking: false, result: answer.result, error: answer.error };
}
