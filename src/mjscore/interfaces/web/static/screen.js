// A tournament on the projector (and on a player's phone): the last round seated, table by table
// with its seats and whether it is over, and the standings after the last round over. It asks
// again every few seconds, so it follows the rounds by itself.

import { api, esc, onLanguageChange, startPage, t } from "./common.js";

/** How often the page asks again, in milliseconds. */
const REFRESH = 5000;

function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

function points(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

function render(root, data) {
  root.querySelector(".name").textContent = data.name;
  const round = data.round;
  root.querySelector(".seating-title").textContent = round ? t("tournament_round", { n: round.number }) : "";
  root.querySelector(".seating").innerHTML = round ? round.tables.map((table) =>
    `<li data-table="${table.number}" class="${table.over ? "over" : ""}">` +
    `<strong>${esc(t("tournament_table", { n: table.number }))}</strong>` +
    (table.over ? ` <small>(${esc(t("table_over"))})</small>` : "") + ": " +
    table.seats.map((seat) => `${esc(t(`seat_${seat.wind}`))} ${esc(seat.name)}`).join(", ") + "</li>").join("") +
    (round.byes.length ? `<li>${esc(t("bye"))}: ${round.byes.map(esc).join(", ")}</li>` : "") : "";
  root.querySelector(".standings-title").textContent = t("standings_after", { n: data.standings_after });
  const head = ["place", "player", "table_points", "score_total", "hands_won"];
  root.querySelector("table.standings").innerHTML =
    `<thead><tr>${head.map((key) => `<th class="${key === "player" ? "" : "num"}">${esc(t(key))}</th>`).join("")}</tr></thead>` +
    "<tbody>" + data.standings.map((line) =>
      `<tr><td class="num">${line.tied ? "=" : ""}${line.place}</td><th scope="row">${esc(line.name)}</th>` +
      `<td class="num" data-testid="table-points">${points(line.table_points)}</td>` +
      `<td class="num">${signed(line.score)}</td><td class="num">${line.hands_won}</td></tr>`).join("") + "</tbody>";
}

async function main() {
  await startPage("/standings");
  const root = document.querySelector("main");
  const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  let data = null;
  const load = async () => {
    try {
      data = await api(`/api/tournaments/${encodeURIComponent(name)}`);
      root.querySelector(".error").textContent = "";
      render(root, data);
    } catch (problem) {
      root.querySelector(".error").textContent = problem.message;
    }
  };
  await load();
  setInterval(load, REFRESH);
  onLanguageChange(() => data && render(root, data));
}

main();
