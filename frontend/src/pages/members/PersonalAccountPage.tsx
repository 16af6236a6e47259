import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_PHONE_VIEW,
  BTN_POINTS_ADJUST,
  fetchWholePhone,
  memberKeys,
  updateMember,
  updateSmsStatus,
  useMember,
  useMemberPoints,
  useSmsStatus,
  type MemberFile,
  type PointEntry,
} from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { LabelSelect } from "../../components/members/LabelSelect";
import { MemberFormDialog } from "../../components/members/MemberFormDialog";
import { memberFormDraftName } from "../../components/members/useMemberForm";
import { hasFormDraft } from "../../lib/formDraft";
import { PointsAdjustDialog } from "../../components/members/PointsAdjustDialog";
import { memIdFromSearch } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { Facts, PageFrame, Section } from "../../components/layout";
import { storeDateTime } from "../../lib/dates";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink } from "../../components/layout";
import { LabelChips, PointsLedger } from "./parts";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { formatPhone } from "../../lib/phone";
import { AccountCardsTab } from "./AccountCardsTab";
import { AccountCouponsTab } from "./AccountCouponsTab";
import { AccountOrdersTab } from "./AccountOrdersTab";

const LIST_ROUTE = "/MemberList";

const TABS = ["file", "cards", "orders", "coupons"] as const;
type AccountTab = (typeof TABS)[number];

/** `?tab=cards` opens that tab (a link from elsewhere); the member's file is the first. */
function tabFrom(search: string): AccountTab {
  const tab = new URLSearchParams(search).get("tab");
  return TABS.find((known) => known === tab) ?? "file";
}

interface PersonalAccountPageProps {
  search?: string;
}

/** /personalAccount?memId= (ERP-HYGL-PAG-0003-0000): a member's file, labels, SMS consent and
 * points ledger; then tabs of the member's cards, orders and coupons. */
export function PersonalAccountPage({ search = window.location.search }: PersonalAccountPageProps) {
  const { t } = useTranslation("members");
  const [memId] = useState(() => memIdFromSearch(search));
  const detail = useMember(memId);
  const [tab, setTab] = useState<AccountTab>(() => tabFrom(search));
  return (
    <PageFrame
      wide
      title={t("account.title")}
      actions={
        memId !== null ? (
          <Button variant="outlined" href={`/examiningDetail?memId=${memId}`} data-testid="account-examinations">
            {t("account.examinations")}
          </Button>
        ) : undefined
      }
    >
      <BackLink href={LIST_ROUTE}>{t("account.back")}</BackLink>
      {memId === null ? (
        <Alert severity="warning">{t("account.missingId")}</Alert>
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <DetailError
          message={detailFailure(detail.error, t("account.notFound"))}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <Tabs value={tab} onChange={(_, value: AccountTab) => setTab(value)} sx={{ mb: 2 }}>
            {TABS.map((value) => (
              <Tab key={value} value={value} label={t(`account.tabs.${value}`)} />
            ))}
          </Tabs>
          {tab === "file" ? (
            <>
              <Profile member={detail.data} />
              <Labels member={detail.data} />
              <Points member={detail.data} />
            </>
          ) : tab === "cards" ? (
            <AccountCardsTab memId={detail.data.memId} />
          ) : tab === "orders" ? (
            <AccountOrdersTab memId={detail.data.memId} />
          ) : (
            <AccountCouponsTab memId={detail.data.memId} active={detail.data.status !== "cancelled"} />
          )}
        </>
      )}
    </PageFrame>
  );
}

function Profile({ member }: { member: MemberFile }) {
  const { t } = useTranslation("members");
  const [editing, setEditing] = useState(() => hasFormDraft(memberFormDraftName(member.memId)));
  const [canViewPhone] = useState(() => hasButtonCode(BTN_PHONE_VIEW));
  const whole = useMutation({ mutationFn: () => fetchWholePhone(member.memId) });
  const active = member.status !== "cancelled";
  // Edits go through stoUpdateMember, which takes members of the chosen store only.
  const editable = active && member.myself !== false;
  const phone = whole.data
    ? formatPhone(whole.data.areaCode, whole.data.phone)
    : formatPhone(member.areaCode, member.phone);
  const dash = t("dash");
  return (
    <Section title={t("account.profile")}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <Typography variant="h6" component="p">
          {member.name}
        </Typography>
        <Chip
          size="small"
          color={active ? "success" : "default"}
          label={active ? t("account.active") : t("account.cancelled")}
        />
        <Box sx={{ flexGrow: 1 }} />
        {editable ? (
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {t("account.edit")}
          </Button>
        ) : null}
      </Stack>
      <Facts
        items={[
          [
            t("fields.phone"),
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
              <span>{phone || dash}</span>
              {canViewPhone && !whole.data && member.phone ? (
                <Button size="small" disabled={whole.isPending} onClick={() => whole.mutate()}>
                  {t("account.showPhone")}
                </Button>
              ) : null}
            </Box>,
          ],
          [t("fields.crmCode"), member.crmCode || dash],
          [t("fields.cardNo"), member.cardNo || dash],
          [t("fields.gender"), member.genderName || dash],
          [t("fields.birthday"), member.birthday || dash],
          [t("fields.source"), member.sourceName || dash],
          [t("fields.occupation"), member.occupationName || dash],
          [t("fields.income"), member.incomeName || dash],
          [t("fields.education"), member.educationName || dash],
          [t("fields.maritalStatus"), member.maritalStatusName || dash],
          [t("fields.introducer"), member.introducer?.name || dash],
          [t("fields.store"), member.dependencyStore || dash],
          [t("fields.points"), member.points],
          [t("fields.lastVisit"), storeDateTime(member.lastVisitAt) || dash],
          [t("fields.createdAt"), storeDateTime(member.createdAt) || dash],
          [t("fields.remark"), member.remark || dash],
        ]}
      />
      {active ? <SmsConsent memId={member.memId} /> : null}
      {editing ? <MemberFormDialog open member={member} onClose={() => setEditing(false)} /> : null}
    </Section>
  );
}

function SmsConsent({ memId }: { memId: number }) {
  const { t } = useTranslation("members");
  const queryClient = useQueryClient();
  const status = useSmsStatus(memId);
  const save = useMutation({
    mutationFn: (consent: boolean) => updateSmsStatus(memId, consent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
  const checked = save.isPending ? Boolean(save.variables) : Boolean(status.data?.smsConsent);
  return (
    <FormControlLabel
      sx={{ mt: 1 }}
      control={
        <Switch
          checked={checked}
          disabled={status.isPending || status.isError || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
      }
      label={t("account.sms")}
    />
  );
}

function Labels({ member }: { member: MemberFile }) {
  const { t } = useTranslation("members");
  const [editing, setEditing] = useState(false);
  return (
    <Section title={t("account.labels")}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        {member.labels.length ? (
          <LabelChips labels={member.labels} />
        ) : (
          <Typography color="text.secondary">{t("account.noLabels")}</Typography>
        )}
        {member.status !== "cancelled" && member.myself !== false ? (
          <Button size="small" onClick={() => setEditing(true)}>
            {t("account.editLabels")}
          </Button>
        ) : null}
      </Stack>
      {editing ? <LabelsDialog member={member} onClose={() => setEditing(false)} /> : null}
    </Section>
  );
}

function LabelsDialog({ member, onClose }: { member: MemberFile; onClose: () => void }) {
  const { t } = useTranslation("members");
  const titleId = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>(member.labels.map((label) => label.id));
  const save = useMutation({
    mutationFn: () => updateMember({ memId: member.memId, labels: chosen }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("account.labelsTitle")}</DialogTitle>
        <DialogContent>
          <LabelSelect value={chosen} onChange={setChosen} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Points({ member }: { member: MemberFile }) {
  const { t } = useTranslation("members");
  const paging = usePaging();
  const [adjusting, setAdjusting] = useState(false);
  const [canAdjust] = useState(() => hasButtonCode(BTN_POINTS_ADJUST));
  const result = useMemberPoints(member.memId, paging.pageIndex + 1, paging.pageSize);
  const tail: PagedColumn<PointEntry>[] = [
    { key: "store", label: t("points.store"), render: (row) => row.storeName || t("dash") },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="points-title" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: "center", mb: 1 }}>
        <Typography id="points-title" variant="h6" component="h2">
          {t("points.ledger")}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {canAdjust && member.status !== "cancelled" ? (
          <Button variant="outlined" onClick={() => setAdjusting(true)}>
            {t("points.adjust")}
          </Button>
        ) : null}
      </Stack>
      <PointsLedger result={result} paging={paging} tail={tail} />
      {canAdjust ? (
        <PointsAdjustDialog
          open={adjusting}
          onClose={() => setAdjusting(false)}
          member={{ memId: member.memId, name: member.name, phone: member.phone, areaCode: member.areaCode }}
        />
      ) : null}
    </Paper>
  );
}

mountIsland(<PersonalAccountPage />);
