// A table: the standing (round, dealer, balances), recording a win from the tile picker, a drawn
// hand or a table payment, and the history with undo. Every change sends the version the page read,
// so a hand another phone recorded first is not recorded twice (the API answers 409; we reload).

import { api, esc, lang, onLanguageChange, startPage, t, tile } from "./common.js";
import { Picker } from "./picker.js";
import { sheetUpdater } from "./sheet.js";

const SEATS = ["E", "S", "W", "N"];
const tableId = Number(location.pathname.split("/").at(-1));
let table = null;  // the API's answer: settings, deal, balances, history
let rules = null;  // the table's ruleset (its table payments)
let picker = null;
let update = () => {};

const $ = (selector) => document.querySelector(selector);
const playerAt = (seat) => table.balances.find((b) => b.seat === seat).player;
const seatName = (seat) => `${t(`seat_${seat}`)} — ${playerAt(seat)}`;

function showError(message) {
  $(".table-error").textContent = message;
}

/** Send a change; show the table it answers, or the problem. */
async function change(path, body) {
  try {
    table = await api(`/api/tables/${tableId}/${path}`, { body: { ...body, expected_version: table.version },
      query: { lang: lang() } });
    showError("");
    render();
    return true;
  } catch (problem) {
    showError(problem.message);
    if (problem.status === 409) {
      await load();
      render();
    }
    return false;
  }
}

/** Read the table and its ruleset (in the page's language). */
async function load() {
  table = await api(`/api/tables/${tableId}`, { query: { lang: lang() } });
  rules = await api(`/api/rulesets/${encodeURIComponent(table.ruleset)}`, { query: { lang: lang() } });
}

function renderStanding() {
  const { deal } = table;
  $("#table-title").textContent = `${table.name || `#${table.id}`} · ${rules.name}`;
  const parts = deal.over ? [t("game_over")] : [t("round_of", { round: t(`seat_${deal.round}`) }),
    `${t("dealer")}: ${deal.dealer}`];
  if (!deal.over && deal.streak) parts.push(t("streak", { n: deal.streak }));
  if (!deal.over && deal.minimum !== null) parts.push(t("minimum", { minimum: deal.minimum }));
  $(".deal").textContent = parts.join(" · ");
  $(".seats").innerHTML = table.balances.map((b) =>
    `<div class="seat${b.player === deal.dealer ? " dealer" : ""}" data-player="${esc(b.player)}">` +
    `<span class="tiles small"><span class="tile">${tile(b.seat)}</span></span> <b>${esc(b.player)}</b>` +
    `<div class="balance${b.points < 0 ? " negative" : ""}" data-testid="balance">${b.points}</div>` +
    `<small>${esc(t("money"))} ${esc(b.money)}</small></div>`).join("");
  $(".export-json").href = `/api/tables/${tableId}`;
  $(".export-json").download = `table-${tableId}.json`;
  $(".export-csv").href = `/api/tables/${tableId}/export.csv`;
  $(".undo-last").disabled = !table.history.length;
}

function renderHistory() {
  const steps = [...table.history].reverse();
  $(".history").innerHTML = steps.length ? steps.map((step) => {
    const transfers = step.transfers.map((m) => `${esc(m.payer)} → ${esc(m.payee)} ${m.points}`).join(", ");
    return `<li value="${step.number}"><b>${esc(step.summary)}</b>${transfers ? `<br><small>${transfers}</small>` : ""}</li>`;
  }).join("") : `<li class="hint">${esc(t("no_history"))}</li>`;
}

function renderForms() {
  const winner = $("[name=winner]");
  const chosen = winner.value || "E";
  winner.innerHTML = SEATS.map((s) => `<option value="${s}">${esc(seatName(s))}</option>`).join("");
  winner.value = chosen;
  const form = $("form.event");
  form.hidden = !rules.table_payments.length;
  form.elements.event.innerHTML = rules.table_payments.map((p) =>
    `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join("");
  form.elements.player.innerHTML = table.players.map((p) => `<option>${esc(p)}</option>`).join("");
  for (const element of [winner, $(".record-draw"), ...form.elements]) element.disabled = table.deal.over;
}

function render() {
  renderStanding();
  renderHistory();
  renderForms();
  picker.render();  // the seats' players may have moved with the deal
  picker.setContext({ ruleset: table.ruleset, seat: $("[name=winner]").value, round: table.deal.round,
    dealer_streak: table.deal.streak });
  update();
}

async function main() {
  await startPage("/tables");
  const [rulesets] = await Promise.all([api("/api/rulesets"), load().catch((problem) => showError(problem.message))]);
  if (!table) return;
  const record = $(".record-hand");
  picker = new Picker($(".picker"), {
    onChange: () => update(), rulesets: rulesets.filter((r) => r.id === table.ruleset),
    fixedContext: ["ruleset", "seat", "round", "dealer_streak"], seatName,
  });
  update = sheetUpdater($(".sheet"), picker, {
    houseRules: () => table.house_rules,
    onResult: (result) => { record.disabled = !result || !result.legal || table.deal.over; },
  });
  render();
  onLanguageChange(async () => {
    await load();
    render();
  });
  $("[name=winner]").addEventListener("change", (event) => {
    picker.setContext({ seat: event.target.value });
    update();
  });
  record.addEventListener("click", async () => {
    record.disabled = true;
    if (await change("wins", { hand: picker.record() })) picker.setTiles({ concealed: "", melds: [], flowers: [], win_tile: null });
  });
  $(".record-draw").addEventListener("click", () => change("draws", {}));
  $(".undo-last").addEventListener("click", () => change("undo", {}));
  $("form.event").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    change("events", { event: form.elements.event.value, player: form.elements.player.value,
      count: Number(form.elements.count.value) });
  });
}

main();
