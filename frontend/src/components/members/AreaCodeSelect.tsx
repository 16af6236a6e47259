/** The area code of a member's phone, among the three the stores serve. */
import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { MEMBER_AREA_CODES, type MemberAreaCode } from "../../api/members";

/** A drop-down of the member area codes, each as the bare code or, when `named`, with its place too
 * ("+852 Hong Kong"); the field's label and look are the caller's. */
export function AreaCodeSelect({
  value,
  onChange,
  named = false,
  ...field
}: Omit<TextFieldProps, "select" | "value" | "onChange" | "children"> & {
  value: MemberAreaCode | "";
  onChange: (code: MemberAreaCode) => void;
  named?: boolean;
}) {
  const { t } = useTranslation("members");
  return (
    <TextField select value={value} onChange={(event) => onChange(event.target.value as MemberAreaCode)} {...field}>
      {MEMBER_AREA_CODES.map((code) => (
        <MenuItem key={code} value={code}>
          {named ? t(`areaCodes.${code}`) : code}
        </MenuItem>
      ))}
    </TextField>
  );
}
