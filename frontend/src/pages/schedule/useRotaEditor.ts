import { useState } from "react";
import { hasButtonCode } from "../../api/session";
import {
  BTN_ROTA_EDIT,
  copyLastWeek,
  saveRota,
  useRota,
  useScheduleMutation,
  useShiftTypes,
  type RotaEmployee,
  type ShiftTypeInput,
} from "../../api/schedule";
import { daysOf, storeToday } from "../../lib/dates";
import { applyChoice, periodOf, withoutPeriod, type Choice, type Pending, type RotaView } from "./scheduleRules";

/** The rota page's state: the period shown, the shift types and the rota of that period, the edits
 * not saved yet (`pending`), the cell whose menu is open, and the save and copy-last-week calls. */
export function useRotaEditor() {
  const [canEdit] = useState(() => hasButtonCode(BTN_ROTA_EDIT));
  const [view, setView] = useState<RotaView>("week");
  const [anchor, setAnchor] = useState(() => storeToday());
  const [pending, setPending] = useState<Pending>({});
  const [menu, setMenu] = useState<{ element: HTMLElement; employee: RotaEmployee; date: string } | null>(null);
  const [editing, setEditing] = useState<ShiftTypeInput | null>(null);
  const [confirmCopy, setConfirmCopy] = useState(false);

  const { from, to } = periodOf(view, anchor);
  const days = daysOf(from, to);
  const shiftTypes = useShiftTypes();
  const rota = useRota(from, to);
  const save = useScheduleMutation(saveRota, () => setPending({}));
  const copy = useScheduleMutation(copyLastWeek, (_output, weekStart) => {
    setConfirmCopy(false);
    setPending((current) => withoutPeriod(current, weekStart, to));
  });

  const types = shiftTypes.data ?? [];
  const savedDays = rota.data?.days ?? [];
  const employees = rota.data?.employees ?? [];
  const mine = rota.data?.myEmployeeId ?? null;
  const editCount = Object.keys(pending).length;
  const dense = view === "month";

  const choose = (choice: Choice) => {
    if (!menu) return;
    setPending((current) => applyChoice(current, savedDays, menu.employee.id, menu.date, choice));
    setMenu(null);
  };

  return {
    canEdit,
    view,
    setView,
    anchor,
    setAnchor,
    pending,
    setPending,
    menu,
    setMenu,
    editing,
    setEditing,
    confirmCopy,
    setConfirmCopy,
    from,
    to,
    days,
    shiftTypes,
    rota,
    save,
    copy,
    types,
    savedDays,
    employees,
    mine,
    editCount,
    dense,
    choose,
  };
}

export type RotaEditor = ReturnType<typeof useRotaEditor>;
