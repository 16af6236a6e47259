import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Drawer from "@mui/material/Drawer";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { BTN_COMMISSION_PLAN, usePlan, usePlans, type Plan, type PlanVersion } from "../../api/commission";
import { hasButtonCode } from "../../api/session";
import { HeadedTable } from "../../components/HeadedTable";
import { TableStateRow } from "../../components/feedback";
import { DrawerHeading, PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { formatMoney } from "../../lib/money";
import { storeToday } from "../../lib/dates";
import { tiersText } from "./rules";
import { VersionFormDialog } from "./VersionFormDialog";

const NS = "commission";

/** /commissionPlans: the commission plans the role manages (the chain's and its stores'), each with
 * the version in force; a plan's versions in a drawer, and a new version (or a new plan) through a
 * form that is confirmed before it is saved. Versions never change: an edit starts a new one. */
export function CommissionPlansPage() {
  const { t } = useTranslation(NS);
  const plans = usePlans();
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const may = hasButtonCode(BTN_COMMISSION_PLAN);
  const today = storeToday();

  return (
    <PageFrame
      wide
      title={t("plans.title")}
      actions={
        may ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="plan-new">
            {t("plan.new")}
          </Button>
        ) : null
      }
    >
      <HeadedTable
        label={t("plans.title")}
        heads={[
          t("fields.name"),
          t("fields.level"),
          t("fields.position"),
          t("fields.kind"),
          t("fields.effectiveFrom"),
          t("fields.tierMode"),
          t("fields.tiers"),
          t("fields.perSession"),
          t("fields.versions"),
        ]}
      >
        {plans.isPending || plans.isError || !plans.data?.length ? (
          <TableStateRow
            columns={9}
            state={plans.isPending ? "loading" : plans.isError ? "error" : "empty"}
            emptyText={t("plans.empty")}
            errorText={plans.error instanceof ApiError ? plans.error.message : undefined}
            onRetry={() => void plans.refetch()}
          />
        ) : (
          plans.data.map((plan) => <PlanRow key={plan.planId} plan={plan} onOpen={() => setOpenId(plan.planId)} />)
        )}
      </HeadedTable>
      <PlanDrawer id={openId} onClose={() => setOpenId(null)} may={may} today={today} />
      {creating ? (
        <VersionFormDialog
          plan={null}
          today={today}
          onClose={() => setCreating(false)}
          onSaved={(plan) => {
            setCreating(false);
            setOpenId(plan.planId);
          }}
        />
      ) : null}
    </PageFrame>
  );
}

function PlanRow({ plan, onOpen }: { plan: Plan; onOpen: () => void }) {
  const { t } = useTranslation(NS);
  const current = plan.current;
  return (
    <TableRow hover data-testid={`plan-row-${plan.planId}`}>
      <TableCell>
        <Button size="small" onClick={onOpen}>
          {plan.name}
        </Button>
      </TableCell>
      <TableCell>{plan.storeId === null ? t("plans.chain") : plan.storeName}</TableCell>
      <TableCell>{plan.positionName}</TableCell>
      <TableCell>{plan.kindName}</TableCell>
      <TableCell>{current?.effectiveFrom ?? t("plans.notYet")}</TableCell>
      <TableCell>{current ? t(`modes.${current.tierMode}`) : ""}</TableCell>
      <TableCell>{current ? tiersText(current.tiers) : ""}</TableCell>
      <TableCell>{current ? formatMoney(current.perSession) : ""}</TableCell>
      <TableCell>{plan.versionCount}</TableCell>
    </TableRow>
  );
}

function PlanDrawer({
  id,
  onClose,
  may,
  today,
}: {
  id: number | null;
  onClose: () => void;
  may: boolean;
  today: string;
}) {
  const { t } = useTranslation(NS);
  const plan = usePlan(id);
  const [versioning, setVersioning] = useState(false);
  const detail = plan.data;
  return (
    <Drawer anchor="right" open={id !== null} onClose={onClose}>
      <Box sx={{ width: 520, p: 3 }} data-testid="plan-drawer">
        <DrawerHeading
          title={detail?.name ?? t("plans.title")}
          closeLabel={t("close")}
          onClose={onClose}
          sx={{ mb: 2 }}
        />
        {detail ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {detail.storeId === null ? t("plans.chain") : detail.storeName} · {detail.positionName} ·{" "}
              {detail.kindName}
            </Typography>
            {may && detail.changeable ? (
              <Button variant="outlined" onClick={() => setVersioning(true)} sx={{ mb: 2 }} data-testid="version-new">
                {t("version.new")}
              </Button>
            ) : null}
            {detail.versions.map((version) => (
              <VersionCard key={version.versionId} version={version} />
            ))}
            {versioning ? (
              <VersionFormDialog
                plan={detail}
                today={today}
                onClose={() => setVersioning(false)}
                onSaved={() => setVersioning(false)}
              />
            ) : null}
          </>
        ) : null}
      </Box>
    </Drawer>
  );
}

function VersionCard({ version }: { version: PlanVersion }) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, mb: 1.5 }} data-testid="version-card">
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 0.5 }}>
        <Typography variant="subtitle2">{t("version.from", { day: version.effectiveFrom })}</Typography>
        {version.inForce ? <Chip size="small" color="success" label={t("version.inForce")} /> : null}
        {version.frozen ? <Chip size="small" label={t("version.frozen")} /> : null}
      </Box>
      <Typography variant="body2">
        {t(`modes.${version.tierMode}`)} · {tiersText(version.tiers)}
      </Typography>
      <Typography variant="body2">
        {t("fields.perSession")}: {formatMoney(version.perSession)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {version.createdBy} {version.note ? `· ${version.note}` : ""}
      </Typography>
    </Box>
  );
}

mountIsland(<CommissionPlansPage />);
