// The score sheet: a scored hand (the API's /api/score answer) drawn for a person to read: the total,
// every award with its points and reason, the arrangement as tiles, the waits, who pays whom.

import { api, esc, lang, t, tileRow } from "./common.js";

function seat(code) {
  return t(`seat_${code}`);
}

function group(g, winTile) {
  const marked = g.winning ? g.tiles.indexOf(winTile) : -1;
  const mark = g.declared ? t(g.concealed ? "concealed_set" : "exposed") : "";
  return `<span class="group${g.declared ? " declared" : ""}${g.winning ? " winning" : ""}">` +
    tileRow(g.tiles, { marked }) + (mark ? `<small>${esc(mark)}</small>` : "") + `</span>`;
}

function award(a) {
  const points = a.count > 1 ? `${a.points} × ${a.count} = ${a.value}` : `${a.value}`;
  return `<tr data-award="${esc(a.id)}"><th scope="row" title="${esc(a.help)}">${esc(a.name)}</th>` +
    `<td class="num">${esc(points)}</td><td class="reason">${esc(a.reason)}</td></tr>`;
}

/** Who pays whom, and the money when the table has set it (底 + 台 × 每台, or a stake per point). */
function paymentText(p) {
  const text = t("pays", { payer: seat(p.payer), payee: seat(p.payee), amount: p.amount });
  return esc(p.money === undefined ? text : `${text} = ${p.money}`);
}

function payment(p) {
  return `<li>${paymentText(p)}</li>`;
}

/** The score sheet of `result` as HTML. */
export function scoreSheet(result) {
  const rules = result.ruleset;
  const rows = result.awards.map(award).join("") +
    (result.base.points ? `<tr class="base"><th scope="row">${esc(result.base.name)}</th>` +
      `<td class="num">${result.base.points}</td><td></td></tr>` : "");
  const notes = [];
  if (result.limited) notes.push(t("limited", { limit: result.limit }));
  if (!result.legal) {
    const without = result.not_counted_for_minimum.length ?
      ` (${t("without", { names: result.not_counted_for_minimum.join(", ") })})` : "";
    notes.push(t("below", { score: result.counted_for_minimum, gap: result.shortfall, minimum: result.minimum }) + without);
  }
  if (rules.overrides.length) notes.push(`${t("house_rules")}: ${rules.overrides.join("; ")}`);
  const tablePayments = result.table_payments.map((p) =>
    `<li><b>${esc(p.name)}</b> ${esc(p.reason)}: ${p.payments.map(paymentText).join(", ")}</li>`).join("");
  return `<div class="total" data-testid="total"><span data-label="total">${esc(t("total"))}</span> ` +
    `<output>${result.total}</output> <small>${esc(rules.unit)}</small></div>` +
    `<p class="ruleset">${esc(rules.name)}</p>` +
    notes.map((note) => `<p class="note">${esc(note)}</p>`).join("") +
    `<table class="awards"><thead><tr><th scope="col">${esc(t("award"))}</th>` +
    `<th scope="col" class="num">${esc(t("points"))}</th><th scope="col">${esc(t("reason"))}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>` +
    (result.groups.length ? `<h3>${esc(t("arrangement"))}</h3><div class="arrangement">` +
      result.groups.map((g) => group(g, result.hand.win_tile)).join("") + `</div>` : "") +
    `<h3>${esc(t("waits"))}</h3>${tileRow(result.waits, { className: "small" })}` +
    `<h3>${esc(t("payments"))}</h3><ul class="payments">` +
    `${result.legal ? result.payments.map(payment).join("") : `<li>${esc(t("no_payments"))}</li>`}</ul>` +
    (tablePayments ? `<h3>${esc(t("table_payments"))}</h3><ul class="payments">${tablePayments}</ul>` : "");
}

/** What a score sheet shows for a hand record being built: its score, else the tiles it waits on
 * (once it holds the ruleset's number of tiles), else a hint. `picker` tells how many tiles it holds;
 * `houseRules` are the table's. Answers {html, result}: result is the score, if there is one. */
async function handSheet(record, picker, houseRules) {
  const body = { hand: record, house_rules: houseRules };
  if (!record.win_tile && record.win !== "flowers") {
    if (picker.held !== picker.handSize) return { html: `<p class="hint">${esc(t("build_hint"))}</p>`, result: null };
    const { waits } = await api("/api/waits", { body, query: { lang: lang() } });
    if (!waits.length) return { html: `<p class="hint">${esc(t("no_waits"))}</p>`, result: null };
    return { html: `<p class="hint">${esc(t("waits_hint"))}</p><ul class="waits">` + waits.map(({ tile, score }) =>
      `<li>${tileRow([tile])} <b>${score ? score.total : "—"}</b> ` +
      `<small>${score ? score.awards.map((a) => esc(a.name)).join(", ") : esc(t("cannot_win"))}</small></li>`).join("") +
      `</ul>`, result: null };
  }
  const result = await api("/api/score", { body, query: { lang: lang() } });
  return { html: scoreSheet(result), result };
}

/** A function that redraws `container` with the sheet of `picker`'s hand and then calls
 * `onResult(score or null)`. Each call asks the API again; an older, slower answer never
 * overwrites a newer one. `houseRules()` gives the house rules to score under. */
export function sheetUpdater(container, picker, { houseRules = () => null, onResult = () => {} } = {}) {
  let latest = 0;
  return async () => {
    const request = ++latest;
    let shown;
    try {
      shown = await handSheet(picker.record(), picker, houseRules());
    } catch (problem) {
      shown = { html: `<p class="error" role="alert"><b>${esc(t("problem"))}:</b> ${esc(problem.message)}</p>`, result: null };
    }
    if (request !== latest) return;
    container.innerHTML = shown.html;
    onResult(shown.result);
  };
}
