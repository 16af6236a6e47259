import { fireEvent, screen, type BoundFunctions, type queries } from "@testing-library/react";

type Scope = BoundFunctions<typeof queries>;

/**
 * The input of an MUI X date or time field, found by the field's label. The field shows one
 * section per part (year, month, day; hours, minutes) inside a group named by the label, and keeps
 * the whole text ("YYYY-MM-DD", "HH:mm") in a hidden input the label also names: this one.
 */
export function pickerInput(label: string | RegExp, scope: Scope = screen): HTMLInputElement {
  const input = scope.getAllByLabelText(label).find((element) => element instanceof HTMLInputElement);
  if (input === undefined) throw new Error(`no date or time field labelled ${String(label)}`);
  return input;
}

/** The input of a field named by aria-label only (a table cell's): the hidden input inside the group. */
export function pickerInputOfGroup(name: string | RegExp, scope: Scope = screen): HTMLInputElement {
  const input = scope.getByRole("group", { name }).querySelector("input");
  if (input === null) throw new Error(`no date or time field named ${String(name)}`);
  return input;
}

/**
 * Enters a whole date or time at once, as pasting it would: the field parses the text with its
 * format, so a text it cannot read (a six-digit year) leaves it invalid. Steadier in a test DOM than
 * typing key by key into the sections, which the field's own tests cover.
 */
export function enterPickerText(input: HTMLInputElement, text: string): void {
  fireEvent.change(input, { target: { value: text } });
}
