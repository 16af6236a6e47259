import { DesktopTimePicker } from "@mui/x-date-pickers/DesktopTimePicker";
import type { TimeValidationError } from "@mui/x-date-pickers/models";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TIME_FORMAT } from "./formats";
import { textFieldProps, type TextValueFieldProps } from "./fieldProps";
import { useTextValue } from "./useTextValue";

export type TimeFieldProps = TextValueFieldProps & {
  /** The step of the minutes the list offers (typing another minute still works). */
  minutesStep?: number;
};

/** A 24-hour time ("HH:mm") in both languages, the drop-in for a TextField of type "time". */
export function TimeField({ minutesStep, ...props }: TimeFieldProps) {
  const { t } = useTranslation();
  const [shown, change] = useTextValue(props.value, TIME_FORMAT, props.onChange);
  const [problem, setProblem] = useState<TimeValidationError>(null);
  return (
    <DesktopTimePicker
      label={props.label}
      value={shown}
      onChange={change}
      onError={setProblem}
      format={TIME_FORMAT}
      ampm={false}
      minutesStep={minutesStep}
      timeSteps={minutesStep === undefined ? undefined : { minutes: minutesStep }}
      disabled={props.disabled}
      slotProps={{ textField: textFieldProps(props, problem === null ? "" : t("dates.invalidTime")) }}
    />
  );
}
