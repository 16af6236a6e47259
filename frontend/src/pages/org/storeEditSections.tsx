import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useBorrowOutCandidates, useCities, useDistricts, useProvinces } from "../../api/org";
import { TimeField } from "../../components/dates/TimeField";
import { LimitedTextField } from "../../components/LimitedTextField";
import { STORE_ADDRESS_MAX, STORE_NAME_MAX } from "./rules";
import type { StoreEditState } from "./useStoreEditForm";

/* The sections of the store's edit form (/storeBasicInfo); the state is useStoreEditForm's. Each
 * section is a run of cells in the form's one grid. */

type RegionField = "provinceCode" | "cityCode" | "districtCode";

function RegionSelect({
  edit,
  field,
  options,
  disabled,
}: {
  edit: StoreEditState;
  field: RegionField;
  options: { code: string; name: string }[] | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation("org");
  const { form, set, message } = edit;
  return (
    <TextField
      select
      fullWidth
      label={t(`fieldNames.${field}`)}
      value={options?.some((option) => option.code === form[field]) ? form[field] : ""}
      onChange={(event) => set(field, event.target.value)}
      disabled={disabled}
      error={Boolean(message(field))}
      helperText={message(field) || " "}
    >
      <MenuItem value="">{t("choose")}</MenuItem>
      {(options ?? []).map((option) => (
        <MenuItem key={option.code} value={option.code}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Name, phone, and the address: province, city and district chosen in turn, then the street. */
export function StoreContactCells({ edit }: { edit: StoreEditState }) {
  const { t } = useTranslation("org");
  const { form, set, message } = edit;
  const provinces = useProvinces();
  const cities = useCities(form.provinceCode);
  const districts = useDistricts(form.cityCode);
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <LimitedTextField
          maxChars={STORE_NAME_MAX}
          fullWidth
          required
          label={t("fieldNames.name")}
          value={form.name}
          onChange={(event) => set("name", event.target.value)}
          error={Boolean(message("name"))}
          helperText={message("name") || " "}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          label={t("fieldNames.phone")}
          value={form.phone}
          onChange={(event) => set("phone", event.target.value)}
          error={Boolean(message("phone"))}
          helperText={message("phone") || t("info.phoneHint")}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <RegionSelect edit={edit} field="provinceCode" options={provinces.data} disabled={provinces.isPending} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <RegionSelect edit={edit} field="cityCode" options={cities.data} disabled={!form.provinceCode} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <RegionSelect edit={edit} field="districtCode" options={districts.data} disabled={!form.cityCode} />
      </Grid>
      <Grid size={12}>
        <LimitedTextField
          maxChars={STORE_ADDRESS_MAX}
          fullWidth
          label={t("fieldNames.address")}
          value={form.address}
          onChange={(event) => set("address", event.target.value)}
          error={Boolean(message("address"))}
          helperText={message("address") || " "}
        />
      </Grid>
    </>
  );
}

/** Opening hours, seats and whether the store is open. */
export function StoreHoursCells({ edit }: { edit: StoreEditState }) {
  const { t } = useTranslation("org");
  const { form, set, message } = edit;
  return (
    <>
      <Grid size={{ xs: 6, md: 3 }}>
        <TimeField
          fullWidth
          label={t("fieldNames.openTime")}
          value={form.openTime}
          onChange={(value) => set("openTime", value)}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TimeField
          fullWidth
          label={t("fieldNames.closeTime")}
          value={form.closeTime}
          onChange={(value) => set("closeTime", value)}
          error={Boolean(message("closeTime"))}
          helperText={message("closeTime") || " "}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          fullWidth
          type="number"
          label={t("fieldNames.seats")}
          value={form.seats}
          onChange={(event) => set("seats", event.target.value)}
          error={Boolean(message("seats"))}
          helperText={message("seats") || " "}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          select
          fullWidth
          label={t("fieldNames.status")}
          value={form.status}
          onChange={(event) => set("status", event.target.value === "closed" ? "closed" : "open")}
          helperText=" "
        >
          <MenuItem value="open">{t("status.open")}</MenuItem>
          <MenuItem value="closed">{t("status.closed")}</MenuItem>
        </TextField>
      </Grid>
    </>
  );
}

type OwnerSwitchField = "signatureRequired" | "negativeStockAllowed" | "cardTransferApproval";

function OwnerSwitch({ edit, field, locked }: { edit: StoreEditState; field: OwnerSwitchField; locked: boolean }) {
  const { t } = useTranslation("org");
  return (
    <>
      <FormControlLabel
        disabled={locked}
        control={<Switch checked={edit.form[field]} onChange={(event) => edit.set(field, event.target.checked)} />}
        label={t(`fields.${field}`)}
      />
      {locked ? <FormHelperText sx={{ mt: 0 }}>{t("info.ownerOnly")}</FormHelperText> : null}
    </>
  );
}

/** The settings that govern approvals, money or stock: only the owner changes them (`locked` shows
 * them disabled with a hint), except the front desk's check. */
export function StoreControlCells({
  edit,
  storeId,
  locked,
}: {
  edit: StoreEditState;
  storeId: number;
  locked: boolean;
}) {
  const { t } = useTranslation("org");
  const { form, set, message } = edit;
  const ownerOnly = t("info.ownerOnly");
  const candidates = useBorrowOutCandidates(storeId);
  return (
    <>
      <Grid size={12}>
        <Autocomplete
          multiple
          disabled={locked}
          options={candidates.data ?? []}
          loading={candidates.isPending}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          value={(candidates.data ?? []).filter((option) => form.borrowOutTargetIds.includes(option.id))}
          onChange={(_event, chosen) =>
            set(
              "borrowOutTargetIds",
              chosen.map((option) => option.id),
            )
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t("fields.borrowOutTargets")}
              error={Boolean(message("borrowOutTargetIds"))}
              helperText={message("borrowOutTargetIds") || (locked ? ownerOnly : t("info.borrowOutHint"))}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <FormControlLabel
          control={
            <Switch
              checked={form.frontDeskCheckRequired}
              onChange={(event) => set("frontDeskCheckRequired", event.target.checked)}
            />
          }
          label={t("fields.frontDeskCheck")}
        />
      </Grid>
      <Grid size={12}>
        <OwnerSwitch edit={edit} field="signatureRequired" locked={locked} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <OwnerSwitch edit={edit} field="negativeStockAllowed" locked={locked} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <OwnerSwitch edit={edit} field="cardTransferApproval" locked={locked} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          label={t("fields.refundApprovalAbove")}
          value={form.refundApprovalAbove}
          disabled={locked}
          onChange={(event) => set("refundApprovalAbove", event.target.value)}
          error={Boolean(message("refundApprovalAbove"))}
          helperText={message("refundApprovalAbove") || (locked ? ownerOnly : t("fields.refundApprovalHelp"))}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      </Grid>
    </>
  );
}

/** The last question before the save. */
export function StoreSaveConfirm({ edit }: { edit: StoreEditState }) {
  const { t } = useTranslation("org");
  const { confirming, setConfirming, save } = edit;
  return (
    <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="store-confirm-title">
      <DialogTitle id="store-confirm-title">{t("info.confirmTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("info.confirmText")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setConfirming(false)}>{t("cancel")}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
          {t("confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
