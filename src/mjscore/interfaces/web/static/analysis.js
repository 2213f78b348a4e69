// Hand analysis: for a hand of the ruleset's size (16, or 13 in MCR) how far it is from ready
// (shanten: "2 tiles from ready", 2 向聽) and its useful tiles (tap one to draw it); after a draw (17
// or 14 tiles) the discard table (/api/analyse): each discard's shanten, useful tiles with the copies
// unseen, and a ready hand's waits with the score of a win on each, under headings, the best five
// first ("show all" for the rest). Tapping a discard plays it; tapping a useful tile in a row plays
// that discard and draws the tile, so a player can walk a hand forward.
//
// Read at a glance: one line says it all ("Discard 7p: ready, waiting on 3 tiles, 11 left"), and
// opens the table. On a phone the line sits under the hand (the panel is a disclosure there, shut
// until asked); on a wide screen the panel stands open beside the hand. Each wait says in words
// what its numbers are: the copies left, the score on a discard, self-drawn.

import { api, esc, labelled, t, tile, tileName } from "./common.js";

/** A label of this panel: the catalogue's ``analysis_`` labels (mjscore/labels.json). */
function label(key, values = {}) {
  return t(`analysis_${key}`, values);
}

/** How far a hand is from ready, in a club player's words: "2 tiles from ready" (2 向聽), "Ready". */
function level(shanten, key = "shanten") {
  if (shanten === -1) return label("complete");
  if (shanten === 0) return label("ready");
  return shanten === 1 && key === "shanten" ? label("shanten_one") : label(key, { n: shanten });
}

/** The discards listed before "show all": the best ones (the API lists the best first). */
const BEST = 5;

function usefulTiles(useful, discard = "") {
  if (!useful.length) return `<span class="hint">${esc(label("none"))}</span>`;
  return useful.map(({ tile: code, unseen }) =>
    `<button type="button" class="useful" data-draw="${code}" data-discard="${discard}" ` +
    `title="${esc(label("left", { n: unseen }))}">${tile(code)}<small>${unseen}</small></button>`).join("");
}

function points(score) {
  if (!score) return esc(label("no_win"));
  return `${score.total}${score.legal ? "" : ` <em>${esc(label("below"))}</em>`}`;
}

function waitList(waits, discard = "") {
  return waits.map(({ tile: code, unseen, score }) =>
    `<span class="wait"><button type="button" class="useful" data-draw="${code}" data-discard="${discard}" ` +
    `title="${esc(label("left", { n: unseen }))}">${tile(code)}</button>` +
    `<span class="scores">${esc(label("left", { n: unseen }))}<br>` +
    `${esc(label("on_discard"))} ${points(score.discard)}${esc(t("list_separator"))}` +
    `${esc(label("self_drawn"))} ${points(score.self_draw)}</span></span>`).join("");
}

/** The discard table: a row per discard, under headings, the best BEST shown until "show all". */
function rows(discards) {
  const waits = discards.filter((row) => row.waits.length).length;
  const options = waits === discards.length ? label("col_waits") : waits ? `${label("col_useful")} · ${label("col_waits")}`
    : label("col_useful");
  const more = discards.length > BEST ? `<button type="button" class="show-all" aria-expanded="false" ` +
    `data-more="${esc(label("show_all", { n: discards.length }))}" data-less="${esc(label("show_best", { n: BEST }))}">` +
    `${esc(label("show_all", { n: discards.length }))}</button>` : "";
  return `<p class="hint">${esc(label("table"))} ${esc(label("unseen"))}` +
    `${discards.length > BEST ? ` ${esc(label("best", { n: BEST }))}` : ""}</p>` +
    `<div class="discards-head" aria-hidden="true"><span>${esc(label("col_discard"))}</span>` +
    `<span>${esc(label("col_level"))}</span><span>${esc(options)}</span></div><ol class="discards">` +
    discards.map((row, i) =>
    `<li data-shanten="${row.shanten}"${i >= BEST ? ' class="extra"' : ""}><button type="button" class="play" data-discard="${row.tile}" ` +
    `title="${esc(label("discard", { tile: row.tile }))}">${tile(row.tile)}</button>` +
    `<span class="level">${esc(level(row.shanten, "short"))}<small>${esc(label("left", { n: row.unseen }))}</small></span>` +
    `<span class="options">${row.waits.length ? waitList(row.waits, row.tile) : usefulTiles(row.useful, row.tile)}` +
    `</span></li>`).join("") + `</ol>${more}`;
}

/** What a hand's state leaves, in words: "ready, waiting on 3 tiles, 11 left", "1 from ready, 24
 * tiles help". `waits`: the wait list of a ready hand; `unseen`: the copies unseen of what helps. */
function leaves(shanten, waits, unseen, key = "short") {
  if (shanten === -1) return label("complete");
  if (shanten === 0) return label("line_ready", { n: waits.length, left: unseen });
  return label("line_short", { level: level(shanten, key), left: unseen });
}

/** The panel in one line: the best discard and what it leaves (after a draw), else what the hand is. */
export function analysisLine(answer) {
  if (answer.discards) {
    if (answer.shanten === -1) return esc(label("complete"));
    const best = answer.discards[0];
    return esc(labelled(label("line_discard", { tile: tileName(best.tile) }), leaves(best.shanten, best.waits, best.unseen)));
  }
  return esc(leaves(answer.shanten, answer.waits, answer.unseen, "shanten"));
}

/** The panel's HTML for an /api/analyse answer. */
export function analysisPanel(answer) {
  if (answer.discards) return `<p class="shanten">${esc(level(answer.shanten))}</p>${rows(answer.discards)}`;
  const body = answer.waits.length
    ? `<h3>${esc(label("waits"))}</h3><div class="options">${waitList(answer.waits)}</div>`
    : `<h3>${esc(label("useful"))}</h3><div class="options">${usefulTiles(answer.useful)}</div>`;
  return `<p class="shanten">${esc(level(answer.shanten))} <small>${esc(label("left", { n: answer.unseen }))}</small></p>` +
    `${body}<p class="hint">${esc(label("unseen"))}</p>`;
}

/** A function that redraws `container` with the analysis of `picker`'s tiles: its line (the
 * summary of `details`, which it opens) and its table; taps on its tiles change the picker (which
 * calls the function again). An older answer never overwrites a newer one. */
export function analysisUpdater(container, picker, details = null) {
  let latest = 0;
  container.addEventListener("click", (event) => {
    const toggle = event.target.closest("button.show-all");
    if (toggle) {
      const all = container.querySelector(".discards").classList.toggle("all");
      toggle.setAttribute("aria-expanded", String(all));
      toggle.textContent = all ? toggle.dataset.less : toggle.dataset.more;
      return;
    }
    const button = event.target.closest("button[data-discard], button[data-draw]");
    if (!button) return;
    const { discard, draw } = button.dataset;
    picker.change((tiles) => {
      if (discard) {
        if (tiles.win_tile === discard) tiles.win_tile = null;
        else tiles.concealed.splice(tiles.concealed.indexOf(discard), 1);
      }
      if (draw) tiles.concealed.push(draw);
    });
  });
  return async () => {
    const request = ++latest;
    const record = picker.record();
    const held = picker.held + (record.win_tile ? 1 : 0);
    const size = picker.handSize;
    let html;
    let line;
    if (held !== size && held !== size + 1) {
      line = esc(label("build", { size, drawn: size + 1 }));
      html = "";
    } else {
      const body = { ruleset: record.ruleset, seat: record.seat, round: record.round, concealed: record.concealed,
        melds: record.melds, flowers: record.flowers, win_tile: record.win_tile ?? null };
      try {
        const answer = await api("/api/analyse", { body });
        html = analysisPanel(answer);
        line = analysisLine(answer);
      } catch (problem) {
        html = "";
        line = `<span class="error" role="alert">${esc(problem.message)}</span>`;
      }
    }
    if (request !== latest) return;
    container.innerHTML = html;
    if (details) {
      details.querySelector("summary .line").innerHTML = line;
      details.querySelector("summary .title").textContent = label("title");
      details.classList.toggle("empty", !html);
    }
  };
}
