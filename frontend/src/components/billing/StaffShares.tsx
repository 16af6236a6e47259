import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { EmployeeRow } from "../../api/staff";

/** One employee who served a line and their share of it, as the form holds it (the share as typed). */
export interface StaffShare {
  employeeId: number;
  name: string;
  share: string;
}

/** The staff with their shares, as the server takes them (`[{employeeId, share}]`, shares trimmed). */
export const staffBody = (staff: readonly StaffShare[]) =>
  staff.map(({ employeeId, share }) => ({ employeeId, share: share.trim() }));

/** The staff who served a line, each with their share, and a list to add another: the first one
 * added takes the whole line. The till's lines and the group-buy serve dialog ask it the same way. */
export function StaffShares({
  staff,
  employees,
  message,
  label,
  onStaff,
}: {
  staff: readonly StaffShare[];
  employees: readonly Pick<EmployeeRow, "id" | "name">[];
  message: string;
  /** The add list's label (the till's "add staff" by default). */
  label?: string;
  onStaff: (staff: StaffShare[]) => void;
}) {
  const { t } = useTranslation("till");
  const addStaff = (employeeId: number) => {
    const employee = employees.find((row) => row.id === employeeId);
    if (!employee || staff.some((row) => row.employeeId === employeeId)) return;
    onStaff([...staff, { employeeId, name: employee.name, share: staff.length === 0 ? "1" : "" }]);
  };
  return (
    <Stack spacing={1}>
      {staff.map((person) => (
        <Stack key={person.employeeId} direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Chip
            size="small"
            label={person.name}
            onDelete={() => onStaff(staff.filter((row) => row.employeeId !== person.employeeId))}
          />
          <TextField
            size="small"
            label={t("line.share")}
            value={person.share}
            sx={{ width: 90 }}
            onChange={(event) =>
              onStaff(
                staff.map((row) =>
                  row.employeeId === person.employeeId ? { ...row, share: event.target.value } : row,
                ),
              )
            }
          />
        </Stack>
      ))}
      <TextField
        select
        size="small"
        label={label ?? t("line.addStaff")}
        value=""
        onChange={(event) => addStaff(Number(event.target.value))}
        error={Boolean(message)}
        helperText={message}
      >
        {employees.map((employee) => (
          <MenuItem key={employee.id} value={employee.id}>
            {employee.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
