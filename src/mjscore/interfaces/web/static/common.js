// What every page shares: the header with its navigation and language switch, the labels in
// English / Simplified / Traditional Chinese (the label catalogue, /api/labels; the choice is remembered in this browser),
// the tile list, and the JSON API client.

import { noteAnswer, registerServiceWorker, unreachable } from "./offline.js";
import { tileSvg } from "./tiles.js";

export const LANGS = [["en", "English"], ["zh-Hans", "简体中文"], ["zh-Hant", "繁體中文"]];
const STORAGE_KEY = "mjscore.lang";
const listeners = [];
let labels = {};
let tileInfo = {};
let rulesetList = [];  // every ruleset's id and names (/api/rulesets)
let glossary = null;  // the glossary of the page's table: its ruleset's unit (tai, points, fan)
let titleKey = null;  // the label naming the page in its title

registerServiceWorker();

/** The page's language: the remembered choice, else the browser's, else English. */
export function lang() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (LANGS.some(([code]) => code === saved)) return saved;
  const browser = (navigator.language || "en").toLowerCase();
  if (browser.startsWith("zh")) return /tw|hk|mo|hant/.test(browser) ? "zh-Hant" : "zh-Hans";
  return "en";
}

/** A label in the page's language, with {placeholders} filled from `values`: the word of the page's
 * glossary where the catalogue has one (`key.fan`: MCR's 和牌, 点炮, 番 where the Taiwanese tables
 * say 胡牌, 放枪, 台 or 分), else the label itself. */
export function t(key, values = {}) {
  const words = labels[lang()];
  const text = (glossary && words?.[`${key}.${glossary}`]) ?? words?.[key] ?? labels.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

/** Use the glossary of a table's ruleset, chosen by the unit it counts in (tai, points, fan). */
export function setGlossary(unit) {
  glossary = unit;
  applyLabels();
}

/** A ruleset's name in the page's language (its id where it is not known). */
export function rulesetName(id) {
  return rulesetList.find((r) => r.id === id)?.names[lang()] ?? id;
}

/** A date (YYYY-MM-DD, or an ISO time) written the page's language's way: 3 December 2026, 2026年12月3日. */
export function formatDate(iso) {
  const day = new Date(`${String(iso).slice(0, 10)}T12:00:00`);
  return Number.isNaN(day.getTime()) ? String(iso) : new Intl.DateTimeFormat(lang(), { dateStyle: "long" }).format(day);
}

/** "label: value" with the language's colon (a full-width ： in Chinese). */
export function labelled(label, value) {
  return `${label}${t("colon")}${value}`;
}

/** A tile's name in the page's language. */
export function tileName(code) {
  return tileInfo[code]?.names[lang()] ?? code;
}

/** The tile's SVG, named in the page's language. */
export function tile(code) {
  return tileSvg(code, tileName(code));
}

export function tileIndex(code) {
  return tileInfo[code].index;
}

export function allTiles() {
  return Object.values(tileInfo).sort((a, b) => a.index - b.index);
}

/** Call `listener` whenever the language changes. */
export function onLanguageChange(listener) {
  listeners.push(listener);
}

function applyLabels() {
  document.documentElement.lang = lang();
  if (titleKey) document.title = t("page_title", { page: t(titleKey) });
  for (const element of document.querySelectorAll("[data-label]")) {
    element.textContent = t(element.dataset.label);
  }
  for (const element of document.querySelectorAll("[data-label-title]")) {
    element.title = t(element.dataset.labelTitle);
  }
}

/** The pages of the navigation, and the label of each. */
const NAV_KEYS = { "/": "nav_score", "/tables": "nav_tables", "/players": "nav_players", "/standings": "nav_standings",
  "/stats": "nav_stats", "/rulesets": "nav_rulesets" };

function header(page) {
  const links = Object.entries(NAV_KEYS)
    .map(([href, key]) => `<a href="${href}" data-label="${key}"${page === href ? ' aria-current="page"' : ""}></a>`)
    .join("");
  const options = LANGS.map(([code, name]) => `<option value="${code}" lang="${code}">${name}</option>`).join("");
  return `<a class="brand" href="/">${tileSvg("C", "mjscore")}<span>mjscore</span></a>` +
    `<nav>${links}</nav>` +
    `<label class="lang"><span data-label="language"></span> <select id="lang">${options}</select></label>`;
}

/** Set up the page: header, labels, tiles, the rulesets' names. `page` is the navigation entry it
 * belongs to; `title` the label naming the page in its title (else the entry's); `bare`: no header
 * (the projector shows no site menu). */
export async function startPage(page, { title = null, bare = false } = {}) {
  const [tiles, labelData, rulesets] = await Promise.all([api("/api/tiles"), api("/api/labels"), api("/api/rulesets")]);
  labels = labelData;
  rulesetList = rulesets;
  titleKey = title ?? NAV_KEYS[page];
  tileInfo = Object.fromEntries(tiles.map((info) => [info.code, info]));
  if (!bare) {
    const top = document.getElementById("top");
    top.innerHTML = header(page);
    const select = top.querySelector("#lang");
    select.value = lang();
    select.addEventListener("change", () => {
      localStorage.setItem(STORAGE_KEY, select.value);
      applyLabels();
      for (const listener of listeners) listener(select.value);
    });
  }
  applyLabels();
}

/** An error the API reported: its one-line message and, for notation, the span it points at. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.type = body.type ?? null;
    this.span = body.span ?? null;
  }
}

/** Call the JSON API; `body` is sent as JSON (POST by default when there is one). A GET refused
 * with 401 (the club's server, a device that has not joined) goes to the join page. */
export async function api(path, { body, method, query } = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const verb = method ?? (body === undefined ? "GET" : "POST");
  let response;
  try {
    response = await fetch(url, {
      method: verb,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    noteAnswer(null);  // the server cannot be reached: say so (offline.js)
    throw new ApiError(0, { message: unreachable() });
  }
  noteAnswer(response);
  const data = await response.json();
  // A club server asks a device that has not joined for its passphrase: a page that cannot load
  // goes to /join (a refused change says why where it was asked, keeping what was typed).
  if (response.status === 401 && verb === "GET") location.assign("/join");
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** A random hex id of `bytes` bytes, e.g. a request id (crypto.randomUUID needs https; this does not). */
export function randomId(bytes = 16) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Escape text for HTML. */
export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A row of tiles, e.g. a set of the arrangement; `marked` is the index of a tile to highlight. */
export function tileRow(codes, { marked = -1, className = "" } = {}) {
  return `<span class="tiles ${className}">` +
    codes.map((code, i) => `<span class="tile${i === marked ? " marked" : ""}">${tile(code)}</span>`).join("") +
    `</span>`;
}
