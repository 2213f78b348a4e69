// A tournament on a player's phone: the last round seated, table by table with its seats and
// whether it is over, and the standings after the last round over (the projector has its own page,
// projector.js). It asks again every few seconds, so it follows the rounds by itself. A player
// finds their own table: the name chosen is kept on the phone, and the line "Ann: table 2, South",
// a link that opens that table's page (where its hands are recorded), follows each new round.

import { api, esc, lang, onLanguageChange, startPage, t } from "./common.js";
import { renderTournament } from "./tournament.js";

/** The line that tells `name` where they sit in the round shown (or that they have a bye), as HTML:
 * their table's line links to the table's page. */
function myTable(data, name) {
  if (!name || !data.round) return "";
  if (data.round.byes.includes(name)) return esc(t("my_table_bye", { name }));
  for (const table of data.round.tables) {
    const seat = table.seats.find((s) => s.name === name);
    if (seat) {
      return `<a href="/tables/${table.table_id}" data-testid="my-table-link">` +
        `${esc(t("my_table", { name, n: table.number, seat: t(`seat_${seat.wind}`) }))}</a>`;
    }
  }
  return esc(t("my_table_none", { name }));
}

/** How often the page asks again, in milliseconds. */
const REFRESH = 5000;

async function main() {
  await startPage("/tournaments", { title: "nav_tournaments" });
  const root = document.querySelector("main");
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const kept = `mjscore.tournament.${name}.me`;
  const me = root.querySelector("form.me").elements.player;
  let data = null;
  const show = () => {
    renderTournament(root, data);
    const names = data.standings.map((line) => line.name).sort((a, b) => a.localeCompare(b));
    const chosen = me.value || localStorage.getItem(kept) || "";
    me.innerHTML = `<option value=""></option>` + names.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join("");
    me.value = names.includes(chosen) ? chosen : "";
    root.querySelector(".my-table").innerHTML = myTable(data, me.value);
  };
  me.addEventListener("change", () => {
    localStorage.setItem(kept, me.value);
    if (data) show();
  });
  const load = async () => {
    try {
      data = await api(`/api/tournaments/${encodeURIComponent(name)}`, { query: { lang: lang() } });
      root.querySelector(".error").textContent = "";
      show();
    } catch (problem) {
      root.querySelector(".error").textContent = problem.message;
    }
  };
  await load();
  setInterval(load, REFRESH);
  onLanguageChange(() => data && show());
}

main();
