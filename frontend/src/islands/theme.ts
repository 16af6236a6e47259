import { createTheme } from "@mui/material/styles";

export const theme = createTheme({
  palette: {
    primary: { main: "#2e7d6b" },
    secondary: { main: "#b5835a" },
    background: { default: "#f5f7f6" },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
});
