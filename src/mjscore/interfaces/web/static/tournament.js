// A tournament's round and standings as the projector page and the director's page show them.

import { esc, t } from "./common.js";

function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

function points(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** Fill `root`'s .name, .seating and .standings from the API's answer; `links`: each table links to its page. */
export function renderTournament(root, data, { links = false } = {}) {
  root.querySelector(".name").textContent = data.name;
  const round = data.round;
  root.querySelector(".seating-title").textContent = round ? t("tournament_round", { n: round.number }) : "";
  root.querySelector(".seating").innerHTML = round ? round.tables.map((table) =>
    `<li data-table="${table.number}" class="${table.over ? "over" : ""}">` +
    (links ? `<a href="/tables/${table.table_id}"><strong>${esc(t("tournament_table", { n: table.number }))}</strong></a>`
      : `<strong>${esc(t("tournament_table", { n: table.number }))}</strong>`) +
    (table.over ? ` <small>(${esc(t("table_over"))})</small>` : "") + ": " +
    table.seats.map((seat) => `${esc(t(`seat_${seat.wind}`))} ${esc(seat.name)}`).join(", ") + "</li>").join("") +
    (round.byes.length ? `<li>${esc(t("bye"))}: ${round.byes.map(esc).join(", ")}</li>` : "") : "";
  root.querySelector(".standings-title").textContent = t("standings_after", { n: data.standings_after });
  const head = ["place", "player", "table_points", "score_total", "hands_won"];
  root.querySelector("table.standings").innerHTML =
    `<thead><tr>${head.map((key) => `<th class="${key === "player" ? "" : "num"}">${esc(t(key))}</th>`).join("")}</tr></thead>` +
    "<tbody>" + data.standings.map((line) =>
      `<tr${line.dropped ? ' class="dropped"' : ""}><td class="num">${line.tied ? "=" : ""}${line.place}</td>` +
      `<th scope="row">${esc(line.name)}${line.dropped ? ` <small>(${esc(t("tournament_dropped"))})</small>` : ""}</th>` +
      `<td class="num" data-testid="table-points">${points(line.table_points)}</td>` +
      `<td class="num">${signed(line.score)}</td><td class="num">${line.hands_won}</td></tr>`).join("") + "</tbody>";
}
