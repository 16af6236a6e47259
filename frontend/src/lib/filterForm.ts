/** The filter form above a list: what a person types, and what the list searches by. */
import { useState, type FormEvent } from "react";
import { tooLong } from "./limits";

/** What a filter form needs of the list's paging: a new search starts again at the first page. */
export interface Refiltering {
  refilter: (apply: () => void) => void;
}

/** Spec §5 "Time range" for an optional filter range ("YYYY-MM-DD" days): only an end before the
 * start is refused. */
export function reversedRange(range: { from: string; to: string }): "errors.endBeforeStart" | null {
  return range.from && range.to && range.to < range.from ? "errors.endBeforeStart" : null;
}

export interface FilterFormOptions<Input, Search> {
  /** The form as it opens and as Reset leaves it. */
  empty: Input;
  /** The search the list runs for a form (trimmed words, "" as no filter, dates as the API's). */
  toSearch: (input: Input) => Search;
  paging: Refiltering;
  /** What keeps the form from being searched (a reversed date range, a field over its limit), or null;
   * an i18n key where the page shows it. */
  check?: (input: Input) => string | null;
  /** The search before the first Search, when not the empty form's (null: nothing until asked). */
  initial?: Search;
}

/**
 * The typed form (`input`) and the search the list runs (`filters`): typing changes only the form;
 * Search (a form submit, so Enter too) applies it unless `check` finds a fault, and Reset empties
 * both. Either goes back to the first page.
 */
export function useFilterForm<Input, Search>({
  empty,
  toSearch,
  paging,
  check,
  initial,
}: FilterFormOptions<Input, Search>) {
  const [input, setInput] = useState<Input>(empty);
  const [filters, setFilters] = useState<Search>(() => (initial === undefined ? toSearch(empty) : initial));
  const [tried, setTried] = useState(false);
  const error = check ? check(input) : null;
  const update = (patch: Partial<Input>) => setInput((previous) => ({ ...previous, ...patch }));
  const set = <K extends keyof Input>(key: K, value: Input[K]) =>
    setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (error) return;
    paging.refilter(() => setFilters(toSearch(input)));
  };
  /** Empties the form; the list searches `search`. */
  const resetTo = (search: Search) =>
    paging.refilter(() => {
      setInput(empty);
      setTried(false);
      setFilters(search);
    });
  const reset = () => resetTo(toSearch(empty));
  /** Searches `search` at once, the form as it is (a field that applies without Search). */
  const apply = (search: Search) => paging.refilter(() => setFilters(search));
  return { input, set, update, setInput, filters, error, tried, submit, reset, resetTo, apply };
}

export type FilterForm<Input, Search> = ReturnType<typeof useFilterForm<Input, Search>>;

/**
 * A list's keyword and drop-downs: the keyword (at most `maxChars`, trimmed) applies on Search, a
 * drop-down (`choose`) at once, the keyword as last searched; Reset empties them all.
 */
export function useKeywordFilters<Input extends { keyword: string }>(
  empty: Input,
  paging: Refiltering,
  maxChars = 100,
) {
  const form = useFilterForm({
    empty,
    toSearch: (input: Input): Input => ({ ...input, keyword: input.keyword.trim() }),
    paging,
    check: (input) => (tooLong(input.keyword, maxChars) ? "tooLong" : null),
  });
  const choose = <K extends keyof Input>(key: K, value: Input[K]) => {
    form.set(key, value);
    form.apply({ ...form.filters, [key]: value });
  };
  return { ...form, choose };
}
