// Offline: the service worker that keeps the app shell on this device (served at /sw.js; see
// service-worker.js), and the banner that says plainly when the server cannot be reached: an API
// call that fails to connect, or an answer the service worker gave from its cache, shows it; the
// next answer from the server hides it. Its words follow the page's language (<html lang>).

const LABELS = {
  en: { text: "The server cannot be reached: this is the app as saved on this device. Scoring and the tables " +
      "need the server.", retry: "Try again", failed: "The server cannot be reached." },
  "zh-Hans": { text: "无法连接服务器：这是本设备保存的应用。计分和牌桌需要服务器。", retry: "重试",
    failed: "无法连接服务器。" },
  "zh-Hant": { text: "無法連線伺服器：這是本裝置儲存的應用程式。計分和牌桌需要伺服器。", retry: "重試",
    failed: "無法連線伺服器。" },
};
const HEADER = "X-Mjscore-Offline";

function label(key) {
  return (LABELS[document.documentElement.lang] ?? LABELS.en)[key];
}

/** Keep the app shell on this device. Browsers allow a service worker only in a secure context:
 * https, or this machine (localhost); elsewhere the app still works, online only. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("no offline copy of the app:", error));
}

function banner() {
  let element = document.getElementById("offline");
  if (element) return element;
  const style = document.createElement("link");
  Object.assign(style, { rel: "stylesheet", href: "/static/offline.css" });
  document.head.append(style);
  element = document.createElement("div");
  Object.assign(element, { id: "offline", className: "offline-banner", hidden: true });
  element.setAttribute("role", "alert");
  element.innerHTML = `<p></p><button type="button"></button>`;
  element.querySelector("button").addEventListener("click", () => location.reload());
  const relabel = () => {
    element.querySelector("p").textContent = label("text");
    element.querySelector("button").textContent = label("retry");
  };
  new MutationObserver(relabel).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  relabel();
  document.body.prepend(element);
  return element;
}

/** Show or hide the banner after an API call: `response` is its answer, or null when it failed to connect. */
export function noteAnswer(response) {
  const offline = response === null || response.headers.has(HEADER);
  if (offline || document.getElementById("offline")) banner().hidden = !offline;
}

/** The one line an API call that could not connect fails with, in the page's language. */
export function unreachable() {
  return label("failed");
}
