// A table: the standing (round, dealer, balances) and its actions at the top, recording a win from
// the tile picker with the total and the Record button in a bar that stays on the screen, a drawn
// hand or a table payment, the history (everyone's, or one player's) with corrections and undo.
//
// Few taps: the winner defaults to the player this phone belongs to (chosen once, remembered in this
// browser; at first, the player named as the device joined the club) or the dealer, and the win to a
// discard by the player before the winner; the winner and who gave the tile are one tap each.
//
// Recording once: the winner and who gave the tile are chosen by player name (seat winds move with
// the deal, names do not), and every change sends the version the page read and a request id made
// for that tap (sent again, the same id: the API records it once, and a late answer or the live view
// names the change by it). When another phone changes the table, the page is told at once (GET
// /api/tables/{id}/live, server-sent events), says what changed and holds the Record button until
// the hand or a choice is changed; a change sent before that news arrived is refused (409) and the
// page does the same. Either way one more tap cannot record a hand twice.
//
// A link that fails or hangs: a change the server does not answer within a few seconds, or answers
// with its own trouble (5xx: a database that is full, locked or down), is kept on this phone as
// pending, in the order made, and Record is free again at once. The pending changes are sent one at
// a time, oldest first, each with its request id, when the server answers again (a 503's Retry-After
// is waited out). A pending change the server refuses (a hand under the minimum, queued while the
// page could not score it) is kept, named and explained, and waits for the user to edit it, send it
// again or drop it, before the changes after it are sent. Only a refusal because the table changed
// (409) says another phone changed it.
//
// One notice at a time, in the bar at the foot of the screen: what the server refused, what waits on
// this phone, that the server cannot be reached, what another phone changed. The bar is fixed there,
// so a notice never moves the buttons a finger is about to tap; the bar also says why Record is off.

import {
  api, esc, labelled, lang, onLanguageChange, randomId, refusalText, setGlossary, startPage, t, tile, WRITE_TIMEOUT_MS,
} from "./common.js";
import { offlineLabel, onOffline } from "./offline.js";
import { Picker } from "./picker.js";
import { sheetUpdater } from "./sheet.js";
import { witness } from "./witness.js";

const SEATS = ["E", "S", "W", "N"];
const CLAIMED = ["discard", "robbing_gong"];
const tableId = Number(location.pathname.split("/").at(-1));
const PHONE_KEY = `mjscore.table.${tableId}.phone`;  // whose phone this is, at this table ("": no one's)
const DEVICE_KEY = "mjscore.device";  // the name this device joined the club with (join.js)
let table = null;  // the API's answer: settings, deal, balances, history
let tenpai = new Set();  // a points game's drawn hand: the players tapped as tenpai
let rules = null;  // the table's ruleset (its table payments)
let picker = null;
let update = () => {};
let busy = false;  // a change is on its way, sent at once (not from the pending queue)
let held = false;  // another phone changed the table first: Record waits for a new choice
let rendering = false;  // the page is redrawing the picker (its changes are not the user's)
let winner = null;  // the winner's name
let givenBy = null;  // who gave the winning tile (a name), or null: self-drawn
let givenByPicked = false;  // the user chose who gave the tile (else it follows the winner)
let correcting = null;  // the history entry a record replaces, or null: a new entry
let editing = null;  // the request id of the pending change a record replaces, or null
let filter = null;  // the player whose history is shown, or null: everyone's
let stream = null;  // the live view of the table
let news = [];  // the live updates that came while a change was on its way, oldest first
let lastScore = null;  // the score of the hand in the picker, or null
let unscored = false;  // the server could not be reached to score a hand that holds all its tiles
// Pending: changes made while the server could not take them wait here, in order, each with its
// request id and the version it was made on (kept in this browser, sent when the server answers).
const PENDING_KEY = `mjscore.table.${tableId}.pending`;
const COPY_KEY = `mjscore.table.${tableId}.copy`;  // the table as last read, for a page opened offline
let pending = JSON.parse(localStorage.getItem(PENDING_KEY) ?? "[]");
let conflicted = false;  // a pending change was refused because another phone changed the table first
let flushing = false;
let sending = null;  // the request id of the pending change on its way
let retryAt = 0;  // no pending change is sent before this time (a 503's Retry-After)
let heardAt = 0;  // when the live view last said something (an event or a beat)
let liveLost = false;
let offline = { offline: false, cached: false };  // the state offline.js says
let info = null;  // the last thing that happened, to say: {text, restore} (an undone entry can be put back)
let problem = null;  // why the last change was refused: {status, body}, or a text
let setBack = null;  // what this phone saw of the table that the server no longer shows (witness.js)
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

/** Say why a change was refused (`status` and the API's body, or a text): in the bar, in the page's language. */
function showProblem(refused) {
  problem = refused;
  info = null;
  renderNotice();
}

/** Say what happened (`restore`: the entry an undo took out, which "Put it back" records again). */
function showInfo(text, restore = null) {
  info = text ? { text, restore } : null;
  renderNotice();
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

function savePending() {
  localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

/** Send a change; show the table it answers. Answers true when the change is recorded or kept on this
 * phone to be sent (the hand can be cleared), false when it was refused (said in the bar). `what`
 * holds what the pending list shows of it: the hand's total, if it was scored. */
async function change(path, body, what = {}) {
  // Made on the table as this phone will have it once the changes before it are recorded.
  const request = { ...body, expected_version: table.version + pending.length + (busy ? 1 : 0),
    request_id: randomId() };
  if (busy || pending.length) {  // after the changes on their way, in order
    queue(path, request, what);
    flush();
    return true;
  }
  busy = true;
  renderBar();
  try {
    const answer = await api(`/api/tables/${tableId}/${path}`, { body: request, timeout: WRITE_TIMEOUT_MS,
      query: { lang: lang(), since_version: request.expected_version } });
    table = merged(table, answer);
    problem = null;
    info = null;
    held = false;
    if (untouched()) resetHand();  // the next hand's defaults: the deal may have moved
    render();
    return true;
  } catch (refused) {
    if (refused.retryable) {  // no answer in time, or the server's own trouble: kept, first in line
      queue(path, request, what, { first: true, retryAfter: refused.retryAfter });
      return true;
    }
    // Not recorded: the changes queued behind it were made on a version it would have made.
    for (const entry of pending) entry.request.expected_version -= 1;
    savePending();
    if (refused.status === 401) location.assign("/join");  // the server needs the club passphrase
    if (refused.status === 409) {
      held = true;
      await load();
      render();
      showProblem(t("changed_elsewhere"));
    } else {
      showProblem({ status: refused.status, body: refused.body });
    }
    return false;
  } finally {
    busy = false;
    renderBar();
    hearWaiting();
    flush();
  }
}

/** A live update: the table as another phone left it. A change of this phone's own whose answer was
 * lost (it is pending here) is known by its request id: it is taken off the pending list, not said
 * to come from another phone. What another phone changed is said, and Record is held, unless the
 * hand is still empty (then the next hand's defaults are taken: the dealer may have moved). */
function heard(answer) {
  if (busy || flushing) {
    news.push(answer);
    return;
  }
  if (answer.version <= table.version) return;  // this page's own change, already shown
  const known = table.version;
  table = merged(table, answer);
  const changed = answer.history.filter((step) => step.recorded && step.recorded.version > known);
  const mine = new Set(pending.map((entry) => entry.request.request_id));
  const own = changed.filter((step) => mine.has(step.recorded.request_id));
  if (own.length) {
    const done = new Set(own.map((step) => step.recorded.request_id));
    pending = pending.filter((entry) => !done.has(entry.request.request_id));
    savePending();
  }
  const others = changed.filter((step) => !mine.has(step.recorded.request_id));
  if (others.length || !changed.length) {
    showInfo(t("updated", { what: others.length ? others.map((s) => `#${s.number} ${s.summary}`).join("; ")
      : t("undone", { n: answer.length + 1 }) }));
    if (untouched()) resetHand();
    else held = true;
  }
  render({ redraw: false });
}

/** The live updates that came while a change was on its way, in order (those the change's own
 * answer already brought are passed over by their version). */
function hearWaiting() {
  const waiting = news;
  news = [];
  for (const answer of waiting) heard(answer);
}

/** Whether the user has put nothing in the picker yet (a live update may then change its defaults). */
function untouched() {
  return !correcting && !editing && picker.held === 0 && !picker.record().win_tile && !givenByPicked;
}

/** Keep a change that could not be sent: pending, in order (`first`: it was made before those
 * already pending), sent when the server answers again. */
function queue(path, request, what = {}, { first = false, retryAfter = null } = {}) {
  const entry = { path, request, total: what.total ?? null, unit: what.unit ?? null, refused: null };
  if (first) pending.unshift(entry);
  else pending.push(entry);
  if (retryAfter) retryAt = Date.now() + retryAfter * 1000;
  savePending();
  info = null;
  render({ redraw: false });
}

/** What a pending change is, in a line: "Bo won on Ann's discard, 24 points", "Drawn hand". */
function pendingSummary(entry) {
  const { path, request } = entry;
  if (path === "wins") {
    const what = request.discarder ? t("pending_win_from", { winner: request.winner, giver: request.discarder })
      : t("pending_win", { winner: request.winner });
    return entry.total === null ? t("pending_not_scored", { what })
      : t("pending_scored", { what, total: entry.total, unit: entry.unit ?? "" });
  }
  if (path === "draws") return t("draw_short");
  if (path === "riichi") return t("pending_riichi", { player: request.player ?? "" });
  if (path === "undo") return t("undo_short");
  const payment = rules.table_payments.find((p) => p.id === request.event)?.name ?? request.event ?? "";
  return t("pending_event", { player: request.player ?? "", event: payment });
}

/** Send the pending changes, oldest first, each once (by its request id). Stop at the first that
 * gets no answer or the server's own trouble (tried again later), that is refused because another
 * phone changed the table (say so: send them anyway, or drop them), or that is refused for what it is
 * (kept and explained: edit it, send it again, or drop it). */
async function flush() {
  if (flushing || busy || conflicted || !pending.length || pending[0].refused || Date.now() < retryAt) return;
  flushing = true;
  try {
    while (pending.length && !pending[0].refused) {
      const entry = pending[0];
      sending = entry.request.request_id;
      renderHistory();
      let answer;
      try {
        answer = await api(`/api/tables/${tableId}/${entry.path}`, { body: entry.request, timeout: WRITE_TIMEOUT_MS,
          query: { lang: lang(), since_version: table.version } });
      } catch (refused) {
        if (refused.retryable) {
          if (refused.retryAfter) retryAt = Date.now() + refused.retryAfter * 1000;
          return;
        }
        if (refused.status === 401) {
          location.assign("/join");
          return;
        }
        if (refused.status === 409) {
          conflicted = true;
          await load().catch(() => {});
        } else {
          entry.refused = { status: refused.status, body: refused.body };
        }
        savePending();
        return;
      } finally {
        sending = null;
      }
      table = merged(table, answer);
      pending = pending.filter((e) => e.request.request_id !== entry.request.request_id);
      savePending();
      if (!pending.length) showInfo(t("pending_sent"));
      render({ redraw: false });
    }
  } finally {
    flushing = false;
    render({ redraw: false });
    hearWaiting();
  }
}

/** After a conflict: send the pending changes on the table as it is now, or drop them. */
function settleConflict(send) {
  conflicted = false;
  if (send) {
    pending.forEach((entry, i) => { entry.request.expected_version = table.version + i; });
  } else {
    pending = [];
  }
  savePending();
  render({ redraw: false });
  flush();
}

/** What to do with the pending change the server refused: send it again as it is, drop it (the
 * changes after it then follow the table without it), or edit it (the next Record replaces it, in
 * its place). */
function settleRefused(action) {
  const entry = pending[0];
  if (!entry?.refused) return;
  if (action === "drop") {
    pending.shift();
    for (const later of pending) later.request.expected_version -= 1;
  } else if (action === "send") {
    entry.refused = null;
    retryAt = 0;
  } else {
    editPending(entry);
    return;
  }
  savePending();
  render({ redraw: false });
  flush();
}

/** Put a refused pending change in the picker (a win) or the payment form (a payment). */
function editPending(entry) {
  const { request } = entry;
  editing = request.request_id;
  if (entry.path === "wins") {
    winner = request.winner;
    givenBy = request.discarder ?? null;
    givenByPicked = true;
    rendering = true;
    try {
      picker.load(request.hand);
    } finally {
      rendering = false;
    }
    held = false;
    render();
    $(".win").scrollIntoView({ block: "start" });
  } else if (entry.path === "events") {
    openPayment({ event: request.event, player: request.player, count: request.count });
  }
}

/** Record the edited pending change in its place: a new request (the server refused the old one). */
function replacePending(path, body, what = {}) {
  const index = pending.findIndex((entry) => entry.request.request_id === editing);
  editing = null;
  if (index < 0) return change(path, body, what);
  const old = pending[index];
  const request = { ...body, expected_version: old.request.expected_version, request_id: randomId() };
  if (old.request.correct) request.correct = old.request.correct;
  pending[index] = { path, request, total: what.total ?? null, unit: what.unit ?? null, refused: null };
  savePending();
  render({ redraw: false });
  flush();
  return true;
}

/** Follow the table live: every change made elsewhere arrives within a second. The server beats
 * every few seconds, so a cut connection (the phone's Wi-Fi dropped) shows as silence. */
function follow() {
  stream?.close();
  const url = new URL(`/api/tables/${tableId}/live`, location.origin);
  url.searchParams.set("since_version", table.version);
  url.searchParams.set("lang", lang());
  stream = new EventSource(url);
  heardAt = Date.now();
  const alive = () => {
    heardAt = Date.now();
    if (liveLost) {
      liveLost = false;
      renderNotice();
    }
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
      liveLost = true;
      renderNotice();
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
  const game = table.game;  // a table that keeps points (riichi's): honba, sticks, points in play
  if (!now.over && now.streak && !game) parts.push(t("streak", { n: now.streak }));
  if (!now.over && game) {
    parts.push(t("honba", { n: game.honba }));
    const sticks = game.sticks.reduce((sum, n) => sum + n, 0);
    if (sticks) parts.push(t("riichi_sticks", { n: sticks }));
  }
  if (!now.over && now.minimum !== null) parts.push(t("minimum", { minimum: now.minimum }));
  $(".deal").textContent = parts.join(" · ");
  $(".seats").innerHTML = table.balances.map((b, i) => {
    // at a points game the points in play (the final score once it is over), else the balance
    const shown = game && !now.over ? game.points[i] : b.points;
    const riichi = game && !now.over ? `<button type="button" class="riichi" data-player="${esc(b.player)}" ` +
      `aria-pressed="${game.riichi.includes(b.player)}"${game.riichi.includes(b.player) ? " disabled" : ""}>` +
      `${esc(t("riichi"))}</button>` : "";
    return `<div class="seat${b.player === now.dealer ? " dealer" : ""}" data-player="${esc(b.player)}">` +
    `<div class="seat-name"><span class="tiles small"><span class="tile">${tile(b.seat)}</span></span> <b>${esc(b.player)}</b></div>` +
    `<span class="balance${(game && !now.over ? shown < game.start : shown < 0) ? " negative" : ""}" ` +
    `data-testid="balance">${shown}</span>` +
    // the money, where it is not the points again (a stake of 1, no base)
    (b.money === String(b.points) ? "" : `<small>${esc(t("money"))} ${esc(b.money)}</small>`) + riichi + `</div>`;
  }).join("");
  $(".export-json").href = `/api/tables/${tableId}/export`;
  $(".export-json").download = `table-${tableId}.json`;
  $(".export-csv").href = `/api/tables/${tableId}/export.csv`;
  $(".undo-last").disabled = !table.history.length && !pending.length;
}

/** A player's change in a step, and whether a payment of the step names them. */
function playerChange(step, player) {
  const change = step.transfers.reduce((sum, m) =>
    sum + (m.payee === player ? m.points : 0) - (m.payer === player ? m.points : 0), 0);
  return { change, involved: step.transfers.some((m) => m.payer === player || m.payee === player) };
}

/** A pending change's state, in a word: waiting, on its way, or not recorded. */
function pendingState(entry) {
  if (entry.refused) return t("pending_refused_state");
  return entry.request.request_id === sending ? t("pending_sending") : t("pending_waiting");
}

function renderHistory() {
  $(".history-filter").innerHTML = [null, ...table.players].map((p) =>
    `<button type="button" data-player="${esc(p ?? "")}" aria-pressed="${p === filter}">${esc(p ?? t("everyone"))}</button>`)
    .join("");
  let steps = [...table.history].reverse();
  if (filter) steps = steps.filter((step) => playerChange(step, filter).involved);
  const line = (step) => {
    const transfers = step.transfers.map((m) => `${esc(m.payer)} → ${esc(m.payee ?? t("the_table"))} ${m.points}`).join(t("list_separator"));
    const mine = filter ? `<br><b class="mine">${esc(labelled(filter, t("change_after", {
      change: (playerChange(step, filter).change > 0 ? "+" : "") + playerChange(step, filter).change,
      points: step.points[indexOf(filter)] })))}</b>` : "";
    return `<li value="${step.number}"${step.number === correcting ? ' class="correcting"' : ""}>` +
      `<b>${esc(step.summary)}</b>${transfers ? `<br><small>${transfers}</small>` : ""}${mine}` +
      `<button type="button" class="edit" data-number="${step.number}">${esc(t("edit"))}</button></li>`;
  };
  const empty = filter ? t("no_entries_for", { player: filter }) : t("no_history");
  const waiting = [...pending].reverse().map((entry, i) =>
    `<li class="pending${entry.refused ? " refused" : ""}" value="${table.length + pending.length - i}" ` +
    `data-request="${esc(entry.request.request_id)}"><b>${esc(pendingSummary(entry))}</b> ` +
    `<small>${esc(pendingState(entry))}</small></li>`).join("");
  const earlier = earlierCount();
  const more = earlier ? `<li class="earlier"><button type="button" class="show-earlier">${esc(t("earlier_entries",
    { n: Math.min(earlier, 100) }))}</button></li>` : "";
  $(".history").innerHTML = waiting + (steps.length || pending.length ? steps.map(line).join("")
    : `<li class="hint">${esc(empty)}</li>`) + more;
  renderNotice();
}

/** The one notice of the bar, the most pressing first: a pending change the server refused (and what
 * to do with it), pending changes another phone's change stands in front of, the refusal of the
 * change just made, the changes waiting on this phone, no server, a cut live view, then what
 * happened last. `actions` are [class, label] buttons. */
function notice() {
  if (setBack) {
    const when = new Date(setBack.seen.at).toLocaleString(lang());
    return { kind: "set-back", role: "alert", text: setBack.kind === "older"
      ? t("witness_older", { seen: setBack.seen.version, now: table.version, when })
      : t("witness_other", { version: table.version, when }), actions: [] };
  }
  const refused = pending[0]?.refused;
  if (refused) {
    return { kind: "refused", role: "alert", text: t("pending_refused_entry", { what: pendingSummary(pending[0]),
      reason: refusalText(refused.status, refused.body) }),
    actions: [["edit-pending", "pending_edit"], ["send-again", "pending_send_again"], ["drop-refused", "pending_drop_one"]]
      .filter(([name]) => name !== "edit-pending" || ["wins", "events"].includes(pending[0].path)) };
  }
  if (conflicted) {
    return { kind: "pending-conflict", role: "alert", text: t("pending_conflict"),
      actions: [["send-pending", "pending_send"], ["drop-pending", "pending_drop"]] };
  }
  if (problem) {
    const text = typeof problem === "string" ? problem : refusalText(problem.status, problem.body);
    return { kind: "table-error", role: "alert", text, actions: [] };
  }
  if (pending.length) {
    const away = offline.offline && !offline.cached && !navigator.serviceWorker?.controller;
    return { kind: "pending-bar", role: "status", text: [t("pending_count", { n: pending.length }),
      ...(away ? [t("pending_keep_open")] : [])].join(t("sentence_gap")), actions: [] };
  }
  if (offline.offline) return { kind: "offline", role: "status", text: offlineLabel("failed"), actions: [] };
  if (liveLost) return { kind: "live-lost", role: "status", text: t("live_lost"), actions: [] };
  if (info) return { kind: "notice", role: "status", text: info.text, actions: info.restore ? [["restore", "restore"]] : [] };
  return null;
}

function renderNotice() {
  if (!table) return;
  const shown = notice();
  const bar = $(".bar-notice");
  bar.hidden = !shown;
  if (!shown) return;
  bar.className = `bar-notice ${shown.kind}`;
  bar.setAttribute("role", shown.role);
  $(".notice-text").textContent = shown.text;
  $(".notice-actions").innerHTML = shown.actions.map(([name, key]) =>
    `<button type="button" class="${name}">${esc(t(key))}</button>`).join("");
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
  // at a points game the table knows who declared riichi: the hand is scored with it
  if (table.game) context.ready_declared = table.game.riichi.includes(winner);
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
  const keep = [form.elements.event.value, form.elements.player.value];
  form.elements.event.innerHTML = rules.table_payments.map((p) =>
    `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join("");
  form.elements.player.innerHTML = table.players.map((p) => `<option>${esc(p)}</option>`).join("");
  if (keep[0]) [form.elements.event.value, form.elements.player.value] = keep;
  const over = table.deal.over && !correcting;
  for (const element of [...document.querySelectorAll(".choices:not(.history-filter) button"), $(".record-draw"),
    $(".show-payment")]) {
    element.disabled = over || "off" in element.dataset;
  }
  const phone = $("[name=this_phone]");
  phone.innerHTML = `<option value="">${esc(t("nobody"))}</option>` +
    table.players.map((p) => `<option>${esc(p)}</option>`).join("");
  phone.value = owner() ?? "";
}

/** Why Record is off, in a line, or "" when it is on. */
function recordReason(scored) {
  if (busy) return t("sending");
  if (table.deal.over && !correcting) return t("game_over");
  if (!picker.inSync) return t("reason_notation");
  if (held) return t("reason_held");
  if (scored) return "";
  if (lastScore && !lastScore.legal) return lastScore.sheet.minimum?.text || t("reason_not_legal");
  const record = picker.record();
  if (picker.held < picker.handSize) return t("held_count", { held: picker.held, size: picker.handSize });
  if (!record.win_tile && record.win !== "flowers") return t("reason_win_tile");
  return $(".sheet [data-testid=not-a-win]") ? t("not_a_win") : t("reason_scoring");
}

/** The bar at the foot of the screen: the entry being corrected, the hand's total (before there is
 * one, why Record is off: the tiles held so far, the minimum it falls short of...) and Record. */
function renderBar() {
  const record = $(".record-hand");
  const status = [];
  if (correcting) status.push(esc(t("correcting", { n: correcting })));
  if (editing) status.push(esc(t("editing_pending")));
  const scored = (lastScore && lastScore.legal) || unscored;
  record.disabled = !scored || (table.deal.over && !correcting) || held || !picker.inSync || busy;
  const reason = recordReason(scored);
  if (lastScore && lastScore.legal && !reason) {
    const from = CLAIMED.includes(picker.value("win")) && givenBy ? ` ← ${givenBy}` : "";
    status.push(`${esc(labelled(winner + from, ""))}<output data-testid="bar-total">${lastScore.total}</output> ` +
      esc(lastScore.sheet.ruleset.unit_name));
  } else if (unscored && !reason) {
    status.push(esc(t("pending_unscored")));
  } else {
    status.push(`<span class="reason" data-testid="record-reason">${esc(reason)}</span>`);
  }
  $(".bar-status").innerHTML = status.join(" · ");
  record.textContent = correcting || editing ? t("save_correction") : t("record");
  $(".cancel-correction").hidden = !correcting && !editing;
}

/** Draw the page for the table as it is; `redraw` the picker too (its menus name the seats' players,
 * who may have moved with the deal), except on news from another phone, which must not take the
 * notation box from under someone typing. */
function render({ redraw = true } = {}) {
  if (!picker) return;
  setBack = witness(table) ?? setBack;
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

/** Send a change, as a correction of the entry being corrected if there is one, or in place of the
 * pending change being edited. */
async function record(path, body, what = {}) {
  if (editing) return replacePending(path, body, what);
  const done = await change(path, correcting ? { ...body, correct: correcting } : body, what);
  if (done) correcting = null;
  return done;
}

/** Put entry `number` in the picker and the forms, to be corrected by the next record. */
async function edit(number) {
  const full = await api(`/api/tables/${tableId}`, { query: { lang: lang(), before: number + 1, limit: 1 } });
  const entry = full.entries[0];
  correcting = number;
  editing = null;
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
  }
  held = false;
  render();
  if (entry.kind === "event") openPayment(entry);
  else $(".win").scrollIntoView({ block: "start" });
}

/** Void the last entry, keeping it to put back on a tap. */
async function undoLast() {
  if (pending.length || busy) return change("undo", {});  // after the changes waiting, in order
  let full;
  try {
    full = await api(`/api/tables/${tableId}`, { query: { lang: lang(), limit: 1 }, timeout: WRITE_TIMEOUT_MS });
  } catch (refused) {
    if (refused.retryable) return change("undo", {});  // no server: the undo waits with the rest
    showProblem({ status: refused.status, body: refused.body });
    return false;
  }
  if (!full.entries.length) return false;
  const entry = full.entries.at(-1);
  const done = await change("undo", {});
  if (done && !pending.length) showInfo(t("undone_entry", { n: full.length, summary: full.history.at(-1).summary }), entry);
  return done;
}

/** Record again the entry an undo took out. */
function restore(entry) {
  info = null;
  if (entry.kind === "win") {
    const body = { hand: entry.hand, winner: entry.winner };
    if (entry.discarder) body.discarder = entry.discarder;
    return change("wins", body);
  }
  if (entry.kind === "event") return change("events", { event: entry.event, player: entry.player, count: entry.count });
  return change("draws", {});
}

/** Open the payment form over the page, filled with `values` (an entry being corrected). */
/** A drawn hand at a table that keeps points: who was tenpai, one tap each (a player in riichi is,
 * and cannot be taken off); or an abortive draw, where the game has them. */
function openDraw() {
  const riichi = table.game.riichi;
  tenpai = new Set(riichi);
  renderTenpai();
  $(".record-abortive").hidden = !table.game.abortive_draws;
  $("dialog.draw").showModal();
}

function renderTenpai() {
  choices($(".tenpai"), table.players.map((p) => [p, esc(p), "", table.game.riichi.includes(p)]), null);
  for (const button of document.querySelectorAll(".tenpai button")) {
    button.setAttribute("aria-pressed", String(tenpai.has(button.dataset.value)));
  }
}

function openPayment(values = null) {
  const form = $("form.event");
  renderForms();
  if (values) {
    form.elements.event.value = values.event;
    form.elements.player.value = values.player;
    form.elements.count.value = values.count;
  } else {
    form.elements.count.value = 1;
  }
  $("dialog.payment").showModal();
}

/** The Record shortcut: the key R anywhere but in a text field or a menu records the hand. */
function shortcut(event) {
  if (event.key.toLowerCase() !== "r" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest?.("input, select, textarea, dialog")) return;
  const button = $(".record-hand");
  if (button.disabled) return;
  event.preventDefault();
  button.click();
}

async function main() {
  await startPage("/tables", { title: "table_page" });
  const [rulesets] = await Promise.all([api("/api/rulesets"), load().catch((refused) => {
    const copy = JSON.parse(localStorage.getItem(COPY_KEY) ?? "null");
    if (refused.retryable && copy) ({ table, rules } = copy);  // no server: the table as this phone last had it
    else document.querySelector("main").insertAdjacentHTML("afterbegin", `<p class="error" role="alert">${esc(refused.message)}</p>`);
  })]);
  if (!table) return;
  const chosen = () => {  // the user changed the hand or a choice
    if (!picker || rendering) return;
    held = false;
    problem = null;
    renderPlayers();
    renderBar();
    renderNotice();
    update();
  };
  picker = new Picker($(".picker"), {
    onChange: chosen, rulesets: rulesets.filter((r) => r.id === table.ruleset),
    // a points game's table says who declared riichi (the Riichi buttons above)
    fixedContext: ["ruleset", "seat", "round", "dealer_streak", "discarder", ...(table.game ? ["ready_declared"] : [])],
    seatName,
  });
  update = sheetUpdater($(".sheet"), picker, {
    houseRules: () => table.house_rules, player: playerAt,
    onResult: (result, failed) => {
      lastScore = result;
      // No server to score it: a full hand can still be kept, to be scored when it is sent.
      unscored = !!failed && failed.retryable && picker.held === picker.handSize && !!picker.record().win_tile;
      renderBar();
    },
  });
  resetHand();
  render();
  follow();
  watch();
  onOffline((state) => {
    offline = state;
    renderNotice();
  });
  $(".notice-actions").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.classList.contains("send-pending")) settleConflict(true);
    else if (button.classList.contains("drop-pending")) settleConflict(false);
    else if (button.classList.contains("send-again")) settleRefused("send");
    else if (button.classList.contains("drop-refused")) settleRefused("drop");
    else if (button.classList.contains("edit-pending")) settleRefused("edit");
    else if (button.classList.contains("restore") && info?.restore) restore(info.restore);
  });
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
    const what = lastScore && lastScore.legal ? { total: lastScore.total, unit: lastScore.sheet.ruleset.unit_name } : {};
    if (await record("wins", winRequest(), what)) {
      resetHand();
      render();
    } else {
      renderBar();
    }
  });
  $(".cancel-correction").addEventListener("click", () => {
    correcting = null;
    editing = null;
    resetHand();
    render();
  });
  $(".record-draw").addEventListener("click", () => (table.game ? openDraw() : record("draws", {})));
  $(".tenpai").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const player = button.dataset.value;
    if (tenpai.has(player)) tenpai.delete(player);
    else tenpai.add(player);
    renderTenpai();
  });
  $("form.draw").addEventListener("submit", (event) => {
    event.preventDefault();
    $("dialog.draw").close();
    record("draws", { tenpai: table.players.filter((p) => tenpai.has(p)) });
  });
  $(".record-abortive").addEventListener("click", () => {
    $("dialog.draw").close();
    record("draws", { abortive: true });
  });
  $(".close-draw").addEventListener("click", () => $("dialog.draw").close());
  $(".seats").addEventListener("click", (event) => {
    const button = event.target.closest("button.riichi");
    if (button && !button.disabled) record("riichi", { player: button.dataset.player });
  });
  $(".undo-last").addEventListener("click", undoLast);
  $(".show-payment").addEventListener("click", () => openPayment());
  $(".close-payment").addEventListener("click", () => $("dialog.payment").close());
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
    $("dialog.payment").close();
    record("events", { event: form.elements.event.value, player: form.elements.player.value,
      count: Number(form.elements.count.value) });
  });
  addEventListener("keydown", shortcut);
}

main();
