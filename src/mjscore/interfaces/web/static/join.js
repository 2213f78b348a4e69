// Joining the club's table server: the passphrase (from the join link's #fragment, which never
// reaches the server's logs, or typed) and a name for this device, kept in the tables' log.

import { api, randomId, startPage } from "./common.js";

const DEVICE_KEY = "mjscore.device";

async function join(form) {
  const device = form.elements.device.value.trim();
  try {
    await api("/api/session", { body: { passphrase: form.elements.passphrase.value, device } });
    localStorage.setItem(DEVICE_KEY, device);
    location.replace("/tables");
  } catch (problem) {
    document.querySelector(".error").textContent = problem.message;
  }
}

async function main() {
  await startPage("/tables", { title: "join_page" });
  const form = document.querySelector("form.join");
  form.elements.device.value = localStorage.getItem(DEVICE_KEY) || `device ${randomId(2)}`;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    join(form);
  });
  if (location.hash.length > 1) {
    form.elements.passphrase.value = decodeURIComponent(location.hash.slice(1));
    history.replaceState(null, "", "/join");  // the passphrase leaves the address bar
    await join(form);
  }
}

main();
