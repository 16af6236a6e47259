/**
 * Keeping the sign-in alive (contract §4, POST /rest/auth/refresh): a refresh token buys a new
 * pair and is then spent (rotation, single use, issue 10). So every request of a tab that finds
 * its access token expired waits on one shared refresh, and the tabs of one browser take turns
 * through a Web Lock: a tab that gets the lock after another tab refreshed finds new tokens in
 * storage and uses them instead of spending the old refresh token a second time. A refresh whose
 * answer never arrived (the network, or the page left) is not the end of the session: the server
 * gives the same browser session the same pair again for a short while (docs/security.md), so it is
 * asked again rather than sending the person to sign in.
 */

import { isEnvelope } from "./responseRules";
import { currentTokens, saveTokens, type Tokens } from "./session";

export const REFRESH_PATH = "/rest/auth/refresh";
const LOCK_NAME = "erp.tokens.refresh";

interface Claims {
  exp: number;
  iat?: number;
}

/** The expiry and issue time (seconds) an access token states, or null when it is not a JWT. */
export function claimsOf(access: string): Claims | null {
  const payload = access.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as Partial<Claims>;
    return typeof claims.exp === "number" ? { exp: claims.exp, iat: claims.iat } : null;
  } catch {
    return null;
  }
}

function browserLocks(): LockManager | undefined {
  return typeof navigator !== "undefined" ? navigator.locks : undefined;
}

/** Runs `task` holding the browser-wide refresh lock (all tabs of this origin), or directly where
 * the browser has no Web Locks (only secure contexts have them: HTTPS, or localhost). */
function withBrowserLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = browserLocks();
  return locks ? locks.request(LOCK_NAME, task) : task();
}

/** Without Web Locks another tab may have won the same refresh token a moment ago: how long to wait
 * for it to store the new pair before calling the session over. */
const UNLOCKED_SETTLE_MS = 1000;

/** The refresh call got no answer (the network): whether the session goes on is not known yet. */
export class RefreshUnanswered extends Error {
  constructor() {
    super("the token refresh got no answer");
    this.name = "RefreshUnanswered";
  }
}

async function exchange(refresh: string, language: string): Promise<Tokens | null> {
  try {
    const response = await fetch(REFRESH_PATH, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "Accept-Language": language },
      body: JSON.stringify({ refresh }),
      credentials: "same-origin",
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || !isEnvelope(body) || body.errcode !== "0") return null;
    return body.data as Tokens;
  } catch {
    throw new RefreshUnanswered();
  }
}

async function refreshHoldingLock(spent: string | null, language: string): Promise<Tokens | null> {
  const stored = currentTokens();
  if (!stored?.refresh) return null;
  // Another tab (or an earlier refresh of this one) already replaced the token this caller saw expire.
  if (spent !== null && stored.access !== spent) return stored;
  const fresh = await exchange(stored.refresh, language);
  // The stored pair was replaced while the exchange was under way (a sign-in, a role chosen, another
  // tab): that pair is the session now, and this answer, made from the one it replaced, must not
  // overwrite it (a refresh started on the role step would otherwise put back a pair with no role).
  const replaced = currentTokens();
  if (replaced && replaced.refresh !== stored.refresh) return replaced;
  if (fresh) {
    saveTokens({ ...fresh, accountVersion: fresh.accountVersion || stored.accountVersion });
    return currentTokens();
  }
  // Refused: unless another tab rotated meanwhile, the session is over.
  if (!browserLocks()) await new Promise((resolve) => setTimeout(resolve, UNLOCKED_SETTLE_MS));
  const now = currentTokens();
  return now && now.refresh !== stored.refresh ? now : null;
}

let inFlight: Promise<Tokens | null> | null = null;

/**
 * New tokens in place of `spent` (the access token a request was refused with; null: refresh
 * whatever is stored). Every caller while one refresh is under way shares it. Null when the
 * session cannot be continued (no refresh token, or the server refused it); rejects with
 * RefreshUnanswered when the server could not be reached.
 */
export function refreshTokens(spent: string | null, language = "zh-hans"): Promise<Tokens | null> {
  if (inFlight) return inFlight;
  inFlight = withBrowserLock(() => refreshHoldingLock(spent, language)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
