// What every page shares: the header with its navigation and language switch, the labels in
// English / Simplified / Traditional Chinese / Japanese (the label catalogue, /api/labels; the choice is remembered in this browser),
// the tile list, and the JSON API client.

import { noteAnswer, registerServiceWorker, unreachable } from "./offline.js";
import { tileSvg } from "./tiles.js";

export const LANGS = [["en", "English"], ["zh-Hans", "简体中文"], ["zh-Hant", "繁體中文"], ["ja", "日本語"]];
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
  if (browser.startsWith("ja")) return "ja";
  return "en";
}

/** A name by language (a ruleset's, an award's, a tile's) in the page's language. A name without
 * Japanese (a Chinese ruleset's award) is said in Japanese by its Traditional Chinese, the script of
 * those tables (docs/rulesets/riichi.md, "Languages"). */
export function nameIn(names) {
  if (!names) return undefined;
  const code = lang();
  return names[code] ?? (code === "ja" ? names["zh-Hant"] : undefined) ?? names.en;
}

/** A label in the page's language, with {placeholders} filled from `values`: the word of the page's
 * glossary where the catalogue has one (`key.fan`: MCR's 和牌, 点炮, 番 where the Taiwanese tables
 * say 胡牌, 放枪, 台 or 分), else the label itself; for one of a thing (`n` is 1), its `key.one`
 * where the catalogue has one ("1 entry", where the label says "{n} entries"). */
export function t(key, values = {}) {
  const words = labels[lang()];
  if (values.n === 1 && words?.[`${key}.one`]) key = `${key}.one`;  // "1 hand", where "{n} hands" is wrong
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
  return nameIn(rulesetList.find((r) => r.id === id)?.names) ?? id;
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
  return nameIn(tileInfo[code]?.names) ?? code;
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
  for (const element of document.querySelectorAll("[data-label-placeholder]")) {
    element.placeholder = t(element.dataset.labelPlaceholder);
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

/** A value of a refusal's parameters in the page's language: a list, a cause (another refusal),
 * a name by language, or a text as written. */
function said(value) {
  if (Array.isArray(value)) return value.map(said).join(t("list_separator"));
  if (value && typeof value === "object") {
    if ("code" in value) return refusal(value.code, value.params ?? {}) ?? "";
    if ("message" in value) return lang() === "en" ? value.message : t("http_422");
    return nameIn(value) ?? "";
  }
  return String(value);
}

/** The refusal `code` with `params` in the page's language (the catalogue's error_<code>), or null
 * if the catalogue does not have it. */
export function refusal(code, params = {}) {
  const key = `error_${code}`;
  if (!(key in (labels[lang()] ?? {}))) return null;
  return t(key, Object.fromEntries(Object.entries(params).map(([name, value]) => [name, said(value)])));
}

/** What the server's refusal says, in the page's language: the English line as the server wrote
 * it, or in Chinese the refusal its code names (a refusal without one: what its status means). */
export function refusalText(status, body) {
  if (lang() === "en" || !labels[lang()]) return body.message ?? `HTTP ${status}`;
  const said = body.code ? refusal(body.code, body.params ?? {}) : null;
  return said ?? t(`http_${status}` in labels[lang()] ? `http_${status}` : "http_other");
}

/** An error the API reported: its one line in the page's language and, for notation, the span it
 * points at. `status` 0: no answer (the server cannot be reached, or it did not answer in time:
 * `timedOut`). `retryAfter`: the seconds a 503 asks the client to wait before it sends again. */
export class ApiError extends Error {
  constructor(status, body, { timedOut = false, retryAfter = null } = {}) {
    super(refusalText(status, body));
    this.status = status;
    this.body = body;
    this.type = body.type ?? null;
    this.span = body.span ?? null;
    this.timedOut = timedOut;
    this.retryAfter = retryAfter;
  }

  /** Whether sending the same request again may succeed: no answer, or the server's own trouble
   * (5xx: a database that is full, locked or down answers 503), never a refusal of the request. */
  get retryable() {
    return this.status === 0 || this.status >= 500;
  }
}

/** How long a call waits for the server's answer before it counts as unanswered (a link that hangs
 * rather than failing): a change to a table (the table page keeps it then, and Record is free at
 * once), and any other call (scoring a big hand on a busy server can take a few seconds). */
export const WRITE_TIMEOUT_MS = 5000;
export const TIMEOUT_MS = 15000;

/** Call the JSON API; `body` is sent as JSON (POST by default when there is one). A GET refused
 * with 401 (the club's server, a device that has not joined) goes to the join page. A call the
 * server does not answer within `timeout` ms (default TIMEOUT_MS) is abandoned and fails as unanswered. */
export async function api(path, { body, method, query, timeout } = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const verb = method ?? (body === undefined ? "GET" : "POST");
  const patience = new AbortController();
  const timer = setTimeout(() => patience.abort(), timeout ?? TIMEOUT_MS);
  let response;
  let data;
  try {
    response = await fetch(url, {
      method: verb,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: patience.signal,
    });
    data = await response.json().catch(() => ({ message: `HTTP ${response.status}` }));
  } catch {
    noteAnswer(null);  // the server cannot be reached, or hangs: say so (offline.js)
    throw new ApiError(0, { message: unreachable() }, { timedOut: patience.signal.aborted });
  } finally {
    clearTimeout(timer);
  }
  noteAnswer(response);
  // A club server asks a device that has not joined for its passphrase: a page that cannot load
  // goes to /join (a refused change says why where it was asked, keeping what was typed).
  if (response.status === 401 && verb === "GET") location.assign("/join");
  if (!response.ok) {
    const wait = Number(response.headers.get("Retry-After"));
    throw new ApiError(response.status, data, { retryAfter: Number.isFinite(wait) && wait > 0 ? wait : null });
  }
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
