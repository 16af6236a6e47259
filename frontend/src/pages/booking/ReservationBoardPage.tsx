import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DetailError, Loading } from "../../components/feedback";
import { GroupBuyWriteOffDialog } from "../../components/groupBuy/GroupBuyWriteOffDialog";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { Grid } from "./boardGrid";
import { BoardToolbar, CountsStrip } from "./boardToolbar";
import { ProblemList } from "./parts";
import { ReservationDrawer } from "./ReservationDrawer";
import { newOrderHref } from "./rules";
import { useBoardDay } from "./useBoardDay";

const BOARD_REFRESH_MS = 30_000;

interface ReservationBoardPageProps {
  search?: string;
  navigate?: (url: string) => void;
  /** The timed refresh (ms); tests shorten it. */
  refreshMs?: number;
}

/** /orderBoard (ERP-YUKB-PAG-0001-0000): the store's day, nurses as columns and the time periods as
 * rows, reservations as blocks; drag to move, click to act. Refreshes every 30 s in place: the date,
 * filters, scroll position and open drawer are component state the refresh does not touch. */
export function ReservationBoardPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
  refreshMs = BOARD_REFRESH_MS,
}: ReservationBoardPageProps) {
  const { t } = useTranslation("booking");
  const { t: tg } = useTranslation("groupBuy");
  const [openId, setOpenId] = useState<number | null>(null);
  const [groupBuyOpen, setGroupBuyOpen] = useState(false);
  const { date, setDate, today, filters, setFilters, board, moves, moveProblems, setMoveProblems, move, duty } =
    useBoardDay(search, refreshMs);
  const data = board.data;

  return (
    <PageFrame
      title={t("board.title")}
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setGroupBuyOpen(true)} data-testid="board-groupbuy">
            {tg("entry")}
          </Button>
          <Button variant="outlined" href={`/newOrder?date=${date}&walkIn=1`} data-testid="walk-in-booking">
            {t("board.walkInBooking")}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            href={newOrderHref({ date })}
            data-testid="new-reservation"
          >
            {t("board.newReservation")}
          </Button>
        </Stack>
      }
    >
      <BoardToolbar
        date={date}
        today={today}
        setDate={setDate}
        filters={filters}
        setFilters={setFilters}
        nurses={data?.nurses ?? []}
      />

      {board.isPending ? (
        <Loading />
      ) : board.isError && !data ? (
        <DetailError message={board.error.message} onRetry={() => void board.refetch()} />
      ) : data ? (
        <>
          <CountsStrip
            board={data}
            onPick={(status) => setFilters((previous) => ({ ...previous, status }))}
            active={filters.status}
          />
          {board.isError ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t("board.refreshFailed")}
            </Alert>
          ) : null}
          {moveProblems ? (
            <Box sx={{ mb: 1 }}>
              <ProblemList
                title={t("board.moveRefused")}
                problems={moveProblems}
                onClose={() => setMoveProblems(null)}
                testId="move-problems"
              />
            </Box>
          ) : null}
          {data.reservations.length === 0 ? (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="board-empty">
              {date === today ? t("board.emptyToday") : t("board.emptyDay")}
            </Alert>
          ) : null}
          <Grid
            board={data}
            date={date}
            today={today}
            filters={filters}
            moves={moves}
            onOpen={setOpenId}
            onMove={(reservation, nurseId, minutes) => move.mutate({ reservation, nurseId, minutes })}
            onEmptyCell={(nurseId, minutes) => navigate(newOrderHref({ nurseId, date, minutes }))}
            onDuty={(nurse, on) => duty.mutate({ nurse, on })}
            dutyBusy={duty.isPending}
          />
        </>
      ) : null}

      <ReservationDrawer
        id={openId}
        onClose={() => setOpenId(null)}
        navigate={navigate}
        refetchInterval={refreshMs}
        board={data}
      />
      {groupBuyOpen ? <GroupBuyWriteOffDialog open onClose={() => setGroupBuyOpen(false)} /> : null}
    </PageFrame>
  );
}

mountIsland(<ReservationBoardPage />);
