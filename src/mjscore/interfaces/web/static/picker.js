// The tile picker: tap tiles to build a hand record (concealed tiles, declared sets, flowers, the
// winning tile), with a notation box kept in sync both ways and the context of the win. The notation
// box is read by the server (/api/notation, the library's tile parser); the picker only writes it.
//
// Few taps: a tap adds one tile or a whole set (a chow from its lowest tile, a pung, a pair, in the
// hand or declared), and once the hand holds all its tiles the next tap is the winning tile. The
// hand is drawn in a strip of fixed height, so the palette under it stays put while the hand grows.

import { allTiles, api, esc, lang, nameIn, onLanguageChange, t, tile, tileIndex } from "./common.js";

const SEATS = ["E", "S", "W", "N"];
// The modes, in two rows: what goes into the hand (one tile, a set of concealed tiles, the winning
// tile) and the sets laid open or declared.
const HAND_MODES = ["concealed", "run", "triplet", "pair", "win"];
const DECLARED_MODES = ["chow", "pung", "kong", "concealed_kong", "added_kong"];
const CHOW_MODES = ["run", "chow"];
// How many concealed copies of the tapped tile a set mode of the hand adds.
const IN_HAND = { triplet: 3, pair: 2 };
// What a tap adds in each mode: the meld kind and how many copies of the tapped tile.
const MELD_MODES = {
  pung: { kind: "pung", copies: 3 },
  kong: { kind: "kong", copies: 4 },
  concealed_kong: { kind: "kong", copies: 4, concealed: true },
  added_kong: { kind: "kong", copies: 4, added: true },
};
const FLAGS = ["last_tile", "ready_declared", "heavenly", "earthly", "last_of_kind"];
const COUNTS = ["discards", "declared_tiles", "dealer_streak"];

const HOLD_MS = 450;  // a touch this long on a palette tile is a hold: the chow it starts
const DENSE = 20;  // tiles that two rows of a phone's hand strip hold at the usual size
const isBonus = (code) => code.endsWith("f");
const isHonour = (code) => Number.isNaN(Number(code[0]));
const byIndex = (a, b) => tileIndex(a) - tileIndex(b);

/** Tiles in compact notation, runs of a suit grouped: 123m 55p EEE. */
export function formatTiles(codes) {
  const parts = [];
  let run = null;
  for (const code of [...codes].sort(byIndex)) {
    const suit = isHonour(code) ? "z" : code[1];
    if (suit === run) {
      parts[parts.length - 1] = suit === "z" ? parts.at(-1) + code : parts.at(-1).slice(0, -1) + code;
    } else {
      parts.push(code);
    }
    run = suit;
  }
  return parts.join(" ");
}

/** The notation box's line for these tiles (see interfaces/web/notation.py). */
export function handNotation({ concealed, melds, flowers, win_tile: winTile }) {
  const sets = melds.map((m) => `[${formatTiles(m.tiles)}${m.concealed ? " concealed" : m.added ? " added" : ""}]`);
  return [formatTiles(concealed), ...sets, formatTiles(flowers), winTile ? `+${winTile}` : ""]
    .filter(Boolean).join(" ");
}

function chowOf(code) {
  const rank = Number(code[0]);
  return isHonour(code) || isBonus(code) || rank > 7 ? null : [0, 1, 2].map((i) => `${rank + i}${code[1]}`);
}

function seatOptions(selected, name = (seat) => t(`seat_${seat}`)) {
  return SEATS.map((s) => `<option value="${s}"${s === selected ? " selected" : ""}>${esc(name(s))}</option>`).join("");
}

export class Picker {
  /** Render a picker into `root`; `onChange()` is called after every change to the hand or its context.
   * `fixedContext` names the context fields the page sets itself (hidden here); `seatName(seat)`
   * labels the seats a winner or discarder can sit in (a table names its players). */
  constructor(root, { onChange, rulesets, fixedContext = [], seatName }) {
    this.root = root;
    this.holding = false;  // the touch on the palette was a hold (a chow), not a tap
    this.seatName = seatName;
    this.onChange = onChange;
    this.rulesets = rulesets;
    this.fixedContext = new Set(fixedContext);  // context fields set by the page (a table's seat, round...)
    this.tiles = { concealed: [], melds: [], flowers: [], win_tile: null };
    this.history = [];
    this.mode = "concealed";
    this.inSync = true;  // false while the notation box holds text the picker has not read (or cannot)
    this.render();
    onLanguageChange(() => this.render());
  }

  get handSize() {
    return this.rulesets.find((r) => r.id === this.value("ruleset"))?.hand_size ?? 16;
  }

  get held() {
    return this.tiles.concealed.length + 3 * this.tiles.melds.length;
  }

  /** The values of the context form's fields, by name. */
  context() {
    const fields = [...this.root.querySelector("form.context").elements].filter((field) => field.name);
    return Object.fromEntries(fields.map((field) => [field.name, field.type === "checkbox" ? field.checked : field.value]));
  }

  /** The hand record the picker describes. */
  record() {
    const context = this.context();
    const record = {
      ruleset: context.ruleset, seat: context.seat, round: context.round,
      concealed: formatTiles(this.tiles.concealed),
      melds: this.tiles.melds.map((m) => ({ kind: m.kind, tiles: formatTiles(m.tiles), concealed: !!m.concealed,
        added: !!m.added })),
      flowers: [...this.tiles.flowers].sort(byIndex), win: context.win,
      replacement: context.replacement || false,
    };
    if (this.tiles.win_tile && record.win !== "flowers") record.win_tile = this.tiles.win_tile;
    if (record.win === "discard" || record.win === "robbing_gong") record.discarder = context.discarder;
    if (record.win === "flowers" && context.eighth_flower) record.discarder = context.eighth_flower;
    for (const flag of FLAGS) record[flag] = context[flag];
    if (context.ready_on) Object.assign(record, { ready_declared: true, ready_on: context.ready_on });
    for (const count of COUNTS) {
      if (context[count] !== "") record[count] = Number(context[count]);
    }
    return record;
  }

  /** Set context fields, e.g. {seat: "S", round: "E", dealer_streak: 1}. */
  setContext(values) {
    const form = this.root.querySelector("form.context");
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if (field.type === "checkbox") field.checked = !!value;
      else field.value = value ?? "";
    }
    this.syncContext();
  }

  value(name) {
    return this.root.querySelector(`[name=${name}]`).value;
  }

  copies(code) {
    const { concealed, melds, win_tile: winTile } = this.tiles;
    return [...concealed, ...melds.flatMap((m) => m.tiles), winTile].filter((c) => c === code).length;
  }

  /** The tiles a tap on `code` adds in the current mode, or null when it cannot: not a fifth copy,
   * and never more tiles held than the ruleset's hands hold (16, or 13; a set counts 3). */
  addition(code) {
    const add = this.possibleAddition(code);
    const adds = add?.concealed?.length ?? (add?.meld ? 3 : 0);
    return add && this.held + adds > this.handSize ? null : add;
  }

  possibleAddition(code) {
    if (isBonus(code)) return this.tiles.flowers.includes(code) ? null : { flowers: [code] };
    if (this.mode === "concealed") return this.copies(code) < 4 ? { concealed: [code] } : null;
    if (this.mode === "win") return this.copies(code) < 4 || this.tiles.win_tile === code ? { win_tile: code } : null;
    if (CHOW_MODES.includes(this.mode)) {
      const tiles = chowOf(code);
      if (!tiles || !tiles.every((c) => this.copies(c) < 4)) return null;
      return this.mode === "run" ? { concealed: tiles } : { meld: { kind: "chow", tiles } };
    }
    if (IN_HAND[this.mode]) {
      const copies = IN_HAND[this.mode];
      return this.copies(code) + copies <= 4 ? { concealed: Array(copies).fill(code) } : null;
    }
    const { kind, copies, concealed, added } = MELD_MODES[this.mode];
    return this.copies(code) === 0 ? { meld: { kind, tiles: Array(copies).fill(code), concealed, added } } : null;
  }

  change(update) {
    this.history.push(structuredClone(this.tiles));
    update(this.tiles);
    this.followHand();
    this.renderHand();
  }

  /** Once the hand holds all its tiles, the next tap is the winning tile; once that is picked, a
   * tap adds to the hand again. */
  followHand() {
    const full = !this.tiles.win_tile && this.held >= this.handSize;
    if (full && this.mode !== "win") this.setMode("win");
    else if (!full && this.mode === "win" && this.tiles.win_tile) this.setMode("concealed");
  }

  /** A tile held down: the chow in the hand that it starts, whatever the mode (one touch for a
   * run, so a hand takes as few taps in any order: no switching to Chow and back). */
  hold(code) {
    const mode = this.mode;
    this.mode = "run";
    const add = this.addition(code);
    this.mode = mode;
    if (add) this.change((tiles) => tiles.concealed.push(...add.concealed));
  }

  /** A tap on a palette tile. A declared set is one tap of its mode: the picker then adds hand
   * tiles again (a hand declares its sets one at a time), so the order of the taps costs none. */
  tap(code) {
    const add = this.addition(code);
    if (!add) return;
    this.change((tiles) => {
      if (add.flowers) tiles.flowers.push(...add.flowers);
      if (add.concealed) tiles.concealed.push(...add.concealed);
      if (add.meld) tiles.melds.push(add.meld);
      if (add.win_tile) tiles.win_tile = add.win_tile;
    });
    if (add.meld && this.mode !== "win") this.setMode("concealed");
  }

  remove(part, index) {
    this.change((tiles) => {
      if (part === "win_tile") tiles.win_tile = null;
      else tiles[part].splice(index, 1);
    });
  }

  undo() {
    if (!this.history.length) return;
    this.tiles = this.history.pop();
    this.followHand();
    this.renderHand();
  }

  /** Replace the tiles with the fields the server read from the notation box. */
  setTiles(fields, { keepBox = false } = {}) {
    const codes = (text) => text.split(" ").filter(Boolean).flatMap((part) =>
      isHonour(part) ? [...part] : [...part.slice(0, -1)].map((digit) => digit + part.at(-1)));
    this.history.push(structuredClone(this.tiles));
    this.tiles = {
      concealed: codes(fields.concealed),
      melds: fields.melds.map((m) => ({ ...m, tiles: codes(m.tiles) })),
      flowers: fields.flowers,
      win_tile: fields.win_tile,
    };
    this.inSync = true;
    this.followHand();
    this.renderHand({ keepBox });
  }

  /** Show a hand record (an entry to correct): its tiles and the context it states, other than the
   * fields the page sets itself. */
  load(record) {
    this.setTiles({
      concealed: record.concealed ?? "",
      melds: (record.melds ?? []).map((m) => ({ kind: m.kind, tiles: m.tiles, concealed: !!m.concealed, added: !!m.added })),
      flowers: record.flowers ?? [],
      win_tile: record.win_tile ?? null,
    });
    const context = { win: record.win ?? "self_draw", replacement: record.replacement || "", ready_on: record.ready_on ?? "" };
    for (const flag of FLAGS) context[flag] = !!record[flag];
    for (const count of COUNTS) context[count] = record[count] ?? "";
    for (const name of this.fixedContext) delete context[name];
    this.setContext(context);
    this.onChange();
  }

  setMode(mode) {
    this.mode = mode;
    for (const radio of this.root.querySelectorAll("[name=mode]")) radio.checked = radio.value === mode;
    this.renderPalette();
  }

  render() {
    const previous = this.root.querySelector("form.context") ? this.context() : null;
    const rulesetOptions = this.rulesets.map((r) => `<option value="${esc(r.id)}">${esc(nameIn(r.names))}</option>`).join("");
    const chips = (modes) => modes.map((mode) => `<label class="mode"><input type="radio" name="mode" value="${mode}"` +
      `${mode === this.mode ? " checked" : ""}><span>${esc(t(`mode_${mode}`))}</span></label>`).join("");
    const wins = ["self_draw", "discard", "robbing_gong", "flowers"]
      .map((w) => `<option value="${w}">${esc(t(`win_${w}`))}</option>`).join("");
    const replacements = ["", "flower", "gong", "double_gong"]
      .map((r) => `<option value="${r}">${esc(t(`repl_${r || "none"}`))}</option>`).join("");
    const readyOn = ["", "deal", "first_discard"]
      .map((r) => `<option value="${r}">${esc(t(`ready_on_${r || "none"}`))}</option>`).join("");
    const eighth = `<option value="">${esc(t("eighth_flower_self"))}</option>${seatOptions("", this.seatName)}`;
    const flags = FLAGS.map((f) => `<label class="check"><input type="checkbox" name="${f}"> ${esc(t(f))}</label>`).join("");
    const counts = COUNTS.map((c) => `<label>${esc(t(c))} <input type="number" min="0" max="200" inputmode="numeric" ` +
      `name="${c}"${c === "dealer_streak" ? ' value="0"' : ""}></label>`).join("");
    this.root.innerHTML = `
      <div class="hand" aria-live="polite"></div>
      <fieldset class="modes"><legend>${esc(t("add_as"))}</legend>
        <div class="mode-row"><span class="mode-group">${esc(t("modes_in_hand"))}</span>${chips(HAND_MODES)}</div>
        <div class="mode-row"><span class="mode-group">${esc(t("modes_declared"))}</span>${chips(DECLARED_MODES)}</div>
      </fieldset>
      <div class="palette" role="group" aria-label="${esc(t("palette"))}"></div>
      <p class="hint mode-hint"></p>
      <div class="notation-row">
        <label for="notation">${esc(t("notation"))}</label>
        <input id="notation" name="notation" autocomplete="off" spellcheck="false" autocapitalize="off"
          aria-describedby="notation-help notation-error">
        <button type="button" class="undo">${esc(t("undo"))}</button>
        <button type="button" class="clear">${esc(t("clear"))}</button>
      </div>
      <p class="hint" id="notation-help">${esc(t("notation_help"))}</p>
      <p class="error" id="notation-error" role="alert"></p>
      <form class="context">
        <fieldset><legend>${esc(t("context"))}</legend>
          <label>${esc(t("ruleset"))} <select name="ruleset">${rulesetOptions}</select></label>
          <label>${esc(t("seat"))} <select name="seat">${seatOptions("E", this.seatName)}</select></label>
          <label>${esc(t("round"))} <select name="round">${seatOptions("E")}</select></label>
          <label>${esc(t("win"))} <select name="win">${wins}</select></label>
          <label class="discarder">${esc(t("discarder"))} <select name="discarder">${seatOptions("N", this.seatName)}</select></label>
          <label class="eighth-flower">${esc(t("eighth_flower"))} <select name="eighth_flower">${eighth}</select></label>
          <label>${esc(t("replacement"))} <select name="replacement">${replacements}</select></label>
          <details><summary>${esc(t("more_context"))}</summary>${flags}
            <label>${esc(t("ready_on"))} <select name="ready_on">${readyOn}</select></label>${counts}</details>
        </fieldset>
      </form>`;
    for (const name of this.fixedContext) this.root.querySelector(`[name=${name}]`).closest("label").hidden = true;
    this.setContext(previous ?? { ruleset: this.rulesets.find((r) => r.default)?.id ?? this.rulesets[0].id });
    this.root.querySelector(".modes").addEventListener("change", (event) => this.setMode(event.target.value));
    this.root.querySelector(".undo").addEventListener("click", () => this.undo());
    this.root.querySelector(".clear").addEventListener("click", () => this.change((tiles) => {
      Object.assign(tiles, { concealed: [], melds: [], flowers: [], win_tile: null });
    }));
    const form = this.root.querySelector("form.context");
    form.addEventListener("submit", (event) => event.preventDefault());  // no inline handlers: the CSP forbids them
    form.addEventListener("change", () => { this.syncContext(); this.onChange(); });
    form.addEventListener("input", (event) => { if (event.target.type === "number") this.onChange(); });
    this.listenToNotation();
    this.syncContext();
    this.renderHand();
  }

  /** Show the discarder only for a claimed win, and who drew the eighth flower only for a flower win
   * (seven robbing it: rulings 39, 45); never the winner's own seat. */
  syncContext() {
    const win = this.value("win");
    const discarder = this.root.querySelector("[name=discarder]");
    discarder.closest("label").hidden = (win !== "discard" && win !== "robbing_gong") || this.fixedContext.has("discarder");
    const eighth = this.root.querySelector("[name=eighth_flower]");
    eighth.closest("label").hidden = win !== "flowers" || this.fixedContext.has("discarder");
    const seat = this.value("seat");
    for (const option of eighth.options) option.disabled = option.value === seat;
    if (eighth.value === seat) eighth.value = "";
    for (const option of discarder.options) option.disabled = option.value === seat;
    if (discarder.value === seat) discarder.value = SEATS[(SEATS.indexOf(seat) + 3) % 4];
  }

  listenToNotation() {
    const box = this.root.querySelector("#notation");
    const error = this.root.querySelector("#notation-error");
    let pending = null;
    box.addEventListener("input", () => {
      this.inSync = false;  // until the server has read the box: the page must not record the old tiles
      this.root.classList.add("stale");
      this.onChange();
      clearTimeout(pending);
      pending = setTimeout(async () => {
        try {
          this.setTiles(await api("/api/notation", { body: { text: box.value } }), { keepBox: true });
          error.textContent = "";
          box.removeAttribute("aria-invalid");
        } catch (problem) {
          error.textContent = problem.message;
          box.setAttribute("aria-invalid", "true");
        }
      }, 250);
    });
    // On leaving the box, its text is written the picker's way, unless the picker has not read it yet.
    box.addEventListener("change", () => { if (this.inSync) box.value = handNotation(this.tiles); });
  }

  /** The hand as one strip: the concealed tiles, the declared sets, the flowers, then the winning tile. */
  renderHand({ keepBox = false } = {}) {
    const { concealed, melds, flowers, win_tile: winTile } = this.tiles;
    const button = (code, part, index, label) =>
      `<button type="button" class="tile" data-part="${part}" data-index="${index}" title="${esc(label)}">${tile(code)}</button>`;
    const hand = this.root.querySelector(".hand");
    const part = (name, label, inner) => `<span class="part ${name}" title="${esc(label)}">${inner}</span>`;
    const concealedTiles = concealed.map((code, i) => [code, i]).sort((a, b) => byIndex(a[0], b[0]));
    // Past DENSE tiles (two rows of a phone's strip), smaller tiles: the winning tile must not fall out.
    const count = concealed.length + melds.reduce((sum, m) => sum + m.tiles.length, 0) + flowers.length + (winTile ? 1 : 0);
    hand.innerHTML =
      `<p class="hand-head"><b class="held">${esc(t("held_count", { held: this.held, size: this.handSize }))}</b> ` +
      `<span class="hint">${esc(t("tap_to_remove"))}</span></p><div class="hand-strip${count > DENSE ? " dense" : ""}">` +
      part("concealed", t("concealed"), concealedTiles.map(([code, i]) => button(code, "concealed", i, code)).join("")) +
      (melds.length ? part("melds", t("melds"), melds.map((m, i) => `<button type="button" ` +
        `class="meld${m.concealed ? " concealed" : ""}" data-part="melds" data-index="${i}" ` +
        `title="${esc(t(m.concealed ? "concealed_set" : "exposed"))}">` +
        `${m.tiles.map((c) => `<span class="tile">${tile(c)}</span>`).join("")}</button>`).join("")) : "") +
      (flowers.length ? part("flowers", t("flowers"), flowers.map((code, i) => button(code, "flowers", i, code)).join("")) : "") +
      (winTile ? part("win", t("win_tile"), `<span class="win-mark">+</span>${button(winTile, "win_tile", 0, winTile)}`) : "") +
      `</div>`;
    const strip = hand.querySelector(".hand-strip");
    strip.scrollTop = strip.scrollHeight;  // the last tiles (the winning tile) in view
    for (const element of hand.querySelectorAll("[data-part]")) {
      element.addEventListener("click", () => this.remove(element.dataset.part, Number(element.dataset.index)));
    }
    this.root.classList.toggle("stale", !this.inSync);
    if (!keepBox) {
      this.inSync = true;
      this.root.classList.remove("stale");
      const box = this.root.querySelector("#notation");
      box.value = handNotation(this.tiles);
      box.removeAttribute("aria-invalid");
      this.root.querySelector("#notation-error").textContent = "";
    }
    this.renderPalette();
    this.onChange();
  }

  renderPalette() {
    const palette = this.root.querySelector(".palette");
    const focused = document.activeElement?.dataset?.code;
    palette.innerHTML = allTiles().map(({ code, suit }) => {
      const enabled = this.addition(code) !== null;
      const why = this.possibleAddition(code) ? t("hand_full", { size: this.handSize }) : t("no_more_copies");
      return `<button type="button" class="tile suit-${suit}" data-code="${code}"` +
        `${enabled ? "" : ` aria-disabled="true" title="${esc(why)}"`}>${tile(code)}</button>`;
    }).join("");
    this.root.querySelector(".mode-hint").textContent = CHOW_MODES.includes(this.mode) ? t("chow_hint")
      : this.mode === "win" && !this.tiles.win_tile ? t("win_hint") : t("hold_hint");
    const buttons = [...palette.querySelectorAll("button")];
    for (const [i, element] of buttons.entries()) {
      // A hold redraws the palette: the click that ends it lands on the new button, so the picker
      // (not the button) remembers that the touch was a hold, not a tap.
      let timer = null;
      const cancel = () => { clearTimeout(timer); timer = null; };
      element.addEventListener("pointerdown", () => {
        this.holding = false;
        cancel();
        timer = setTimeout(() => { timer = null; this.holding = true; this.hold(element.dataset.code); }, HOLD_MS);
      });
      for (const name of ["pointerup", "pointerleave", "pointercancel"]) element.addEventListener(name, cancel);
      element.addEventListener("contextmenu", (event) => event.preventDefault());
      element.addEventListener("click", () => {
        if (this.holding) {
          this.holding = false;
          return;
        }
        this.tap(element.dataset.code);
      });
      element.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 9, ArrowUp: -9, Home: -i, End: buttons.length }[event.key];
        if (step === undefined) return;
        event.preventDefault();
        const next = buttons[Math.min(buttons.length - 1, Math.max(0, i + step))];
        element.tabIndex = -1;
        next.tabIndex = 0;
        this.current = next.dataset.code;
        next.focus();
      });
      element.addEventListener("focus", () => { this.current = element.dataset.code; });
    }
    // One tab stop for the whole palette (a laptop's Tab goes past its 42 tiles at once): the tile
    // last moved to, else the first; the arrow keys, Home and End move between the tiles.
    this.current = buttons.some((b) => b.dataset.code === this.current) ? this.current : buttons[0]?.dataset.code;
    for (const element of buttons) element.tabIndex = element.dataset.code === this.current ? 0 : -1;
    if (focused) palette.querySelector(`[data-code="${focused}"]`)?.focus();
  }
}
