import TextField from "@mui/material/TextField";
import type { TextFieldProps } from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { tooLong } from "../lib/limits";

export type LimitedTextFieldProps = Omit<TextFieldProps, "value"> & {
  value: string;
  /** The spec's limit in characters: more may be typed or pasted, and the field then shows an error. */
  maxChars: number;
};

/** A text field with a length limit that keeps everything typed and says "at most N characters"
 * at the field when there is more, instead of the browser's maxLength silently cutting a paste. */
export function LimitedTextField({ maxChars, value, error, helperText, ...rest }: LimitedTextFieldProps) {
  const { t } = useTranslation("common");
  const over = tooLong(value, maxChars);
  return (
    <TextField
      {...rest}
      value={value}
      error={over || Boolean(error)}
      helperText={over ? t("field.tooLong", { max: maxChars, count: value.trim().length }) : helperText}
    />
  );
}
