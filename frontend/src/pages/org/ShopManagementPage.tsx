import StorefrontIcon from "@mui/icons-material/Storefront";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { switchStore, useDebtStatus, useOwnerStores, type OwnerStore } from "../../api/org";
import { currentSession, saveSession } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { DetailError, Loading } from "../../components/feedback";
import { Meta, PageFrame } from "../../components/layout";
import { formatHours } from "./rules";

interface ShopManagementPageProps {
  /** Where the browser goes after a switch; the page's own navigation by default. */
  navigate?: (url: string) => void;
}

/** /shopManagement (ERP-MENU): the owner's stores as cards; the owner switches into one of them. */
export function ShopManagementPage({ navigate = (url) => window.location.assign(url) }: ShopManagementPageProps) {
  const { t } = useTranslation("org");
  const stores = useOwnerStores();
  const [currentStoreId] = useState(() => currentSession()?.storeId ?? null);
  const switching = useMutation({
    mutationFn: switchStore,
    onSuccess: (info) => {
      saveSession(info);
      navigate(info.landing);
    },
  });

  return (
    <PageFrame title={t("shop.title")}>
      {stores.isPending ? (
        <Loading />
      ) : stores.isError ? (
        <DetailError message={stores.error.message} onRetry={() => void stores.refetch()} />
      ) : stores.data.length === 0 ? (
        <Alert severity="info">{t("shop.empty")}</Alert>
      ) : (
        <Grid container spacing={2}>
          {stores.data.map((store) => (
            <Grid key={store.id} size={{ xs: 12, md: 6, lg: 4 }}>
              <StoreCard
                store={store}
                current={store.id === currentStoreId}
                busy={switching.isPending}
                onSwitch={() => switching.mutate(store.id)}
              />
            </Grid>
          ))}
        </Grid>
      )}
    </PageFrame>
  );
}

function StoreCard({
  store,
  current,
  busy,
  onSwitch,
}: {
  store: OwnerStore;
  current: boolean;
  busy: boolean;
  onSwitch: () => void;
}) {
  const { t } = useTranslation("org");
  const debt = useDebtStatus(store.id);
  const disabled = debt.data?.disabled ?? store.debtDisabled;
  const none = t("notSet");
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={store.name}
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
          <StorefrontIcon color="primary" />
          <Typography variant="h6" component="h2">
            {store.name}
          </Typography>
          <Chip size="small" color={store.status === "open" ? "success" : "default"} label={store.statusName} />
          {disabled ? <Chip size="small" color="error" label={t("shop.debtDisabled")} /> : null}
          {current ? <Chip size="small" variant="outlined" color="primary" label={t("shop.current")} /> : null}
        </Stack>
        {disabled && (debt.data?.reason || store.debtDisabledReason) ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {debt.data?.reason || store.debtDisabledReason}
          </Alert>
        ) : null}
        <Box component="dl" sx={{ display: "grid", rowGap: 0.5, m: 0 }}>
          <Meta label={t("fields.address")}>{store.fullAddress || none}</Meta>
          <Meta label={t("fields.phone")}>{store.phone || none}</Meta>
          <Meta label={t("fields.hours")}>{formatHours(store.openTime, store.closeTime, none)}</Meta>
          <Meta label={t("shop.activeStaff")}>{store.activeStaff}</Meta>
          <Meta label={t("shop.onDutyToday")}>{store.onDutyToday ?? t("shop.noSchedule")}</Meta>
        </Box>
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={disabled || busy} onClick={onSwitch}>
          {t("shop.switch")}
        </Button>
      </CardActions>
    </Card>
  );
}

mountIsland(<ShopManagementPage />);
