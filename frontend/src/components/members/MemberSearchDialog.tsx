import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { searchMembers, type MemberRow } from "../../api/members";
import { ConfirmDialog } from "../ConfirmDialog";
import { MemberFormDialog } from "./MemberFormDialog";
import {
  SEARCH_CODE_MAX,
  SEARCH_NAME_MAX,
  SEARCH_PHONE_MAX,
  confirmOutcome,
  emptyMemberForm,
  rowFromFile,
  searchError,
  searchQuery,
  type SearchInput,
} from "./rules";
import { LimitedTextField } from "../LimitedTextField";
import { overLimits } from "../../lib/limits";
import { formatPhone } from "../../lib/phone";
import { HeadedTable } from "../HeadedTable";
import { WideDialog } from "../WideDialog";
import { AreaCodeSelect } from "./AreaCodeSelect";

interface MemberSearchDialogProps {
  /** Shows the dialog; each opening starts with an empty search. */
  open: boolean;
  /** Called by cancel, Esc, and after a selection. */
  onClose: () => void;
  /** The chosen member (a non-store member only after the person confirmed). A member created from
   * the dialog is chosen at once. The dialog then calls `onClose`. */
  onSelect: (member: MemberRow) => void;
  /** The store requires front-desk checking (the store information's `frontDeskCheckRequired`):
   * shows the group-buy verification button. */
  frontDeskCheck?: boolean;
  /** The group-buy verification button's action (the write-off dialog belongs to the caller). */
  onGroupBuyVerify?: () => void;
}

/**
 * The member search dialog (spec §2.4, §4, §5): search by name, member code or phone, choose a
 * row, or create a member file ("new customer into store"). Mounted by the member pages and later
 * by billing, reservations and write-off.
 *
 * ```tsx
 * <MemberSearchDialog open={open} onClose={() => setOpen(false)} onSelect={(row) => use(row.memId)} />
 * ```
 */
export function MemberSearchDialog({
  open,
  onClose,
  onSelect,
  frontDeskCheck = false,
  onGroupBuyVerify,
}: MemberSearchDialogProps) {
  const { t } = useTranslation("members");
  return (
    <WideDialog open={open} onClose={onClose} title={t("search.title")}>
      {/* Mounted only while open, so each opening starts afresh. */}
      <SearchContent
        onClose={onClose}
        onSelect={onSelect}
        frontDeskCheck={frontDeskCheck}
        onGroupBuyVerify={onGroupBuyVerify}
      />
    </WideDialog>
  );
}

function SearchContent({ onClose, onSelect, frontDeskCheck, onGroupBuyVerify }: Omit<MemberSearchDialogProps, "open">) {
  const { t } = useTranslation("members");
  const [input, setInput] = useState<SearchInput>({ name: "", crmCode: "", phone: "", areaCode: "0086" });
  const [rows, setRows] = useState<MemberRow[] | null>(null);
  const [selected, setSelected] = useState<MemberRow | null>(null);
  const [message, setMessage] = useState("");
  const [askCreate, setAskCreate] = useState(false);
  const [creating, setCreating] = useState(false);
  const [askNotOwn, setAskNotOwn] = useState<MemberRow | null>(null);

  const search = useMutation({
    mutationFn: () => searchMembers(searchQuery(input)),
    onSuccess: (found) => {
      setRows(found);
      setSelected(null);
      if (found.length === 0) setAskCreate(true);
    },
    onError: (error) => setMessage(error.message || t("search.empty")),
  });

  const set = (key: keyof SearchInput, value: string) => setInput((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from another dialog must not submit the form of the one under it.
    event.stopPropagation();
    if (overLimits(input, { name: SEARCH_NAME_MAX, crmCode: SEARCH_CODE_MAX, phone: SEARCH_PHONE_MAX }).length) return;
    const error = searchError(input);
    setMessage(error ? t(error) : "");
    if (!error) search.mutate();
  };
  const choose = (row: MemberRow) => {
    onSelect(row);
    onClose();
  };
  const confirm = (row: MemberRow | null = selected) => {
    const outcome = confirmOutcome(row);
    if (outcome === "noSelection") setMessage(t("search.selectFirst"));
    else if (outcome === "askNotOwnStore") setAskNotOwn(row);
    else if (row) choose(row);
  };

  return (
    <>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} role="search" aria-label={t("search.title")}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", alignItems: "center", rowGap: 2, pt: 1 }}>
            <LimitedTextField
              maxChars={SEARCH_NAME_MAX}
              size="small"
              autoFocus
              label={t("fields.name")}
              value={input.name}
              onChange={(event) => set("name", event.target.value)}
            />
            <LimitedTextField
              maxChars={SEARCH_CODE_MAX}
              size="small"
              label={t("fields.crmCode")}
              value={input.crmCode}
              onChange={(event) => set("crmCode", event.target.value.trim())}
            />
            <AreaCodeSelect
              named
              size="small"
              label={t("fields.areaCode")}
              value={input.areaCode}
              onChange={(code) => set("areaCode", code)}
              sx={{ minWidth: 170 }}
            />
            <LimitedTextField
              maxChars={SEARCH_PHONE_MAX}
              size="small"
              label={t("fields.phone")}
              value={input.phone}
              onChange={(event) => set("phone", event.target.value.trim())}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={search.isPending}>
              {t("search.search")}
            </Button>
          </Stack>
        </Box>
        {message ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {message}
          </Alert>
        ) : null}
        <HeadedTable
          label={t("search.results")}
          heads={[t("fields.index"), t("fields.name"), t("fields.phone"), t("fields.crmCode"), t("fields.activeStore")]}
          nowrapHeads={false}
          stickyHeader
          sx={{ maxHeight: 360, mt: 2 }}
        >
          {rows === null || rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography color="text.secondary" sx={{ textAlign: "center", py: 2 }}>
                  {rows === null ? t("search.noneYet") : t("search.empty")}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow
                key={row.memId}
                hover
                selected={selected?.memId === row.memId}
                aria-selected={selected?.memId === row.memId}
                sx={{ cursor: "pointer" }}
                onClick={() => {
                  setSelected(row);
                  setMessage("");
                }}
                onDoubleClick={() => {
                  setSelected(row);
                  confirm(row);
                }}
              >
                <TableCell>{index + 1}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatPhone(row.areaCode, row.phone)}</TableCell>
                <TableCell>{row.crmCode || t("dash")}</TableCell>
                <TableCell>{row.dependencyStore}</TableCell>
              </TableRow>
            ))
          )}
        </HeadedTable>
      </DialogContent>
      <DialogActions>
        {frontDeskCheck ? (
          <Button color="secondary" onClick={() => onGroupBuyVerify?.()}>
            {t("search.groupBuy")}
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" onClick={() => setCreating(true)}>
          {t("search.newCustomer")}
        </Button>
        <Button onClick={onClose}>{t("cancel")}</Button>
        <Button variant="contained" onClick={() => confirm()}>
          {t("search.select")}
        </Button>
      </DialogActions>

      <ConfirmDialog
        open={askCreate}
        title={t("search.createTitle")}
        message={t("search.noResultCreate")}
        onCancel={() => setAskCreate(false)}
        onConfirm={() => {
          setAskCreate(false);
          setCreating(true);
        }}
      />
      <ConfirmDialog
        open={askNotOwn !== null}
        title={t("search.notOwnStoreTitle")}
        message={t("search.notOwnStore", { name: askNotOwn?.name ?? "", store: askNotOwn?.dependencyStore ?? "" })}
        onCancel={() => setAskNotOwn(null)}
        onConfirm={() => {
          const row = askNotOwn;
          setAskNotOwn(null);
          if (row) choose(row);
        }}
      />
      {creating ? (
        <MemberFormDialog
          open
          initial={emptyMemberForm({
            name: input.name.trim(),
            phone: input.phone.trim(),
            areaCode: input.areaCode || "0086",
          })}
          onClose={() => setCreating(false)}
          onSaved={(file) => choose(rowFromFile(file))}
        />
      ) : null}
    </>
  );
}
