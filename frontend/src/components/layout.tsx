/** The layout pieces every page shares: the frame, the way back, labelled facts, sections and a side
 * drawer's heading. */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/** The frame of a page: a heading, its actions, and the content under it; `wide` for the lists with
 * many columns (the catalogue's, the members', the board). */
export function PageFrame({
  title,
  actions,
  wide = false,
  children,
}: {
  title: string;
  actions?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Container component="main" maxWidth={wide ? "xl" : "lg"} sx={{ py: 3 }}>
      <Stack
        direction="row"
        sx={{ alignItems: "center", justifyContent: "space-between", mb: 2, gap: 2, flexWrap: "wrap" }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Container>
  );
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} underline="hover" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 2 }}>
      <ArrowBackIcon fontSize="small" />
      {children}
    </Link>
  );
}

/** A labelled fact of a detail page. */
export function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: "flex", gap: 1 }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A block of a detail page with a heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Labelled facts. */
export type Fact = readonly [string, ReactNode];

export function Facts({ items }: { items: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, rowGap: 1, columnGap: 3, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Meta key={label} label={label}>
          {value}
        </Meta>
      ))}
    </Box>
  );
}

/** The heading of a side drawer: its title and the button that closes it (`sx`: its spacing). */
export function DrawerHeading({
  title,
  closeLabel,
  onClose,
  sx,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Stack
      direction="row"
      sx={[{ alignItems: "center", justifyContent: "space-between" }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <IconButton aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}
