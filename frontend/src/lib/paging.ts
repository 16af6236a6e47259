/** Paging of the lists: MUI counts pages from 0, the server from 1. */

export const PAGE_SIZES = [10, 20, 30, 40] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** MUI TablePagination counts pages from 0, the server's pageNo from 1. */
export function pageNo(pageIndex: number): number {
  return Math.max(0, Math.floor(pageIndex)) + 1;
}

/** The last page index that still has rows (after a filter shrank the list). */
export function clampPageIndex(pageIndex: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return Math.min(Math.max(0, pageIndex), last);
}
