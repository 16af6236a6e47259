/** The shell's notices (snackbars) as the tests read and reset them. */

import { dismiss, subscribe, type Notice } from "../lib/notices";

function currentNotices(): Notice[] {
  let current: Notice[] = [];
  subscribe((items) => {
    current = items;
  })();
  return current;
}

/** The texts of the notices showing now. */
export function noticeTexts(): string[] {
  return currentNotices().map((notice) => notice.message);
}

/** Dismisses every notice, so that none carries over into the next test. */
export function dismissAllNotices(): void {
  for (const notice of currentNotices()) dismiss(notice.id);
}
