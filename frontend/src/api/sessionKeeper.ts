/**
 * Keeps a working session signed in and ends an idle one (issue 12 §1, docs/security.md "Sessions
 * that stay and sessions that end"). An access token is refreshed a little before it runs out when
 * the person has touched the page since it was issued; one that ran out while nobody did is
 * refreshed at the next touch or by the next request (api/client.ts). With no input in any tab for
 * the idle limit the session ends (`onIdle`); the open forms' drafts stay for the next sign-in.
 */

import { claimsOf, refreshTokens } from "./refresh";
import { currentSession, currentTokens } from "./session";

/** The last input of any tab of this browser (ms since the epoch): the tabs share one idle clock. */
export const ACTIVITY_KEY = "erp.lastActivity";
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
/** Input is written down at most this often: a stream of keys is one write a second. */
const ACTIVITY_WRITE_MS = 1000;
/** The keeper looks again at least this often, so a tab woken from sleep notices at once. */
const LONGEST_NAP_MS = 30_000;
const SHORTEST_NAP_MS = 200;
/** A refresh that got no answer is asked again this soon: well inside the server's replay window. */
const UNANSWERED_RETRY_MS = 5000;

export function lastActivity(): number | null {
  const raw = window.localStorage.getItem(ACTIVITY_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function noteActivity(at: number): void {
  try {
    window.localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // storage refused: this tab's idle clock runs from the last write that worked
  }
}

/** When (ms) to refresh an access token: a fifth of its life before it ends, at most a minute. */
export function refreshDueAt(exp: number, iat: number | undefined): number {
  const life = iat === undefined ? 30 * 60 : Math.max(exp - iat, 1);
  return (exp - Math.min(60, life / 5)) * 1000;
}

export interface KeeperOptions {
  idleMinutes: number;
  /** Nobody has touched any tab for the idle limit: end the session. */
  onIdle: () => void;
  language?: () => string;
  now?: () => number;
}

/** Starts keeping the session of this tab; answers the function that stops it. */
export function startSessionKeeper({
  idleMinutes,
  onIdle,
  language = () => "zh-hans",
  now = Date.now,
}: KeeperOptions): () => void {
  const idleMs = idleMinutes * 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastWrite = 0;
  // A token the server refused to refresh is not asked about again: the next request finds out
  // whether the session is over (and goes to /relogin) rather than this tab asking in a loop.
  let refused: string | null = null;

  if (lastActivity() === null) noteActivity(now());

  const sleep = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, Math.min(Math.max(ms, SHORTEST_NAP_MS), LONGEST_NAP_MS));
  };

  function tick(): void {
    if (stopped) return;
    const at = now();
    const tokens = currentTokens();
    if (!tokens) return sleep(LONGEST_NAP_MS);
    const active = lastActivity() ?? at;
    const idleAt = active + idleMs;
    if (currentSession() && at >= idleAt) {
      stop();
      onIdle();
      return;
    }
    let wake = idleAt - at;
    const claims = claimsOf(tokens.access);
    if (claims && tokens.refresh && tokens.access !== refused) {
      const due = refreshDueAt(claims.exp, claims.iat);
      const touchedSinceIssued = claims.iat === undefined || active >= claims.iat * 1000;
      if (at >= due && touchedSinceIssued) {
        const spent = tokens.access;
        refreshTokens(spent, language()).then(
          (fresh) => {
            if (!fresh) refused = spent;
            tick();
          },
          () => sleep(UNANSWERED_RETRY_MS),
        );
        return;
      }
      if (at < due) wake = Math.min(wake, due - at);
    }
    sleep(wake);
  }

  const onInput = () => {
    const at = now();
    if (at - lastWrite < ACTIVITY_WRITE_MS) return;
    lastWrite = at;
    noteActivity(at);
    tick();
  };
  const onStorage = (event: StorageEvent) => {
    // Another tab refreshed the tokens or signed in again: look at them.
    if (event.key === null || event.key === "erp.tokens") tick();
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") tick();
  };

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onInput, true);
    window.removeEventListener("storage", onStorage);
    document.removeEventListener("visibilitychange", onVisible);
  }

  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
  window.addEventListener("storage", onStorage);
  document.addEventListener("visibilitychange", onVisible);
  tick();
  return stop;
}
