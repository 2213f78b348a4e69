// A table: the standing (round, dealer, balances) and its actions at the top, recording a win from
// the tile picker with the total and the Record button in a bar that stays on the screen, a drawn
// hand or a table payment, the history (everyone's, or one player's) with corrections and undo.
//
// Few taps: the winner defaults to the player this phone belongs to (chosen once, remembered in this
// browser; at first, the player named as the device joined the club) or the dealer, and the win to a discard by the player before the winner; the winner and
// who gave the tile are one tap each.
//
// Recording once: the winner and who gave the tile are chosen by player name (seat winds move with
// the deal, names do not), every change sends the version the page read and a request id made for
// that tap (a retry after a lost answer sends the same id, and the API records it once), and while a
// change is on its way the other buttons do nothing. When another phone changes the table, the page
// is told at once (GET /api/tables/{id}/live, server-sent events), shows what changed and holds the
// Record button until the hand or a choice is changed; a change sent before that news arrived is
// refused (409) and the page does the same. Either way one more tap cannot record a hand twice.

import { api, esc, labelled, lang, onLanguageChange, randomId, setGlossary, startPage, t, tile } from "./common.js";
import { Picker } from "./picker.js";
import { sheetUpdater } from "./sheet.js";

const SEATS = ["E", "S", "W", "N"];
const CLAIMED = ["discard", "robbing_gong"];
const RETRIES = 2;  // a change whose answer was lost is sent again, with the same request id
const tableId = Number(location.pathname.split("/").at(-1));
const PHONE_KEY = `mjscore.table.${tableId}.phone`;  // whose phone this is, at this table ("": no one's)
const DEVICE_KEY = "mjscore.device";  // the name this device joined the club with (join.js)
let table = null;  // the API's answer: settings, deal, balances, history
let rules = null;  // the table's ruleset (its table payments)
let picker = null;
let update = () => {};
let busy = false;  // a change is on its way
let held = false;  // another phone changed the table first: Record waits for a new choice
let rendering = false;  // the page is redrawing the picker (its changes are not the user's)
let winner = null;  // the winner's name
let givenBy = null;  // who gave the winning tile (a name), or null: self-drawn
let givenByPicked = false;  // the user chose who gave the tile (else it follows the winner)
let correcting = null;  // the history entry a record replaces, or null: a new entry
let restorable = null;  // the entry the last undo took out, which "Put it back" records again
let filter = null;  // the player whose history is shown, or null: everyone's
let stream = null;  // the live view of the table
let news = null;  // a live update that came while a change was on its way
let lastScore = null;  // the score of the hand in the picker, or null
let unscored = false;  // the server could not be reached to score a hand that holds all its tiles
// Offline: changes made while the server cannot be reached wait here, in order, each with the
// request id and the version it was made on; they are kept in this browser and sent when the server
// answers again (the request id makes a change whose answer was lost count once).
const PENDING_KEY = `mjscore.table.${tableId}.pending`;
const COPY_KEY = `mjscore.table.${tableId}.copy`;  // the table as last read, for a page opened offline
let pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? "[]");
let conflicted = false;  // a pending change was refused: another phone changed the table first
let flushing = false;
let heardAt = 0;  // when the live view last said something (an event or a beat)
const LIVE_QUIET_MS = 7000;  // the server beats every 3 s: longer without a word is a cut connection

const $ = (selector) => document.querySelector(selector);
const indexOf = (player) => table.players.indexOf(player);

/** The deal the picker scores in: the corrected entry's, else the coming hand's. */
function deal() {
  const step = correcting && table.history.find((s) => s.number === correcting);
  return step ? { round: step.round, dealer: step.dealer, streak: step.streak } : table.deal;
}

/** A player's seat wind in the deal the picker scores in (the distance from its dealer). */
function seatOf(player) {
  return SEATS[(indexOf(player) - indexOf(deal().dealer) + 4) % 4];
}

const playerAt = (seat) => table.players.find((p) => seatOf(p) === seat);
const seatName = (seat) => `${t(`seat_${seat}`)} — ${playerAt(seat)}`;
const before = (player) => playerAt(SEATS[(SEATS.indexOf(seatOf(player)) + 3) % 4]);

function showError(message) {
  $(".table-error").textContent = message;
}

function showNotice(message, restore = null) {
  $(".notice-text").textContent = message;
  restorable = restore;
  $(".restore").hidden = !restore;
}

/** The table after a change: the answer lists only the entries changed since the version the page
 * had (`since_version`), so a long evening is not sent again on every tap. The page holds the last
 * entries of the history (and the earlier ones it was asked for), by number. */
function merged(previous, answer) {
  const steps = new Map(previous.history.filter((step) => step.number <= answer.length).map((s) => [s.number, s]));
  for (const step of answer.history) steps.set(step.number, step);
  return { ...answer, history: [...steps.values()].sort((a, b) => a.number - b.number) };
}

/** How many entries come before those the page holds. */
function earlierCount() {
  return table.history.length ? table.history[0].number - 1 : 0;
}

/** Add the entries before those the page holds (the API answers the last 100 of a table). */
async function showEarlier() {
  const first = table.history.length ? table.history[0].number : table.length + 1;
  const answer = await api(`/api/tables/${tableId}`, { query: { lang: lang(), before: first } });
  if (answer.version !== table.version) {  // changed meanwhile: read it again
    await load();
    render();
    return;
  }
  table = { ...table, history: [...answer.history, ...table.history] };
  renderHistory();
}

/** Send a change; show the table it answers, or the problem. */
async function change(path, body) {
  if (busy) return false;
  const request = { ...body, expected_version: table.version + pending.length, request_id: randomId() };
  if (pending.length) return queue(path, request);  // after the changes still waiting, in order
  busy = true;
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await api(`/api/tables/${tableId}/${path}`, { body: request,
          query: { lang: lang(), since_version: request.expected_version } });
        table = merged(table, answer);
        showError("");
        showNotice("");
        held = false;
        render();
        return true;
      } catch (problem) {
        if (!problem.status && attempt < RETRIES) continue;  // no answer: send the same change again
        if (!problem.status) {  // the server cannot be reached: the change waits on this phone
          busy = false;
          return queue(path, request);
        }
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
    if (news) {
      const waiting = news;
      news = null;
      heard(waiting);
    }
  }
}

/** A live update: the table as another phone left it. What changed is said, and Record is held. */
function heard(answer) {
  if (busy) {
    news = answer;
    return;
  }
  if (answer.version <= table.version) return;  // this page's own change, already shown
  const known = table.version;
  table = merged(table, answer);
  const changed = answer.history.filter((step) => step.recorded && step.recorded.version > known);
  showNotice(t("updated", { what: changed.length ? changed.map((s) => `#${s.number} ${s.summary}`).join("; ")
    : t("undone", { n: answer.length + 1 }) }));
  held = true;
  render({ redraw: false });
}

/** Keep a change that could not be sent: shown as pending with its request id, sent in order when
 * the server answers again. Answers true: the change is kept (the hand can be cleared). */
function queue(path, request) {
  pending.push({ path, request, what: pendingSummary(path, request) });
  localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  showNotice(t("pending_kept"));
  render({ redraw: false });
  return true;
}

/** What a pending change is, in a line: "Bo won on Ann's discard", "Drawn hand". */
function pendingSummary(path, request) {
  if (path === "wins") return request.discarder ? t("pending_win_from", { winner: request.winner, giver: request.discarder })
    : t("pending_win", { winner: request.winner });
  if (path === "draws") return t("draw_short");
  if (path === "undo") return t("undo_short");
  return t("pending_event", { player: request.player ?? "", event: request.event ?? "" });
}

/** Send the pending changes, oldest first, each once; stop at the first that gets no answer (try
 * again later) or is refused because another phone changed the table (say so, as for any change). */
async function flush() {
  if (flushing || busy || conflicted || !pending.length) return;
  flushing = true;
  try {
    while (pending.length) {
      const { path, request } = pending[0];
      let answer;
      try {
        answer = await api(`/api/tables/${tableId}/${path}`, { body: request,
          query: { lang: lang(), since_version: table.version } });
      } catch (problem) {
        if (!problem.status) return;  // still no server: the next try sends it
        if (problem.status === 409) {
          conflicted = true;
          await load();
          showError(t("pending_conflict"));
        } else {  // refused for what it says (it can never be recorded): named, and not kept
          pending.shift();
          showError(`${t("pending_refused", { id: request.request_id })} ${problem.message}`);
        }
        localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
        render({ redraw: false });
        return;
      }
      table = merged(table, answer);
      pending.shift();
      localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      if (!pending.length) showNotice(t("pending_sent"));
      render({ redraw: false });
    }
  } finally {
    flushing = false;
  }
}

/** After a conflict: send the pending changes on the table as it is now, or drop them. */
function settleConflict(send) {
  conflicted = false;
  if (send) {
    pending.forEach((change, i) => { change.request.expected_version = table.version + i; });
  } else {
    pending = [];
  }
  localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  showError("");
  render({ redraw: false });
  flush();
}

/** Follow the table live: every change made elsewhere arrives within a second. The server beats
 * every three seconds; a page that hears nothing for longer says the connection was cut and opens
 * a new one (a phone whose Wi-Fi drops gets no error from the browser). */
function follow() {
  stream?.close();
  const url = new URL(`/api/tables/${tableId}/live`, location.origin);
  url.searchParams.set("since_version", table.version);
  url.searchParams.set("lang", lang());
  stream = new EventSource(url);
  heardAt = Date.now();
  const alive = () => {
    heardAt = Date.now();
    $(".live-lost").hidden = true;
    flush();
  };
  stream.addEventListener("open", alive);
  stream.addEventListener("beat", alive);
  stream.addEventListener("table", (event) => {
    alive();
    heard(JSON.parse(event.data));
  });
}

/** Every second: a live view quiet for too long is shown as cut and opened again; pending changes
 * are tried again. */
function watch() {
  setInterval(() => {
    if (Date.now() - heardAt > LIVE_QUIET_MS) {
      $(".live-lost").hidden = false;
      follow();
    }
  }, 1000);
  setInterval(flush, 3000);
  addEventListener("online", flush);
}

/** Read the table and its ruleset (in the page's language), and keep a copy on this phone. */
async function load() {
  table = await api(`/api/tables/${tableId}`, { query: { lang: lang() } });
  rules = await api(`/api/rulesets/${encodeURIComponent(table.ruleset)}`, { query: { lang: lang() } });
  localStorage.setItem(COPY_KEY, JSON.stringify({ table, rules }));
  setGlossary(rules.unit);  // 和牌, 点炮 at an MCR table; 胡牌, 放枪 at a Taiwanese one
}

function renderStanding() {
  const now = table.deal;
  $("#table-title").textContent = `${table.name || `#${table.id}`} · ${rules.name}`;
  const parts = now.over ? [t("game_over")] : [t("round_of", { round: t(`seat_${now.round}`) }),
    labelled(t("dealer"), now.dealer)];
  if (!now.over && now.streak) parts.push(t("streak", { n: now.streak }));
  if (!now.over && now.minimum !== null) parts.push(t("minimum", { minimum: now.minimum }));
  $(".deal").textContent = parts.join(" · ");
  $(".seats").innerHTML = table.balances.map((b) =>
    `<div class="seat${b.player === now.dealer ? " dealer" : ""}" data-player="${esc(b.player)}">` +
    `<div class="seat-name"><span class="tiles small"><span class="tile">${tile(b.seat)}</span></span> <b>${esc(b.player)}</b></div>` +
    `<span class="balance${b.points < 0 ? " negative" : ""}" data-testid="balance">${b.points}</span>` +
    // the money, where it is not the points again (a stake of 1, no base)
    (b.money === String(b.points) ? "" : `<small>${esc(t("money"))} ${esc(b.money)}</small>`) + `</div>`).join("");
  $(".export-json").href = `/api/tables/${tableId}/export`;
  $(".export-json").download = `table-${tableId}.json`;
  $(".export-csv").href = `/api/tables/${tableId}/export.csv`;
  $(".undo-last").disabled = !table.history.length;
}

/** A player's change in a step, and whether a payment of the step names them. */
function playerChange(step, player) {
  const change = step.transfers.reduce((sum, m) =>
    sum + (m.payee === player ? m.points : 0) - (m.payer === player ? m.points : 0), 0);
  return { change, involved: step.transfers.some((m) => m.payer === player || m.payee === player) };
}

function renderHistory() {
  $(".history-filter").innerHTML = [null, ...table.players].map((p) =>
    `<button type="button" data-player="${esc(p ?? "")}" aria-pressed="${p === filter}">${esc(p ?? t("everyone"))}</button>`)
    .join("");
  let steps = [...table.history].reverse();
  if (filter) steps = steps.filter((step) => playerChange(step, filter).involved);
  const line = (step) => {
    const transfers = step.transfers.map((m) => `${esc(m.payer)} → ${esc(m.payee)} ${m.points}`).join(", ");
    const mine = filter ? `<br><b class="mine">${esc(labelled(filter, t("change_after", {
      change: (playerChange(step, filter).change > 0 ? "+" : "") + playerChange(step, filter).change,
      points: step.points[indexOf(filter)] })))}</b>` : "";
    return `<li value="${step.number}"${step.number === correcting ? ' class="correcting"' : ""}>` +
      `<b>${esc(step.summary)}</b>${transfers ? `<br><small>${transfers}</small>` : ""}${mine}` +
      `<button type="button" class="edit" data-number="${step.number}">${esc(t("edit"))}</button></li>`;
  };
  const empty = filter ? t("no_entries_for", { player: filter }) : t("no_history");
  const waiting = [...pending].reverse().map((change, i) => `<li class="pending" value="${table.length + pending.length - i}">` +
    `<b>${esc(change.what)}</b> <small>${esc(t("pending", { id: change.request.request_id }))}</small></li>`).join("");
  const earlier = earlierCount();
  const more = earlier ? `<li class="earlier"><button type="button" class="show-earlier">${esc(t("earlier_entries",
    { n: Math.min(earlier, 100) }))}</button></li>` : "";
  $(".history").innerHTML = waiting + (steps.length ? steps.map(line).join("") : `<li class="hint">${esc(empty)}</li>`) + more;
  $(".pending-bar").hidden = !pending.length;
  $(".pending-count").textContent = t("pending_count", { n: pending.length });
  $(".pending-choice").hidden = !conflicted;
}

/** A row of one-tap choices: `options` are [value, label html, class, off]; `chosen` is pressed, an
 * `off` one cannot be tapped. */
function choices(container, options, chosen) {
  container.innerHTML = options.map(([value, label, kind = "", off = false]) =>
    `<button type="button" data-value="${esc(value)}"${kind ? ` class="${kind}"` : ""}` +
    `${off ? " disabled data-off" : ""} aria-pressed="${value === chosen}">${label}</button>`).join("");
}

const seatLabel = (player) => `<small>${esc(t(`seat_${seatOf(player)}`))}</small> ${esc(player)}`;
const seatKind = (player) => (seatOf(player) === "E" ? "east" : "");

/** The winner and who gave the tile, as one-tap choices, and the picker's seat, win and discarder to
 * match. The players keep the table's seating order, as the balances above them do (the seat winds
 * move with the deal; the East seat is marked where it is, not moved to the front), and the winner
 * keeps a place among who gave the tile, one that cannot be tapped, so no button moves after a hand. */
function renderPlayers() {
  if (!table.players.includes(winner)) winner = defaultWinner();
  const win = picker.value("win");
  if (CLAIMED.includes(win) && (givenBy === winner || !table.players.includes(givenBy))) givenBy = before(winner);
  choices($(".winner .choices"), table.players.map((p) => [p, seatLabel(p), seatKind(p)]), winner);
  const shown = CLAIMED.includes(win) ? givenBy : win === "self_draw" ? "" : null;
  choices($(".given-by .choices"), [["", esc(t("self_drawn"))],
    ...table.players.map((p) => [p, seatLabel(p), seatKind(p), p === winner])], shown);
  const context = { seat: seatOf(winner) };
  if (givenBy !== null) context.discarder = seatOf(givenBy);
  picker.setContext(context);
}

/** The player this phone belongs to, or null. */
function owner() {
  const name = (localStorage.getItem(PHONE_KEY) ?? localStorage.getItem(DEVICE_KEY) ?? "").trim().toLowerCase();
  return table.players.find((p) => p.toLowerCase() === name) ?? null;
}

function defaultWinner() {
  return owner() ?? table.deal.dealer;
}

/** A new hand: no tiles, the default winner, a discard by the player before them. */
function resetHand() {
  winner = defaultWinner();
  givenBy = before(winner);
  givenByPicked = false;
  rendering = true;
  try {
    picker.setTiles({ concealed: "", melds: [], flowers: [], win_tile: null });
    picker.setContext({ win: "discard" });
  } finally {
    rendering = false;
  }
}

function renderForms() {
  const form = $("form.event");
  $(".show-payment").hidden = !rules.table_payments.length;
  if (!rules.table_payments.length) form.hidden = true;
  $(".show-payment").setAttribute("aria-expanded", String(!form.hidden));
  const keep = [form.elements.event.value, form.elements.player.value];
  form.elements.event.innerHTML = rules.table_payments.map((p) =>
    `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join("");
  form.elements.player.innerHTML = table.players.map((p) => `<option>${esc(p)}</option>`).join("");
  if (keep[0]) [form.elements.event.value, form.elements.player.value] = keep;
  const over = table.deal.over && !correcting;
  for (const element of [...document.querySelectorAll(".choices:not(.history-filter) button"), $(".record-draw"),
    ...form.elements]) {
    element.disabled = over || "off" in element.dataset;
  }
  const phone = $("[name=this_phone]");
  phone.innerHTML = `<option value="">${esc(t("nobody"))}</option>` +
    table.players.map((p) => `<option>${esc(p)}</option>`).join("");
  phone.value = owner() ?? "";
}

/** The bar at the foot of the screen: the entry being corrected, the hand's total (before there is
 * one, the tiles held so far) and Record. */
function renderBar() {
  const record = $(".record-hand");
  const status = [];
  if (correcting) status.push(esc(t("correcting", { n: correcting })));
  if (lastScore) {
    const from = CLAIMED.includes(picker.value("win")) && givenBy ? ` ← ${givenBy}` : "";
    status.push(`${esc(labelled(winner + from, ""))}<output data-testid="bar-total">${lastScore.total}</output> ` +
      esc(lastScore.sheet.ruleset.unit_name));
  } else if (unscored) {
    status.push(esc(t("pending_unscored")));
  } else {
    status.push(esc(t("held_count", { held: picker.held, size: picker.handSize })));
  }
  $(".bar-status").innerHTML = status.join(" · ");
  record.textContent = correcting ? t("save_correction") : t("record");
  $(".cancel-correction").hidden = !correcting;
  const scored = (lastScore && lastScore.legal) || unscored;
  record.disabled = !scored || (table.deal.over && !correcting) || held || !picker.inSync;
}

/** Draw the page for the table as it is; `redraw` the picker too (its menus name the seats' players,
 * who may have moved with the deal), except on news from another phone, which must not take the
 * notation box from under someone typing. */
function render({ redraw = true } = {}) {
  if (correcting && correcting > table.history.length) correcting = null;  // undone elsewhere
  localStorage.setItem(COPY_KEY, JSON.stringify({ table, rules }));
  renderStanding();
  renderHistory();
  rendering = true;
  try {
    if (redraw) picker.render();
  } finally {
    rendering = false;
  }
  const now = deal();
  picker.setContext({ ruleset: table.ruleset, round: now.round, dealer_streak: now.streak });
  renderPlayers();
  renderForms();
  renderBar();
  update();
}

/** The win to send: the hand record without the seats (the choices name the players). */
function winRequest() {
  const hand = picker.record();
  delete hand.seat;
  delete hand.discarder;
  const body = { hand, winner };
  if (CLAIMED.includes(hand.win)) body.discarder = givenBy;
  return body;
}

/** Send a change, as a correction of the entry being corrected if there is one. */
async function record(path, body) {
  const done = await change(path, correcting ? { ...body, correct: correcting } : body);
  if (done) correcting = null;
  return done;
}

/** Put entry `number` in the picker and the forms, to be corrected by the next record. */
async function edit(number) {
  const full = await api(`/api/tables/${tableId}`, { query: { lang: lang(), before: number + 1, limit: 1 } });
  const entry = full.entries[0];
  correcting = number;
  if (entry.kind === "win") {
    winner = entry.winner;
    givenBy = entry.discarder;
    givenByPicked = true;
    rendering = true;
    try {
      picker.load(entry.hand);
    } finally {
      rendering = false;
    }
    if (CLAIMED.includes(entry.hand.win) && !givenBy) givenBy = before(winner);
  } else if (entry.kind === "event") {
    const form = $("form.event");
    form.hidden = false;
    form.elements.event.value = entry.event;
    form.elements.player.value = entry.player;
    form.elements.count.value = entry.count;
  }
  held = false;
  render();
  $(".win").scrollIntoView({ block: "start" });
}

/** Void the last entry, keeping it to put back on a tap. */
async function undoLast() {
  if (pending.length) return change("undo", {});  // after the changes waiting, in order
  let full;
  try {
    full = await api(`/api/tables/${tableId}`, { query: { lang: lang(), limit: 1 } });
  } catch (problem) {
    if (!problem.status) return change("undo", {});  // no server: the undo waits with the rest
    throw problem;
  }
  if (!full.entries.length) return;
  const entry = full.entries.at(-1);
  if (await change("undo", {})) showNotice(t("undone_entry", { n: full.length, summary: full.history.at(-1).summary }), entry);
}

/** Record again the entry an undo took out. */
function restore(entry) {
  if (entry.kind === "win") {
    const body = { hand: entry.hand, winner: entry.winner };
    if (entry.discarder) body.discarder = entry.discarder;
    return change("wins", body);
  }
  if (entry.kind === "event") return change("events", { event: entry.event, player: entry.player, count: entry.count });
  return change("draws", {});
}

async function main() {
  await startPage("/tables", { title: "table_page" });
  const [rulesets] = await Promise.all([api("/api/rulesets"), load().catch((problem) => {
    const copy = JSON.parse(localStorage.getItem(COPY_KEY) ?? "null");
    if (!problem.status && copy) ({ table, rules } = copy);  // no server: the table as this phone last had it
    else showError(problem.message);
  })]);
  if (!table) return;
  const chosen = () => {  // the user changed the hand or a choice
    if (!picker || rendering) return;
    held = false;
    renderPlayers();
    renderBar();
    update();
  };
  picker = new Picker($(".picker"), {
    onChange: chosen, rulesets: rulesets.filter((r) => r.id === table.ruleset),
    fixedContext: ["ruleset", "seat", "round", "dealer_streak", "discarder"], seatName,
  });
  update = sheetUpdater($(".sheet"), picker, {
    houseRules: () => table.house_rules, player: playerAt,
    onResult: (result, problem) => {
      lastScore = result;
      // No server to score it: a full hand can still be kept, to be scored when it is sent.
      unscored = !!problem && !problem.status && picker.held === picker.handSize && !!picker.record().win_tile;
      renderBar();
    },
  });
  resetHand();
  render();
  follow();
  watch();
  $(".send-pending").addEventListener("click", () => settleConflict(true));
  $(".drop-pending").addEventListener("click", () => settleConflict(false));
  onLanguageChange(async () => {
    await load();
    render();
    follow();
  });
  $(".winner").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    winner = button.dataset.value;
    if (!givenByPicked || givenBy === winner) givenBy = before(winner);
    chosen();
  });
  $(".given-by").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    givenBy = button.dataset.value || null;
    givenByPicked = true;
    const win = picker.value("win");
    rendering = true;
    try {
      if (givenBy === null) picker.setContext({ win: "self_draw" });
      else if (!CLAIMED.includes(win)) picker.setContext({ win: "discard" });
    } finally {
      rendering = false;
    }
    chosen();
  });
  $(".record-hand").addEventListener("click", async () => {
    $(".record-hand").disabled = true;
    if (await record("wins", winRequest())) {
      resetHand();
      render();
    }
  });
  $(".cancel-correction").addEventListener("click", () => {
    correcting = null;
    resetHand();
    render();
  });
  $(".record-draw").addEventListener("click", () => record("draws", {}));
  $(".undo-last").addEventListener("click", undoLast);
  $(".restore").addEventListener("click", () => restorable && restore(restorable));
  $(".show-payment").addEventListener("click", () => {
    $("form.event").hidden = !$("form.event").hidden;
    renderForms();
  });
  $(".history").addEventListener("click", (event) => {
    if (event.target.closest("button.show-earlier")) return showEarlier();
    const button = event.target.closest("button.edit");
    if (button) edit(Number(button.dataset.number));
  });
  $(".history-filter").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    filter = button.dataset.player || null;
    renderHistory();
  });
  $("[name=this_phone]").addEventListener("change", (event) => {
    localStorage.setItem(PHONE_KEY, event.target.value);
    if (picker.held === 0) resetHand();
    render();
  });
  $("form.event").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    record("events", { event: form.elements.event.value, player: form.elements.player.value,
      count: Number(form.elements.count.value) });
  });
}

main();
