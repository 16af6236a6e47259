import type { ReactNode } from "react";

/** What the date and time fields take: the props of the TextField they replace, with a text value. */
export type TextValueFieldProps = {
  label?: string;
  /** "YYYY-MM-DD" or "HH:mm"; "" when nothing is chosen. */
  value: string;
  /** Called with the new text; "" when the field is emptied or left half typed. */
  onChange: (value: string) => void;
  /** The form's own verdict; its helper text then wins over the field's. */
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  size?: "small" | "medium";
  disabled?: boolean;
  id?: string;
  /** The name of a field shown without a label (a table cell's), read out for the whole field. */
  ariaLabel?: string;
  /** Attributes of the field's hidden input, which holds the text (a data-testid). */
  inputProps?: Record<string, string>;
};

/** The TextField props of a picker: the form's error and helper text, its size and names. */
export function textFieldProps(props: TextValueFieldProps, fieldError: string) {
  return {
    id: props.id,
    required: props.required,
    fullWidth: props.fullWidth,
    size: props.size,
    ...helperFor(props, fieldError),
    slotProps: {
      htmlInput: props.inputProps,
      input: props.ariaLabel === undefined ? undefined : { "aria-label": props.ariaLabel },
    },
  };
}

/** The form's error first; then the field's own (an impossible or out-of-range date); else the helper. */
function helperFor(props: TextValueFieldProps, fieldError: string): { error: boolean; helperText: ReactNode } {
  if (props.error) return { error: true, helperText: props.helperText };
  if (fieldError) return { error: true, helperText: fieldError };
  return { error: false, helperText: props.helperText };
}
