// A tournament's round and standings as the director's page and the players' page show them, and
// the name of a tournament's table in the page's language.

import { esc, t } from "./common.js";

export function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

export function points(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** A table's name: a tournament's table as the page's language says it (第 2 轮第 1 桌), any other by
 * the name it was given (or its number). `table.round` is the API's {tournament, round, number}. */
export function tableName(table) {
  if (table.round) return t("tournament_round_table", { round: table.round.round, n: table.round.number });
  return table.name || `#${table.id}`;
}

/** Who sits in a seat, a substitute named in the page's language (替补 1). */
export function seatName(seat) {
  return seat.substitute ? t("tournament_substitute", { n: seat.substitute }) : seat.name;
}

/** The standings columns every tournament page shows, the penalties among them. */
export const STANDINGS_HEAD = ["place", "player", "table_points", "score_total", "penalties", "hands_won"];

/** A line of the standings as table cells, after its place. */
export function standingsCells(line) {
  return `<th scope="row">${esc(line.name)}${line.dropped ? esc(t("aside", { text: t("tournament_dropped") })) : ""}</th>` +
    `<td class="num" data-testid="table-points">${points(line.table_points)}</td>` +
    `<td class="num">${signed(line.score)}</td>` +
    `<td class="num" data-testid="penalties">${line.penalties ? `-${line.penalties}` : "0"}</td>` +
    `<td class="num">${line.hands_won}</td>`;
}

/** Fill `root`'s .name, .seating and .standings from the API's answer; `links`: each table links to its page. */
export function renderTournament(root, data, { links = false } = {}) {
  root.querySelector(".name").textContent = data.name;
  const round = data.round;
  root.querySelector(".seating-title").textContent = round ? t("tournament_round", { n: round.number }) : "";
  const separator = t("list_separator");
  root.querySelector(".seating").innerHTML = round ? round.tables.map((table) => {
    const name = esc(t("tournament_table", { n: table.number }));
    return `<li data-table="${table.number}" class="${table.over ? "over" : ""}">` +
      (links ? `<a href="/tables/${table.table_id}"><strong>${name}</strong></a>` : `<strong>${name}</strong>`) +
      (table.over ? `<small>${esc(t("aside", { text: t("table_over") }))}</small>` : "") + esc(t("colon")) +
      table.seats.map((seat) => `${esc(t(`seat_${seat.wind}`))} ${esc(seatName(seat))}`).join(esc(separator)) + "</li>";
  }).join("") +
    (round.byes.length ? `<li>${esc(t("bye"))}${esc(t("colon"))}${round.byes.map(esc).join(esc(separator))}</li>` : "") : "";
  root.querySelector(".standings-title").textContent = t("standings_after", { n: data.standings_after });
  root.querySelector("table.standings").innerHTML =
    `<thead><tr>${STANDINGS_HEAD.map((key) => `<th class="${key === "player" ? "" : "num"}">${esc(t(key))}</th>`).join("")}</tr></thead>` +
    "<tbody>" + data.standings.map((line) =>
      `<tr${line.dropped ? ' class="dropped"' : ""}><td class="num">${line.tied ? "=" : ""}${line.place}</td>` +
      standingsCells(line) + "</tr>").join("") + "</tbody>";
}
