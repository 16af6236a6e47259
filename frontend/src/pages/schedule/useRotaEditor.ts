import { useState } from "react";
import { hasButtonCode } from "../../api/session";
import {
  BTN_ROTA_EDIT,
  copyLastWeek,
  saveRota,
  strandedReservations,
  useRota,
  useScheduleMutation,
  useShiftTypes,
  type RotaEmployee,
  type ShiftTypeInput,
  type StrandedReservation,
} from "../../api/schedule";
import { daysOf, storeToday } from "../../lib/dates";
import {
  applyChoice,
  entriesOf,
  periodOf,
  withoutPeriod,
  type Choice,
  type Pending,
  type RotaView,
} from "./scheduleRules";

/** A save the server refused because it takes nurses off duty for these reservations; `confirm`
 * sends it again with confirm. */
export interface StrandedQuestion {
  reservations: StrandedReservation[];
  confirm: () => void;
}

/** The rota page's state: the period shown, the shift types and the rota of that period, the edits
 * not saved yet (`pending`), the cell whose menu is open, and the save and copy-last-week calls
 * (each asks first when the server lists reservations it would leave without their nurse). */
export function useRotaEditor() {
  const [canEdit] = useState(() => hasButtonCode(BTN_ROTA_EDIT));
  const [view, setView] = useState<RotaView>("week");
  const [anchor, setAnchor] = useState(() => storeToday());
  const [pending, setPending] = useState<Pending>({});
  const [menu, setMenu] = useState<{ element: HTMLElement; employee: RotaEmployee; date: string } | null>(null);
  const [editing, setEditing] = useState<ShiftTypeInput | null>(null);
  const [confirmCopy, setConfirmCopy] = useState(false);
  const [stranded, setStranded] = useState<StrandedQuestion | null>(null);

  const { from, to } = periodOf(view, anchor);
  const days = daysOf(from, to);
  const shiftTypes = useShiftTypes();
  const rota = useRota(from, to);
  const save = useScheduleMutation(saveRota, () => {
    setPending({});
    setStranded(null);
  });
  const copy = useScheduleMutation(copyLastWeek, (_output, { weekStart }) => {
    setConfirmCopy(false);
    setStranded(null);
    setPending((current) => withoutPeriod(current, weekStart, to));
  });
  const ask = (error: unknown, confirm: () => void) => {
    const reservations = strandedReservations(error);
    if (reservations) {
      setConfirmCopy(false);
      setStranded({ reservations, confirm });
    }
  };
  const saveEdits = () => {
    const entries = entriesOf(pending);
    save.mutate({ entries }, { onError: (error) => ask(error, () => save.mutate({ entries, confirm: true })) });
  };
  const copyWeek = () =>
    copy.mutate(
      { weekStart: from },
      { onError: (error) => ask(error, () => copy.mutate({ weekStart: from, confirm: true })) },
    );

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
    saveEdits,
    copyWeek,
    stranded,
    setStranded,
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
