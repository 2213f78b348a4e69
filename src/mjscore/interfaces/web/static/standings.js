// The standings of an evening, a tournament or a season: chosen by the page's query (?event=Friday,
// ?day=2026-12-01, ?since=2026-09-01&until=2026-12-31, ?tables=1&tables=2; by default today's
// tables), ranked by table points, then score, then hands won, with each player's club rating and
// its uncertainty, and the CSV and JSON export of the same choice.

import { api, esc, formatDate, labelled, onLanguageChange, rulesetName, startPage, t } from "./common.js";
import { tableName } from "./tournament.js";

/** The page's choice as API query parameters (today's tables when nothing is chosen). */
function choice() {
  const query = new URLSearchParams(location.search);
  if (![...query.keys()].some((key) => ["event", "day", "since", "until", "tables"].includes(key))) {
    query.set("day", new Date().toISOString().slice(0, 10));
  }
  return query;
}

/** What the page's choice is, in the page's language ("opened on 3 December 2026", "2026年12月3日开桌"):
 * the server's title says the same in English. */
function title(query) {
  const parts = [];
  if (query.get("event")) parts.push(t("standings_event", { event: query.get("event") }));
  if (query.get("day")) parts.push(t("standings_day", { date: formatDate(query.get("day")) }));
  if (query.get("since")) parts.push(t("standings_since", { date: formatDate(query.get("since")) }));
  if (query.get("until")) parts.push(t("standings_until", { date: formatDate(query.get("until")) }));
  if (query.getAll("tables").length) parts.push(t("standings_tables", { tables: query.getAll("tables").join(t("list_separator")) }));
  return parts.join(" · ");
}

function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

/** Table points as printed: whole, halves, or two places (7/3 is 2.33). */
function points(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

function render(root, data, query, ratings) {
  const money = data.for_money;
  const head = ["place", "player", "table_points", "score_total", ...(money ? ["money_total"] : []), "hands_won",
    "penalties", "sessions", "rating"];
  const rating = (id) => ratings.has(id) ? `${ratings.get(id).rating} ± ${ratings.get(id).sigma}` : "";
  const rows = data.standings.map((line) => `<tr data-person="${line.person.id}">` +
    `<td class="num">${line.tied ? "=" : ""}${line.place}</td><th scope="row">${esc(line.person.name)}</th>` +
    `<td class="num" data-testid="table-points">${points(line.table_points)}</td>` +
    `<td class="num">${signed(line.score)}</td>` + (money ? `<td class="num">${esc(line.money)}</td>` : "") +
    `<td class="num">${line.hands_won}</td><td class="num">${signed(line.penalties)}</td>` +
    `<td class="num">${line.sessions}</td><td class="num" data-testid="rating">${esc(rating(line.person.id))}</td></tr>`).join("");
  root.querySelector("table.standings").innerHTML =
    `<thead><tr>${head.map((key) => `<th class="${key === "player" ? "" : "num"}">${esc(t(key))}</th>`).join("")}</tr></thead>` +
    `<tbody>${rows}</tbody>`;
  root.querySelector(".title").textContent = title(query);
  // A table counts once a hand is played on it; a tournament's tables are in its own standings.
  root.querySelector(".sessions").innerHTML = data.tables.map((table) =>
    `<li${table.hands ? "" : ' class="unplayed"'}><a href="/tables/${table.id}">${esc(tableName(table))}</a> ` +
    `<small>${esc(labelled(t("aside", { text: [rulesetName(table.ruleset), t("hands_played", { n: table.hands })]
      .join(t("list_separator")) }), ""))}</small>` +
    (table.hands ? table.seats.map((seat) => `${esc(seat.person.name)} ${signed(seat.score)}` +
      `${esc(t("aside", { text: points(seat.table_points) }))}`).join(t("list_separator")) : esc(t("standings_unplayed"))) +
    "</li>").join("");
  root.querySelector(".apart").innerHTML = data.apart.length ? esc(t("standings_apart")) + " " +
    data.apart.map((name) => `<a href="/tournaments/${encodeURIComponent(name)}">${esc(name)}</a>`).join(t("list_separator")) : "";
}

async function main() {
  await startPage("/standings");
  const root = document.querySelector("main");
  const form = root.querySelector("form.choose");
  const query = choice();
  form.elements.event.value = query.get("event") ?? "";
  form.elements.day.value = query.get("day") ?? "";
  root.querySelector(".exports").innerHTML =
    `<a href="/api/standings.csv?${esc(query)}" download data-label="export_csv"></a> · ` +
    `<a href="/api/standings?${esc(query)}" data-label="export_json"></a>`;
  for (const link of root.querySelectorAll(".exports a")) link.textContent = t(link.dataset.label);
  api("/api/standings/events").then((events) => {
    root.querySelector("#events").innerHTML = events.map((e) => `<option value="${esc(e.name)}"></option>`).join("");
  }, () => {});
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = new URLSearchParams();
    if (form.elements.event.value.trim()) chosen.set("event", form.elements.event.value.trim());
    if (form.elements.day.value) chosen.set("day", form.elements.day.value);
    location.search = chosen.toString();
  });
  let data = null;
  // The club ratings beside each player (the same for any choice of tables): none if they cannot be read.
  const ratings = new Map((await api("/api/ratings").catch(() => [])).map((line) => [line.id, line]));
  try {
    data = await api(`/api/standings?${query}`);
  } catch (problem) {
    // No table for the choice: said in the page's language (other problems as the server says them).
    const none = problem.status === 400 || problem.status === 404;
    root.querySelector(".error").textContent = none ? t("standings_none", { what: title(query) }) : problem.message;
    return;
  }
  render(root, data, query, ratings);
  onLanguageChange(() => render(root, data, query, ratings));
}

main();
