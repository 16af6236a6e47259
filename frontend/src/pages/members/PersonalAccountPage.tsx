import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
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
  useMemberSatisfaction,
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
import { Facts, Section } from "../../components/layout";
import { DetailError, Loading } from "../../components/feedback";
import { storeDateTime } from "../../lib/dates";
import { LabelChips, PointsLedger } from "./parts";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { formatPhone } from "../../lib/phone";
import { AccountCardsTab } from "./AccountCardsTab";
import { AccountCouponsTab } from "./AccountCouponsTab";
import { AccountOrdersTab } from "./AccountOrdersTab";
import { FormDialog } from "../../components/FormDialog";
import { DetailPage } from "../../components/DetailPage";

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
    <DetailPage
      wide
      title={t("account.title")}
      actions={
        memId !== null ? (
          <Button variant="outlined" href={`/examiningDetail?memId=${memId}`} data-testid="account-examinations">
            {t("account.examinations")}
          </Button>
        ) : undefined
      }
      backHref={LIST_ROUTE}
      backLabel={t("account.back")}
      id={memId}
      detail={detail}
      missingId={t("account.missingId")}
      notFound={t("account.notFound")}
    >
      {(member) => (
        <>
          <Tabs value={tab} onChange={(_, value: AccountTab) => setTab(value)} sx={{ mb: 2 }}>
            {TABS.map((value) => (
              <Tab key={value} value={value} label={t(`account.tabs.${value}`)} />
            ))}
          </Tabs>
          {tab === "file" ? (
            <>
              <Profile member={member} />
              <Labels member={member} />
              <Satisfaction memId={member.memId} />
              <Points member={member} />
            </>
          ) : tab === "cards" ? (
            <AccountCardsTab memId={member.memId} />
          ) : tab === "orders" ? (
            <AccountOrdersTab memId={member.memId} />
          ) : (
            <AccountCouponsTab memId={member.memId} active={member.status !== "cancelled"} />
          )}
        </>
      )}
    </DetailPage>
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
    <FormDialog
      onClose={onClose}
      title={t("account.labelsTitle")}
      maxWidth="sm"
      onSubmit={submit}
      saving={save.isPending}
    >
      <LabelSelect value={chosen} onChange={setChosen} sx={{ mt: 1 }} />
    </FormDialog>
  );
}

/** How the member rated their visits (RzEvaluateRest/getMemberSatisficing): the count, the service
 * score's average and the latest evaluations, each with its order. */
function Satisfaction({ memId }: { memId: number }) {
  const { t } = useTranslation("members");
  const satisfaction = useMemberSatisfaction(memId);
  return (
    <Section title={t("account.satisfaction.title")}>
      {satisfaction.isPending ? (
        <Loading />
      ) : satisfaction.isError ? (
        <DetailError message={satisfaction.error.message} onRetry={() => void satisfaction.refetch()} />
      ) : satisfaction.data.count === 0 ? (
        <Typography color="text.secondary">{t("account.satisfaction.none")}</Typography>
      ) : (
        <Stack spacing={1} data-testid="member-satisfaction">
          <Facts
            items={[
              [t("account.satisfaction.count"), satisfaction.data.count],
              [
                t("account.satisfaction.average"),
                t("account.satisfaction.outOfFive", { score: satisfaction.data.average }),
              ],
            ]}
          />
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {satisfaction.data.last.map((evaluation) => (
              <li key={evaluation.orderId}>
                <Typography variant="body2">
                  {t("account.satisfaction.entry", {
                    at: storeDateTime(evaluation.createdAt),
                    score: evaluation.score,
                    nurse: evaluation.nurseName || t("dash"),
                  })}
                  {evaluation.comment ? ` · ${evaluation.comment}` : ""}
                </Typography>
              </li>
            ))}
          </Box>
        </Stack>
      )}
    </Section>
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
