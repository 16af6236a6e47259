import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_FREQUENCY_CONFIRM,
  GROUP_BUY_AREA_CODES,
  PLATFORM_TYPES,
  isReviewPlatform,
  useCouponCards,
  useCouponItems,
  usePlatforms,
  type GroupBuyAreaCode,
} from "../../api/groupBuy";
import { currentSession, hasButtonCode } from "../../api/session";
import { DayReopenAction } from "../dayClosed/DayClosed";
import { LimitedTextField } from "../LimitedTextField";
import { RetryAlert } from "../RetryAlert";
import { CandidateList, FrequencyDialog, TodayReservedDialog, WriteOffOutcome } from "./parts";
import { useWriteOffForm, type WriteOffFormState } from "./useWriteOffForm";
import { WriteOffRecords } from "./WriteOffRecords";
import { CODE_MAX, PHONE_MAX } from "./writeOffForm";

interface GroupBuyWriteOffDialogProps {
  /** Shows the dialog; each opening starts with an empty form. */
  open: boolean;
  onClose: () => void;
}

/**
 * The group-buy write-off dialog (spec §2.4, §4, §5, §8, §9): tabs by platform type, the platforms
 * of the tab, the form (platform, coupon code, area code and phone or a member of today's
 * reservations, the item the coupon buys) and the written-off records below it. Opened from the top
 * bar, the board and the member search dialog's group-buy button.
 *
 * ```tsx
 * <GroupBuyWriteOffDialog open={open} onClose={() => setOpen(false)} />
 * ```
 */
export function GroupBuyWriteOffDialog({ open, onClose }: GroupBuyWriteOffDialogProps) {
  const { t } = useTranslation("groupBuy");
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      data-testid="groupbuy-dialog"
      slotProps={{ paper: { sx: { width: 1200, maxWidth: "calc(100% - 32px)" } } }}
    >
      <DialogTitle id={titleId}>{t("title")}</DialogTitle>
      {/* Mounted only while open, so each opening starts afresh. */}
      {open ? <WriteOffContent onClose={onClose} /> : null}
    </Dialog>
  );
}

function WriteOffContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("groupBuy");
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const [asPrincipal] = useState(() => hasButtonCode(BTN_FREQUENCY_CONFIRM));
  const [picking, setPicking] = useState(false);
  const [reservedName, setReservedName] = useState("");
  const form = useWriteOffForm(storeId);
  const { values } = form;
  const platforms = usePlatforms(values.platformType);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from another dialog must not submit the form of the one under it.
    event.stopPropagation();
    form.submit();
  };

  return (
    <>
      <DialogContent>
        <Tabs
          value={values.platformType}
          onChange={(_event, next: number) => form.setPlatformType(next)}
          aria-label={t("typesLabel")}
          sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
        >
          {PLATFORM_TYPES.map((type) => (
            <Tab key={type} value={type} label={t(`types.${type}`)} data-testid={`groupbuy-tab-${type}`} />
          ))}
        </Tabs>

        <Box component="form" noValidate onSubmit={submit} aria-label={t("title")}>
          <Stack spacing={2}>
            <PlatformChips form={form} platforms={platforms} />
            <CouponHolderFields form={form} reservedName={reservedName} onPickReserved={() => setPicking(true)} />

            <Selection form={form} storeId={storeId} />

            <WriteOffMessages form={form} />

            <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
              <Button type="submit" variant="contained" disabled={form.busy} data-testid="groupbuy-submit">
                {t("submit")}
              </Button>
            </Stack>
          </Stack>
        </Box>

        <Divider sx={{ my: 3 }} />
        <WriteOffRecords platformType={values.platformType} platforms={platforms.data ?? []} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("close")}</Button>
      </DialogActions>

      <TodayReservedDialog
        open={picking}
        storeId={storeId}
        onClose={() => setPicking(false)}
        onPick={(row) => {
          setReservedName(row.name);
          form.pickReserved(row);
        }}
      />
      <FrequencyDialog
        key={form.frequency ? "open" : "closed"}
        prompt={form.frequency}
        asPrincipal={asPrincipal}
        busy={form.busy}
        onConfirm={(confirmation) => form.submit(confirmation)}
        onCancel={form.closeFrequency}
      />
    </>
  );
}

/** Whose coupon it is: the coupon code, and the holder's area code and phone, typed or taken from a
 * member of today's reservations (`onPickReserved` opens that list; the chip undoes the choice). */
function CouponHolderFields({
  form,
  reservedName,
  onPickReserved,
}: {
  form: WriteOffFormState;
  reservedName: string;
  onPickReserved: () => void;
}) {
  const { t } = useTranslation("groupBuy");
  const { values } = form;
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", alignItems: "flex-start", rowGap: 2 }}>
        <LimitedTextField
          maxChars={CODE_MAX}
          size="small"
          label={t("code")}
          value={values.checkCode}
          onChange={(event) => form.setCode(event.target.value)}
          error={form.ruleField === "checkCode"}
          helperText={form.ruleField === "checkCode" && form.ruleError ? t(form.ruleError) : undefined}
          slotProps={{ htmlInput: { "data-testid": "groupbuy-code", autoComplete: "off" } }}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          size="small"
          label={t("areaCode")}
          value={values.areaCode}
          disabled={values.fromReservation}
          onChange={(event) => form.set("areaCode", event.target.value as GroupBuyAreaCode)}
          sx={{ minWidth: 170 }}
        >
          {GROUP_BUY_AREA_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`areaCodes.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <LimitedTextField
          maxChars={PHONE_MAX}
          size="small"
          label={t("phone")}
          value={values.phone}
          onChange={(event) => form.set("phone", event.target.value.trim())}
          error={form.ruleField === "phone"}
          helperText={form.ruleField === "phone" && form.ruleError ? t(form.ruleError) : undefined}
          slotProps={{
            htmlInput: {
              "data-testid": "groupbuy-phone",
              inputMode: "numeric",
              readOnly: values.fromReservation,
            },
          }}
        />
        <Button variant="outlined" startIcon={<EventAvailableIcon />} onClick={onPickReserved}>
          {t("pickReserved")}
        </Button>
      </Stack>
      {values.fromReservation ? (
        <Box>
          <Chip
            color="info"
            label={t("reservedMember", { name: reservedName })}
            onDelete={form.clearReserved}
            aria-label={t("clearReserved")}
          />
        </Box>
      ) : null}
    </>
  );
}

/** What the last attempt came to: refused, pending at the platform, or written off. */
function WriteOffMessages({ form }: { form: WriteOffFormState }) {
  const { t } = useTranslation("groupBuy");
  return (
    <>
      {form.serverError ? (
        <Alert
          severity="error"
          data-testid="groupbuy-error"
          action={form.closedDay ? <DayReopenAction date={form.closedDay} /> : undefined}
        >
          <AlertTitle>{t("failed")}</AlertTitle>
          {form.serverError}
        </Alert>
      ) : null}
      {form.pending ? (
        <Alert severity="info" data-testid="groupbuy-pending">
          <AlertTitle>{t("pendingTitle")}</AlertTitle>
          {form.pending}
        </Alert>
      ) : null}
      {form.outcome ? <WriteOffOutcome answer={form.outcome} /> : null}
    </>
  );
}

function PlatformChips({ form, platforms }: { form: WriteOffFormState; platforms: ReturnType<typeof usePlatforms> }) {
  const { t } = useTranslation("groupBuy");
  const labelId = useId();
  const list = platforms.data ?? [];
  const invalid = form.ruleField === "platformId";
  return (
    <Box>
      <Typography variant="subtitle2" id={labelId} sx={{ mb: 0.5 }}>
        {t("platform")}
      </Typography>
      {platforms.isPending ? (
        <Typography variant="body2" color="text.secondary">
          {t("platformsLoading")}
        </Typography>
      ) : platforms.isError ? (
        <RetryAlert onRetry={() => void platforms.refetch()}>
          {platforms.error.message || t("platformsFailed")}
        </RetryAlert>
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("noPlatforms")}
        </Typography>
      ) : (
        <Box
          role="radiogroup"
          aria-labelledby={labelId}
          data-testid="groupbuy-platforms"
          sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}
        >
          {list.map((platform) => {
            const selected = form.values.platformId === platform.id;
            return (
              <Chip
                key={platform.id}
                role="radio"
                aria-checked={selected}
                label={platform.name}
                clickable
                color={selected ? "primary" : "default"}
                variant={selected ? "filled" : "outlined"}
                onClick={() => form.setPlatform(platform.id)}
              />
            );
          })}
        </Box>
      )}
      {invalid && form.ruleError ? (
        <Typography variant="caption" color="error" role="alert">
          {t(form.ruleError)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The item the coupon buys: for a review platform the pre-check's lists (required), for the others
 * the store's projects, packages and cards (optional). Errors show under it in red (spec §8). */
function Selection({ form, storeId }: { form: WriteOffFormState; storeId: number | null }) {
  const { t } = useTranslation("groupBuy");
  const { values, preCheck } = form;
  const review = isReviewPlatform(values.platformId);
  const others = values.platformId !== null && !review;
  const projects = useCouponItems(2, storeId, others);
  const packages = useCouponItems(4, storeId, others);
  const cards = useCouponCards(storeId, others);

  if (values.platformId === null) return null;

  const lists = review
    ? {
        projects: preCheck.result?.projects ?? [],
        packages: preCheck.result?.packages ?? [],
        cards: preCheck.result?.cards ?? [],
      }
    : { projects: projects.data ?? [], packages: packages.data ?? [], cards: cards.data ?? [] };
  const error =
    form.ruleField === "selection" && form.ruleError ? t(form.ruleError) : (form.serverError ?? preCheck.error);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="groupbuy-selection">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {review ? t("items") : t("itemsOptional")}
      </Typography>
      {review && !values.checkCode.trim() ? (
        <Typography variant="body2" color="text.secondary">
          {t("enterCodeFirst")}
        </Typography>
      ) : review && preCheck.checking ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {t("checking")}
        </Typography>
      ) : review && !preCheck.result ? null : (
        <Stack spacing={1.5}>
          {review && preCheck.result ? (
            <>
              <Typography variant="body2" data-testid="groupbuy-deal">
                {t("deal", { title: preCheck.result.deal.title, price: preCheck.result.deal.price })}
              </Typography>
              {preCheck.result.mapped ? null : (
                <Alert severity="info" data-testid="groupbuy-not-mapped">
                  {t("notMapped")}
                </Alert>
              )}
            </>
          ) : null}
          <CandidateList
            label={t("projects")}
            type="project"
            items={lists.projects}
            isSelected={form.isSelected}
            onToggle={form.toggle}
          />
          <CandidateList
            label={t("packages")}
            type="package"
            items={lists.packages}
            isSelected={form.isSelected}
            onToggle={form.toggle}
          />
          <CandidateList
            label={t("cards")}
            type="card"
            items={lists.cards}
            isSelected={form.isSelected}
            onToggle={form.toggle}
          />
        </Stack>
      )}
      {error ? (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }} data-testid="groupbuy-selection-error">
          {error}
        </Typography>
      ) : null}
    </Paper>
  );
}
