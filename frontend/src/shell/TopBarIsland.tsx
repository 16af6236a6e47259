/** Entry of the shell island: every signed-in page mounts it into #shell-root (templates/page.html). */
import { mountIsland } from "../islands/mount";
import { Shell } from "./TopBar";

mountIsland(<Shell />, "shell-root");
