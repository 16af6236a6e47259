/**
 * One notice queue for the whole page. The shell island and the page island are separate React
 * roots, but they load this module once, so both publish into the same queue.
 */

type NoticeSeverity = "success" | "info" | "warning" | "error";

/** A button on a notice: what the person can do about it (a closed day: ask the owner to reopen it). */
export interface NoticeAction {
  label: string;
  onClick: () => void;
}

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  title?: string;
  message: string;
  durationMs: number;
  action?: NoticeAction;
}

type Listener = (notices: Notice[]) => void;

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(notices);
}

export function notify(
  severity: NoticeSeverity,
  message: string,
  options: { title?: string; durationMs?: number; action?: NoticeAction } = {},
): number {
  const id = nextId++;
  const { title, action } = options;
  notices = [...notices, { id, severity, message, title, action, durationMs: options.durationMs ?? 3000 }];
  emit();
  return id;
}

export function dismiss(id: number): void {
  notices = notices.filter((notice) => notice.id !== id);
  emit();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}
