// A tournament on the projector (and on a player's phone): the last round seated, table by table
// with its seats and whether it is over, and the standings after the last round over. It asks
// again every few seconds, so it follows the rounds by itself.

import { api, onLanguageChange, startPage } from "./common.js";
import { renderTournament } from "./tournament.js";

/** How often the page asks again, in milliseconds. */
const REFRESH = 5000;

async function main() {
  await startPage("/standings");
  const root = document.querySelector("main");
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  let data = null;
  const load = async () => {
    try {
      data = await api(`/api/tournaments/${encodeURIComponent(name)}`);
      root.querySelector(".error").textContent = "";
      renderTournament(root, data);
    } catch (problem) {
      root.querySelector(".error").textContent = problem.message;
    }
  };
  await load();
  setInterval(load, REFRESH);
  onLanguageChange(() => data && renderTournament(root, data));
}

main();
