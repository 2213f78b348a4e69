// The statistics page: one table, or the whole club, over a range of days (GET /api/tables/stats):
// each player's balance over the evening as a line chart, the players' rates (each with what it is
// taken over), every award's share of the wins and the distribution of totals as bar charts, and the
// players' points (and money, at tables that play for it). The page's own words are the label
// catalogue's `stats_` labels (mjscore/labels.json), the rulesets' units its `unit_` labels.

import { api, esc, lang, onLanguageChange, rulesetName, startPage, t } from "./common.js";
import { balanceBars, COLOURS, horizontalBars, lineChart, verticalBars } from "./stats-charts.js";

/** One of the page's words (the catalogue's `stats_` labels) in the page's language, with
 * {placeholders} filled from `values`. */
function say(key, values = {}) {
  return t(key.startsWith("stats_") ? key : `stats_${key}`, values);
}

function applyWords() {
  for (const element of document.querySelectorAll("[data-stats-label]")) {
    element.textContent = say(element.dataset.statsLabel);
  }
}

/** A ruleset's unit (points, tai, fan) in the page's language; an unknown unit as it is. */
function unitName(unit) {
  const name = t(`unit_${unit}`);
  return name === `unit_${unit}` ? unit : name;
}

/** What the players' places are taken over (each average's `over`): tables, sessions, or both. */
function placesNote(players) {
  const overs = new Set(players.filter((p) => p.average_place.of).map((p) => p.average_place.over));
  if (overs.size > 1 || overs.has("sessions and tables played")) return say("places_mixed");
  return overs.has("sessions played") ? say("places_sessions") : say("places_tables");
}

const percent = (rate) => (rate.value === null ? "–" : `${(100 * rate.value).toFixed(1)}%`);
const rateCell = (rate) => `<td class="num">${rate.count}/${rate.of} <small>${percent(rate)}</small></td>`;
const averageText = (average) => (average.value === null ? "–" : average.value.toFixed(2));
/** The tournament round each of a tournament's tables is (from /api/tables): its name in the page's language. */
let rounds = new Map();
const tableName = (table) => {
  const id = table.id ?? table.table;
  const round = table.round ?? rounds.get(id);
  const name = round ? t("tournament_round_table", { round: round.round, n: round.number }) : table.name;
  return `#${id}${name ? ` ${name}` : ""}`;
};

/** The head of a table: a column per key; those in `text` hold words, the others numbers. */
function headRow(keys, text = ["col_player"]) {
  return `<thead><tr>${keys.map((key) => `<th${text.includes(key) ? "" : ' class="num"'}>${esc(say(key))}</th>`)
    .join("")}</tr></thead>`;
}

function showPlayers(data) {
  const sessions = data.players.some((p) => p.sessions);
  document.querySelector("table.players").innerHTML =
    headRow(["col_player", "col_tables", ...(sessions ? ["col_sessions"] : []), "col_hands", "col_wins",
      "col_self_draws", "col_deal_ins", "col_places", "col_place"]) +
    `<tbody>${data.players.map((p) => `<tr data-player="${esc(p.player)}"><th>${esc(p.player)}</th>` +
      `<td class="num">${p.tables}</td>${sessions ? `<td class="num">${p.sessions}</td>` : ""}` +
      `<td class="num">${p.hands}</td>${rateCell(p.wins)}${rateCell(p.self_draws)}` +
      `${rateCell(p.deal_ins)}<td class="num">${p.places.join("-")}</td>` +
      `<td class="num">${averageText(p.average_place)}</td></tr>`).join("")}</tbody>`;
  document.querySelector(".places-note").textContent = placesNote(data.players);
  const money = data.players.some((p) => p.points.some((q) => q.money !== null));
  document.querySelector(".money-note").hidden = !money;
  document.querySelector("table.points").innerHTML =
    headRow(["col_player", "col_ruleset", "col_net", ...(money ? ["col_money"] : []), "col_won", "col_lost",
      "col_biggest"], ["col_player", "col_ruleset", "col_biggest"]) +
    `<tbody>${data.players.flatMap((p) => p.points.map((q) => `<tr><th>${esc(p.player)}</th>` +
      `<td>${esc(rulesetName(q.ruleset))} <small class="unit">${esc(unitName(q.unit))}</small></td><td class="num">${q.net}</td>` +
      `${money ? `<td class="num money">${q.money === null ? "–" : esc(q.money)}</td>` : ""}` +
      `<td class="num">${averageText(q.won)}</td><td class="num">${averageText(q.lost)}</td>` +
      `<td>${q.biggest ? esc(say("biggest_at", { total: q.biggest.total, table: q.biggest.table, entry: q.biggest.entry }))
        : "–"}</td></tr>`)).join("")}</tbody>`;
}

function showBalance(balances) {
  const box = document.querySelector(".balance-chart");
  document.querySelector(".balance-figures").hidden = false;
  const figures = document.querySelector("table.balance-table");
  if (!balances) {
    box.innerHTML = figures.innerHTML = "";
    document.querySelector(".legend").innerHTML = "";
    return;
  }
  figures.innerHTML = `<thead><tr><th>${esc(say("col_entry"))}</th>` +
    balances.players.map((seat) => `<th class="num">${esc(seat.name)}</th>`).join("") + `</tr></thead><tbody>` +
    balances.points.map((row, i) => `<tr><th>${i ? balances.entries[i - 1] : esc(say("start"))}</th>` +
      row.map((points) => `<td class="num">${points}</td>`).join("") + `</tr>`).join("") + `</tbody>`;
  const xs = [balances.entries[0] - 1, ...balances.entries];  // before the first entry counted, then after each
  const series = balances.players.map((seat, i) => ({ name: seat.name, values: balances.points.map((row) => row[i]) }));
  box.innerHTML = lineChart(xs, series, { label: `${say("balances")}: ${tableName(balances)}`,
    xLabel: say("after_entry"), yLabel: unitName(balances.unit) });
  document.querySelector(".legend").innerHTML = series.map((s, i) => {
    const last = s.values[s.values.length - 1];
    return `<li><svg viewBox="0 0 10 3" aria-hidden="true"><rect width="10" height="3" fill="${COLOURS[i % COLOURS.length]}"/>` +
      `</svg>${esc(s.name)} <strong>${last}</strong></li>`;
  }).join("");
}

/** The club's balances: each player's net over the tables counted, a chart per ruleset (its unit),
 * the biggest winner first. */
function showClubBalance(data) {
  document.querySelector(".legend").innerHTML = "";
  document.querySelector(".balance-figures").hidden = true;
  document.querySelector("table.balance-table").innerHTML = "";
  const rulesets = [...new Set(data.players.flatMap((p) => p.points.map((q) => q.ruleset)))];
  document.querySelector(".balance-chart").innerHTML = rulesets.map((ruleset) => {
    const lines = data.players.flatMap((p) => p.points.filter((q) => q.ruleset === ruleset)
      .map((q) => ({ label: p.player, value: q.net, text: String(q.net), unit: q.unit })))
      .sort((a, b) => b.value - a.value);
    const note = say("club_balance_note", { ruleset: rulesetName(ruleset), unit: unitName(lines[0]?.unit ?? "") });
    return `<figure class="club-balance" data-ruleset="${esc(ruleset)}">${balanceBars(lines, { label: note })}` +
      `<figcaption>${esc(note)}</figcaption></figure>`;
  }).join("");
}

/** The balances shown: for the whole club, first each player's balance over the club (the page opens
 * on it), then any table's evening; for one table, its evening. */
function showBalances(data, club) {
  const select = document.querySelector("select[name=balance]");
  const chosen = select.value;
  select.innerHTML = (club ? `<option value="club">${esc(say("club_balances"))}</option>` : "") +
    data.balances.map((b) => `<option value="${b.table}">${esc(tableName(b))}</option>`).join("");
  const table = (value) => data.balances.find((b) => String(b.table) === value);
  const value = club && (chosen === "club" || !table(chosen)) ? "club"
    : String((table(chosen) ?? data.balances[data.balances.length - 1])?.table ?? "");
  select.value = value;
  document.querySelector(".balance-choice").hidden = select.options.length < 2;
  const show = () => (select.value === "club" ? showClubBalance(data) : showBalance(table(select.value)));
  show();
  select.onchange = show;
}

function showRulesets(data) {
  const none = `<p class="hint">${esc(say("no_wins"))}</p>`;
  document.querySelector(".award-charts").innerHTML = data.rulesets.map((r) => {
    const note = say("awards_note", { ruleset: rulesetName(r.ruleset), wins: r.wins });
    const items = r.awards.map((a) => ({ label: a.name, value: a.share.value ?? 0,
      text: `${a.share.count}/${a.share.of} ${percent(a.share)}` }));
    return `<figure data-ruleset="${esc(r.ruleset)}">${horizontalBars(items, { label: note })}` +
      `<figcaption>${esc(note)}</figcaption></figure>`;
  }).join("") || none;
  document.querySelector(".total-charts").innerHTML = data.rulesets.map((r) => {
    const note = say("totals_note", { ruleset: rulesetName(r.ruleset), average: averageText(r.average_total) });
    const items = r.totals.map((t) => ({ label: String(t.total), value: t.wins }));
    return `<figure data-ruleset="${esc(r.ruleset)}">${verticalBars(items, { label: note, yLabel: say("col_wins") })}` +
      `<figcaption>${esc(note)}</figcaption></figure>`;
  }).join("") || none;
}

async function main() {
  await startPage("/stats");
  applyWords();
  const wide = matchMedia("(min-width: 60rem)");  // folded on a phone, open on a wider screen
  const unfold = () => { for (const fold of document.querySelectorAll("details.fold")) fold.open = wide.matches; };
  unfold();
  wide.addEventListener("change", unfold);
  const form = document.querySelector("form.scope");
  const error = document.querySelector(".error");
  const tables = await api("/api/tables");
  rounds = new Map(tables.filter((table) => table.round).map((table) => [table.id, table.round]));
  const fillTables = () => {
    const chosen = form.elements.table.value;
    form.elements.table.innerHTML = `<option value="">${esc(say("whole_club"))}</option>` +
      tables.map((table) => `<option value="${table.id}">${esc(tableName(table))}</option>`).join("");
    form.elements.table.value = chosen;
  };
  const asked = new URLSearchParams(location.search);
  fillTables();
  form.elements.table.value = tables.some((table) => String(table.id) === asked.get("table")) ? asked.get("table") : "";
  form.elements.since.value = asked.get("since") ?? "";
  form.elements.until.value = asked.get("until") ?? "";

  let asking = 0;  // only the answer to the latest question is shown
  const load = async () => {
    const query = { lang: lang() };
    for (const name of ["table", "since", "until"]) {
      if (form.elements[name].value) query[name] = form.elements[name].value;
    }
    const { lang: _, ...shown } = query;
    const search = new URLSearchParams(shown).toString();  // the whole club keeps a bare /stats
    history.replaceState(null, "", search ? `?${search}` : location.pathname);
    const mine = ++asking;
    try {
      const data = await api("/api/tables/stats", { query });
      if (mine !== asking) return;
      error.textContent = "";
      document.querySelector(".summary").textContent = data.tables
        ? [say("tables_n", { n: data.tables }), say("hands_n", { n: data.hands }), say("wins_n", { n: data.wins })]
          .join(t("list_separator")) : say("no_entries");
      document.querySelector(".results").hidden = !data.tables;
      showBalances(data, !form.elements.table.value);
      showPlayers(data);
      showRulesets(data);
    } catch (problem) {
      if (mine === asking) error.textContent = problem.message;
    }
  };
  form.addEventListener("change", load);
  onLanguageChange(() => { applyWords(); fillTables(); load(); });
  await load();
}

main();
