import {
  Autocomplete,
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { hasFormDraft } from "../../lib/formDraft";
import { useTranslation } from "react-i18next";
import {
  BTN_STORE_CONTROLS,
  useBorrowOutCandidates,
  useCities,
  useDistricts,
  useProvinces,
  useStoreInfoCheck,
  type StoreInfoCheck,
} from "../../api/org";
import { currentSession, hasButtonCode } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { DetailError, Loading } from "../../components/feedback";
import { Meta, PageFrame } from "../../components/layout";
import { STORE_ADDRESS_MAX, STORE_NAME_MAX, formatHours } from "./rules";
import { STORE_EDIT_FORM, useStoreEditForm } from "./useStoreEditForm";
import { LimitedTextField } from "../../components/LimitedTextField";
import { formatMoney } from "../../lib/money";
import { TimeField } from "../../components/dates/TimeField";

/** /storeBasicInfo (MDGL-PAG-0002-0000): the acting store's information, and its edit form. */
export function StoreBasicInfoPage() {
  const { t } = useTranslation("org");
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  // The settings that govern approvals, money or stock are the owner's (the server refuses the rest).
  const [mayChangeControls] = useState(() => hasButtonCode(BTN_STORE_CONTROLS));
  const info = useStoreInfoCheck(storeId);
  // A draft kept over a new sign-in reopens the form (lib/formDraft.ts).
  const [editing, setEditing] = useState(() => hasFormDraft(STORE_EDIT_FORM));

  return (
    <PageFrame
      title={t("info.title")}
      actions={
        info.data && !editing ? (
          <Button variant="contained" onClick={() => setEditing(true)}>
            {t("info.edit")}
          </Button>
        ) : null
      }
    >
      {storeId === null ? (
        <Alert severity="warning">{t("info.noStore")}</Alert>
      ) : info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <DetailError message={info.error.message} onRetry={() => void info.refetch()} />
      ) : editing ? (
        <StoreEditForm store={info.data} mayChangeControls={mayChangeControls} onDone={() => setEditing(false)} />
      ) : (
        <StoreView store={info.data} />
      )}
    </PageFrame>
  );
}

function StoreView({ store }: { store: StoreInfoCheck }) {
  const { t } = useTranslation("org");
  const none = t("notSet");
  return (
    <Stack spacing={2}>
      {!store.complete ? (
        <Alert severity="warning">
          {t("info.incomplete", {
            fields: store.missingFields.map((field) => t(`fieldNames.${field}`)).join(t("listSeparator")),
          })}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
          <Typography variant="h6" component="h2">
            {store.name}
          </Typography>
          <Chip size="small" color={store.status === "open" ? "success" : "default"} label={store.statusName} />
          {store.debtDisabled ? <Chip size="small" color="error" label={t("shop.debtDisabled")} /> : null}
        </Stack>
        <Box component="dl" sx={{ display: "grid", rowGap: 1, m: 0 }}>
          <Meta label={t("fields.code")}>{store.code}</Meta>
          <Meta label={t("fields.address")}>{store.fullAddress || none}</Meta>
          <Meta label={t("fields.phone")}>{store.phone || none}</Meta>
          <Meta label={t("fields.hours")}>{formatHours(store.openTime, store.closeTime, none)}</Meta>
          <Meta label={t("fields.seats")}>{store.seats ?? none}</Meta>
          <Meta label={t("fields.frontDeskCheck")}>{store.frontDeskCheckRequired ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.signatureRequired")}>{store.signatureRequired ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.negativeStockAllowed")}>{store.negativeStockAllowed ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.cardTransferApproval")}>{store.cardTransferApproval ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.refundApprovalAbove")}>
            {store.refundApprovalAbove !== null ? formatMoney(store.refundApprovalAbove) : t("fields.noApproval")}
          </Meta>
          <Meta label={t("fields.borrowOutTargets")}>
            {store.borrowOutTargets.length
              ? store.borrowOutTargets.map((target) => target.name).join(t("listSeparator"))
              : none}
          </Meta>
        </Box>
      </Paper>
    </Stack>
  );
}

function StoreEditForm({
  store,
  mayChangeControls,
  onDone,
}: {
  store: StoreInfoCheck;
  mayChangeControls: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("org");
  const { form, set, message, submit, confirming, setConfirming, save } = useStoreEditForm(
    store,
    onDone,
    mayChangeControls,
  );
  const locked = !mayChangeControls;
  const ownerOnly = t("info.ownerOnly");
  const ownerSwitch = (field: "signatureRequired" | "negativeStockAllowed" | "cardTransferApproval", label: string) => (
    <>
      <FormControlLabel
        disabled={locked}
        control={<Switch checked={form[field]} onChange={(event) => set(field, event.target.checked)} />}
        label={label}
      />
      {locked ? <FormHelperText sx={{ mt: 0 }}>{ownerOnly}</FormHelperText> : null}
    </>
  );
  const provinces = useProvinces();
  const cities = useCities(form.provinceCode);
  const districts = useDistricts(form.cityCode);
  const candidates = useBorrowOutCandidates(store.id);

  const regionSelect = (
    field: "provinceCode" | "cityCode" | "districtCode",
    options: { code: string; name: string }[] | undefined,
    disabled: boolean,
  ) => (
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

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t("info.editTitle")}
      sx={{ p: 3 }}
    >
      <Grid container spacing={2}>
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
        <Grid size={{ xs: 12, md: 4 }}>{regionSelect("provinceCode", provinces.data, provinces.isPending)}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{regionSelect("cityCode", cities.data, !form.provinceCode)}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{regionSelect("districtCode", districts.data, !form.cityCode)}</Grid>
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
        <Grid size={12}>{ownerSwitch("signatureRequired", t("fields.signatureRequired"))}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{ownerSwitch("negativeStockAllowed", t("fields.negativeStockAllowed"))}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{ownerSwitch("cardTransferApproval", t("fields.cardTransferApproval"))}</Grid>
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
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
        <Button onClick={onDone}>{t("cancel")}</Button>
        <Button type="submit" variant="contained">
          {t("save")}
        </Button>
      </Stack>
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
    </Paper>
  );
}

mountIsland(<StoreBasicInfoPage />);
