// The scoring page: the tile picker and, beside it, the score sheet of the hand it describes (or,
// before the winning tile is picked, the tiles the hand waits on).

import { analysisUpdater } from "./analysis.js";
import { api, onLanguageChange, startPage } from "./common.js";
import { Picker } from "./picker.js";
import { shareButton } from "./share.js";
import { sheetUpdater } from "./sheet.js";

async function main() {
  await startPage("/");
  let update = () => {};  // the picker calls back while it is being built, before there is a sheet
  const rulesets = await api("/api/rulesets");
  const picker = new Picker(document.querySelector("#picker .picker"), { onChange: () => update(), rulesets });
  const sheet = sheetUpdater(document.querySelector("#sheet .sheet"), picker);
  const analysis = analysisUpdater(document.querySelector("#analysis .analysis"), picker);
  update = () => { sheet(); analysis(); };
  shareButton(document.getElementById("sheet"), () => picker.record());
  onLanguageChange(() => update());
  update();
}

main();
