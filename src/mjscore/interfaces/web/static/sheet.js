// The score sheet: the API's sheet model (/api/score answers it as `sheet`; mjscore.scoring.sheet)
// drawn for a person to read. The model carries the sentences in the page's language (the shortfall,
// payments, replaced awards), the same the command line prints; this file only lays them out, with
// every tile drawn as a tile.

import { api, esc, lang, t, tileRow } from "./common.js";

function group(g, winTile) {
  const marked = g.winning ? g.tiles.indexOf(winTile) : -1;
  const mark = g.declared ? t(g.concealed ? "concealed_set" : "exposed") : "";
  return `<span class="group${g.declared ? " declared" : ""}${g.winning ? " winning" : ""}">` +
    tileRow(g.tiles, { marked }) + (mark ? `<small>${esc(mark)}</small>` : "") + `</span>`;
}

/** The tiles behind an award row: its sets as tiles, "the whole hand", or the East wind as "the dealer's seat". */
function rowTiles(row) {
  if (row.scope === "hand") return `<small>${esc(t("whole_hand"))}</small>`;
  if (row.scope === "seat") return `${tileRow(row.sets[0], { className: "small" })} <small>${esc(t("row_dealer"))}</small>`;
  return row.sets.map((set) => tileRow(set, { className: "small" })).join(" ");
}

function award(row) {
  return `<tr ${row.per_payment ? "data-per-payment" : "data-award"}="${esc(row.id)}" data-scope="${esc(row.scope)}">` +
    `<th scope="row" title="${esc(row.help)}">${esc(row.name)}</th>` +
    `<td class="num">${esc(row.points_text)}</td><td class="reason">${rowTiles(row)}</td></tr>`;
}

/** How the hand was won, its winning tile drawn as a tile (the model's line writes its character). */
function winLine(win) {
  const line = esc(win.line);
  return win.glyph ? line.replace(win.glyph, tileRow([win.tile], { className: "small" })) : line;
}

function replaced(row) {
  return `<tr data-replaced="${esc(row.id)}" data-by="${esc(row.by)}"><th scope="row">${esc(row.name)}</th>` +
    `<td class="num">${row.value}</td><td class="reason">${esc(row.text)}</td></tr>`;
}

/** A hand valued by han and fu (riichi): its fu line by line (each set, the wait, the pair, the
 * self-draw or concealed claim, the rounding) with the tiles behind each, and what the han and fu
 * make (the limit, the base points), in the model's sentences. */
function handValue(value) {
  const lines = value.lines.map((line) => `<tr data-fu="${esc(line.kind)}"><th scope="row">${esc(line.text)}</th>` +
    `<td class="num">${line.fu}</td><td class="reason">${line.tiles.length ? tileRow(line.tiles, { className: "small" }) : ""}</td></tr>`);
  return (lines.length ? `<h3>${esc(t("fu"))}</h3><table class="awards fu"><tbody>${lines.join("")}</tbody>` +
    `<tfoot><tr><th scope="row">${esc(t("total"))}</th><td class="num">${value.fu}</td><td></td></tr></tfoot></table>` : "") +
    `<p class="note" data-testid="value">${esc(value.text)}</p>`;
}

/** One payment: the model's sentence ("East pays South 9"), or, where the page knows who sits in
 * each seat (`player(seat)`, a table), the same with the players' names ("Ann pays Bo 9"). */
function paymentText(payment, player) {
  if (!player) return payment.text;
  const text = t("pays", { payer: player(payment.payer), payee: player(payment.payee), amount: payment.amount });
  return payment.money ? `${text} = ${payment.money}` : text;
}

/** A table payment the hand implies, its payments by player name where the page knows them. */
function tablePaymentText(row, player) {
  if (!player) return row.text;
  return t("table_payment_line", { name: row.name,
    payments: row.payments.map((p) => paymentText(p, player)).join(t("list_separator")) });
}

/** The score sheet of `sheet` (the API's sheet model) as HTML; `player(seat)` names the player in a
 * seat, where the page knows it. */
export function scoreSheet(sheet, player = null) {
  const rules = sheet.ruleset;
  const rows = sheet.rows.map(award).join("") +
    (sheet.base.points ? `<tr class="base"><th scope="row">${esc(sheet.base.name)}</th>` +
      `<td class="num">${sheet.base.points}</td><td></td></tr>` : "");
  const notes = [];
  if (sheet.limit) notes.push(`<p class="note" data-testid="limit">${esc(sheet.limit.text)}</p>`);
  if (sheet.minimum && !sheet.minimum.legal) {
    notes.push(`<p class="note" data-testid="shortfall">${esc(sheet.minimum.text)}</p>`);
  }
  if (rules.overrides.length) notes.push(`<p class="note">${esc(t("house_rules"))}: ${esc(rules.overrides.join("; "))}</p>`);
  const payments = sheet.legal && sheet.payments.length ?
    sheet.payments.map((p) => `<li>${esc(paymentText(p, player))}</li>`).join("") : `<li>${esc(sheet.payments_text)}</li>`;
  const tablePayments = sheet.table_payments.map((p) => `<li>${esc(tablePaymentText(p, player))}</li>`).join("");
  return `<div class="total" data-testid="total"><span data-label="total">${esc(t("total"))}</span> ` +
    `<output>${sheet.total}</output> <small>${esc(sheet.value?.total_unit ?? rules.unit_name)}</small></div>` +
    `<p class="ruleset">${esc(rules.name)}</p>` +
    `<p class="win" data-testid="win">${winLine(sheet.win)}</p>` +
    notes.join("") +
    `<table class="awards"><thead><tr><th scope="col">${esc(t("award"))}</th>` +
    `<th scope="col" class="num">${esc(sheet.value ? rules.unit_name : t("points"))}</th>` +
    `<th scope="col">${esc(t("reason"))}</th></tr></thead><tbody>${rows}</tbody></table>` +
    (sheet.value ? handValue(sheet.value) : "") +
    // 莊家 and 連莊: carried by each payment that involves the dealer, apart from the total (ruling 55).
    (sheet.per_payment ? `<p class="note" data-testid="per-payment">${esc(sheet.per_payment.text)}</p>` +
      `<table class="awards per-payment"><tbody>${sheet.per_payment.rows.map(award).join("")}</tbody></table>` : "") +
    (sheet.replaced.length ? `<h3>${esc(t("replaced"))}</h3><table class="awards replaced"><tbody>` +
      sheet.replaced.map(replaced).join("") + `</tbody></table>` : "") +
    (sheet.arrangement.length ? `<h3>${esc(t("arrangement"))}</h3><div class="arrangement">` +
      sheet.arrangement.map((g) => group(g, sheet.win.tile)).join("") + `</div>` : "") +
    (sheet.flowers.length ? `<h3>${esc(t("flowers"))}</h3>${tileRow(sheet.flowers, { className: "small" })}` : "") +
    `<h3>${esc(t("waits"))}</h3>${tileRow(sheet.waits, { className: "small" })}` +
    `<h3>${esc(t("payments"))}</h3><ul class="payments">${payments}</ul>` +
    (tablePayments ? `<h3>${esc(t("table_payments"))}</h3><ul class="payments">${tablePayments}</ul>` : "");
}

/** What a score sheet shows for a hand record being built: its score, else the tiles it waits on
 * (once it holds the ruleset's number of tiles), else a hint. `picker` tells how many tiles it holds;
 * `houseRules` are the table's. Answers {html, result}: result is the score, if there is one. */
async function handSheet(record, picker, houseRules, player) {
  const body = { hand: record, house_rules: houseRules };
  if (!record.win_tile && record.win !== "flowers") {
    if (picker.held !== picker.handSize) return { html: `<p class="hint">${esc(t("build_hint"))}</p>`, result: null };
    const { waits } = await api("/api/waits", { body, query: { lang: lang() } });
    if (!waits.length) return { html: `<p class="hint">${esc(t("no_waits"))}</p>`, result: null };
    return { html: `<p class="hint">${esc(t("waits_hint"))}</p><ul class="waits">` + waits.map(({ tile, score }) =>
      `<li>${tileRow([tile])} <b>${score ? score.total : "—"}</b> ` +
      `<small>${score ? score.awards.map((a) => esc(a.name)).join(esc(t("list_separator"))) : esc(t("cannot_win"))}</small></li>`).join("") +
      `</ul>`, result: null };
  }
  try {
    const result = await api("/api/score", { body, query: { lang: lang() } });
    return { html: scoreSheet(result.sheet, player), result };
  } catch (problem) {
    if (problem.type !== "NotAWinError") throw problem;
    // Said in the page's language, with the tiles that would complete the hand drawn as tiles
    // (/api/waits sets the winning tile aside).
    const { waits } = await api("/api/waits", { body, query: { lang: lang() } });
    return { html: `<p class="error" role="alert" data-testid="not-a-win">${tileRow([record.win_tile])} ` +
      `${esc(t("not_a_win"))}</p>` + (waits.length ? `<p class="hint">${esc(t("waits_are"))} ` +
      `${tileRow(waits.map((w) => w.tile), { className: "small" })}</p>` : ""), result: null };
  }
}

/** A function that redraws `container` with the sheet of `picker`'s hand and then calls
 * `onResult(score or null, the problem that kept it from being scored or null)`. Each call asks the API again; an older, slower answer never
 * overwrites a newer one. `houseRules()` gives the house rules to score under; `player(seat)`, where
 * given, the player in a seat, for the payments to name. */
export function sheetUpdater(container, picker, { houseRules = () => null, onResult = () => {}, player = null } = {}) {
  let latest = 0;
  return async () => {
    const request = ++latest;
    let shown;
    let failed = null;
    try {
      shown = await handSheet(picker.record(), picker, houseRules(), player);
    } catch (problem) {
      failed = problem;
      shown = { html: `<p class="error" role="alert"><b>${esc(t("problem"))}</b>${esc(t("colon"))}${esc(problem.message)}</p>`, result: null };
    }
    if (request !== latest) return;
    container.innerHTML = shown.html;
    onResult(shown.result, failed);
  };
}
