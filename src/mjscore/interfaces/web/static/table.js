// A table: the standing (round, dealer, balances), recording a win from the tile picker, a drawn
// hand or a table payment, and the history with undo.
//
// Recording once: the Winner and Discarder menus are keyed by player name (seat winds move with the
// deal, names do not), every change sends the version the page read and a request id made for that
// tap (a retry after a lost answer sends the same id, and the API records it once), and while a
// change is on its way the other buttons do nothing. When another phone changed the table first the
// API answers 409: the page reloads the table and holds the Record button until the hand or a menu
// is changed, so one more tap cannot record the same hand a second time.

import { api, esc, lang, onLanguageChange, randomId, startPage, t, tile } from "./common.js";
import { Picker } from "./picker.js";
import { sheetUpdater } from "./sheet.js";

const SEATS = ["E", "S", "W", "N"];
const CLAIMED = ["discard", "robbing_gong"];
const RETRIES = 2;  // a change whose answer was lost is sent again, with the same request id
const tableId = Number(location.pathname.split("/").at(-1));
let table = null;  // the API's answer: settings, deal, balances, history
let rules = null;  // the table's ruleset (its table payments)
let picker = null;
let update = () => {};
let busy = false;  // a change is on its way
let held = false;  // another phone changed the table first: Record waits for a new choice
let rendering = false;  // the page is redrawing the picker (its changes are not the user's)

const $ = (selector) => document.querySelector(selector);
const playerAt = (seat) => table.balances.find((b) => b.seat === seat).player;
const seatOf = (player) => table.balances.find((b) => b.player === player).seat;
const seatName = (seat) => `${t(`seat_${seat}`)} — ${playerAt(seat)}`;

function showError(message) {
  $(".table-error").textContent = message;
}

/** The table after a change: the answer lists only the entries changed since the version the page
 * had (`since_version`), so a long evening is not sent again on every tap. */
function merged(previous, answer) {
  const history = previous.history.filter((step) => step.number <= answer.length);
  for (const step of answer.history) history[step.number - 1] = step;
  return { ...answer, history };
}

/** Send a change; show the table it answers, or the problem. */
async function change(path, body) {
  if (busy) return false;
  busy = true;
  const request = { ...body, expected_version: table.version, request_id: randomId() };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await api(`/api/tables/${tableId}/${path}`, { body: request,
          query: { lang: lang(), since_version: request.expected_version } });
        table = merged(table, answer);
        showError("");
        held = false;
        render();
        return true;
      } catch (problem) {
        if (problem.status === undefined && attempt < RETRIES) continue;  // no answer: send the same change again
        if (problem.status === 401) location.assign("/join");  // the server needs the club passphrase
        if (problem.status === 409) {
          held = true;
          await load();
          render();
          showError(t("changed_elsewhere"));
        } else {
          showError(problem.message);
        }
        return false;
      }
    }
  } finally {
    busy = false;
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

/** Player options in seat order (East first), valued by name, labelled with the seat now. */
function playerOptions(skip = null) {
  return SEATS.map(playerAt).filter((p) => p !== skip)
    .map((p) => `<option value="${esc(p)}">${esc(seatName(seatOf(p)))}</option>`).join("");
}

/** The Winner and Discarder menus: players by name; the discarder defaults to the player before the winner. */
function renderPlayers() {
  const winner = $("[name=winner]");
  const givenBy = $("[name=given_by]");
  const chosen = table.players.includes(winner.value) ? winner.value : table.deal.dealer;
  winner.innerHTML = playerOptions();
  winner.value = chosen;
  const gave = givenBy.value;
  givenBy.innerHTML = playerOptions(chosen);
  givenBy.value = gave && gave !== chosen && table.players.includes(gave) ? gave
    : playerAt(SEATS[(SEATS.indexOf(seatOf(chosen)) + 3) % 4]);
  givenBy.closest("label").hidden = !CLAIMED.includes(picker.value("win"));
  picker.setContext({ seat: seatOf(chosen), discarder: seatOf(givenBy.value) });
}

function renderForms() {
  const form = $("form.event");
  form.hidden = !rules.table_payments.length;
  form.elements.event.innerHTML = rules.table_payments.map((p) =>
    `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join("");
  form.elements.player.innerHTML = table.players.map((p) => `<option>${esc(p)}</option>`).join("");
  for (const element of [$("[name=winner]"), $("[name=given_by]"), $(".record-draw"), ...form.elements]) {
    element.disabled = table.deal.over;
  }
}

function render() {
  renderStanding();
  renderHistory();
  renderForms();
  rendering = true;
  try {
    picker.render();  // the seats' players may have moved with the deal
  } finally {
    rendering = false;
  }
  picker.setContext({ ruleset: table.ruleset, round: table.deal.round, dealer_streak: table.deal.streak });
  renderPlayers();
  update();
}

/** The win to send: the hand record without the seats (the menus name the players). */
function winRequest() {
  const hand = picker.record();
  delete hand.seat;
  delete hand.discarder;
  const body = { hand, winner: $("[name=winner]").value };
  if (CLAIMED.includes(hand.win)) body.discarder = $("[name=given_by]").value;
  return body;
}

async function main() {
  await startPage("/tables");
  const [rulesets] = await Promise.all([api("/api/rulesets"), load().catch((problem) => {
    if (problem.status === 401) location.assign("/join");  // the server needs the club passphrase
    showError(problem.message);
  })]);
  if (!table) return;
  const record = $(".record-hand");
  const chosen = () => {  // the user changed the hand or a menu
    if (!picker || rendering) return;
    held = false;
    renderPlayers();
    update();
  };
  picker = new Picker($(".picker"), {
    onChange: chosen, rulesets: rulesets.filter((r) => r.id === table.ruleset),
    fixedContext: ["ruleset", "seat", "round", "dealer_streak", "discarder"], seatName,
  });
  update = sheetUpdater($(".sheet"), picker, {
    houseRules: () => table.house_rules,
    onResult: (result) => { record.disabled = !result || !result.legal || table.deal.over || held; },
  });
  render();
  onLanguageChange(async () => {
    await load();
    render();
  });
  for (const menu of [$("[name=winner]"), $("[name=given_by]")]) menu.addEventListener("change", chosen);
  record.addEventListener("click", async () => {
    record.disabled = true;
    if (await change("wins", winRequest())) picker.setTiles({ concealed: "", melds: [], flowers: [], win_tile: null });
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
