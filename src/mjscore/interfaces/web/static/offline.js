// Offline: the service worker that keeps the app shell on this device (served at /sw.js; see
// service-worker.js), and the notice that says plainly when the server cannot be reached: an API
// call that fails to connect or gets no answer in time, or an answer the service worker gave from
// its cache, shows it; the next answer from the server hides it. Its words follow the page's
// language (<html lang>) and say what is true: only a page the service worker opened from its copy
// is "the app as saved on this device" (https, or this machine); over plain http there is no such
// copy, and the page says to keep it open. Its style is in app.css, which every page has loaded
// before it can go offline. A page with a place of its own for notices (the table page's bar) takes
// the state with `onOffline` and says it there: one notice at a time, where it never moves a button.

const LABELS = {
  en: {
    cached: "The server cannot be reached: this is the app as saved on this device. Scoring and the tables come " +
      "back with the server.",
    live: "The server cannot be reached. Keep this page open: it cannot be opened again until the server is back.",
    retry: "Try again", failed: "The server cannot be reached.",
  },
  "zh-Hans": {
    cached: "无法连接服务器：这是本设备保存的应用。服务器恢复后就能计分、使用牌桌。",
    live: "无法连接服务器。请保持本页打开：服务器恢复前无法重新打开。",
    retry: "重试", failed: "无法连接服务器。",
  },
  "zh-Hant": {
    cached: "無法連線伺服器：這是本裝置儲存的應用程式。伺服器恢復後就能計分、使用牌桌。",
    live: "無法連線伺服器。請保持本頁開啟：伺服器恢復前無法重新開啟。",
    retry: "重試", failed: "無法連線伺服器。",
  },
  "ja": {
    cached: "サーバーに接続できません：この端末に保存したアプリを表示しています。サーバーが戻ると点数計算と卓が使えます。",
    live: "サーバーに接続できません。このページを開いたままにしてください：サーバーが戻るまで再び開けません。",
    retry: "再試行", failed: "サーバーに接続できません。",
  },
};
const HEADER = "X-Mjscore-Offline";
let state = { offline: false, cached: false };
let listener = null;

/** A label of the offline notice in the page's language. */
export function offlineLabel(key) {
  return (LABELS[document.documentElement.lang] ?? LABELS.en)[key];
}

/** Keep the app shell on this device. Browsers allow a service worker only in a secure context:
 * https, or this machine (localhost); elsewhere the app still works, online only. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("no offline copy of the app:", error));
}

/** Whether this page came from the service worker's copy (it can open again with no server). */
function fromCopy() {
  return !!navigator.serviceWorker?.controller;
}

function banner() {
  let element = document.getElementById("offline");
  if (element) return element;
  element = document.createElement("div");
  Object.assign(element, { id: "offline", className: "offline-banner", hidden: true });
  element.setAttribute("role", "status");
  element.innerHTML = `<p></p><button type="button"></button>`;
  element.querySelector("button").addEventListener("click", () => location.reload());
  new MutationObserver(show).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  document.body.prepend(element);
  return element;
}

/** The notice as the state is: the page's own place for it, else the banner. */
function show() {
  if (listener) {
    listener(state);
    return;
  }
  if (!state.offline && !document.getElementById("offline")) return;
  const element = banner();
  element.hidden = !state.offline;
  element.querySelector("p").textContent = offlineText();
  element.querySelector("button").textContent = offlineLabel("retry");
}

/** What the notice says now: the cached app's words or the live page's. */
export function offlineText() {
  return offlineLabel(state.cached || fromCopy() ? "cached" : "live");
}

/** Say the offline state in the page's own place from now on: `show({offline, cached})` is called
 * at once and at every change. */
export function onOffline(show) {
  listener = show;
  document.getElementById("offline")?.remove();
  show(state);
}

/** Show or hide the notice after an API call: `response` is its answer, or null when it failed to
 * connect or was not answered in time. */
export function noteAnswer(response) {
  const cached = response !== null && response.headers.has(HEADER);
  const next = { offline: response === null || cached, cached: cached || (response === null && state.cached) };
  if (next.offline === state.offline && next.cached === state.cached) return;
  state = next;
  show();
}

/** The one line an API call that could not connect fails with, in the page's language. */
export function unreachable() {
  return offlineLabel("failed");
}
