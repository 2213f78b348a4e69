// The phone as a witness of a table's signed history (issue 38). A server can be made to show an
// older copy of its database (a backup, or the -wal file's head, put back): its own anchor names that,
// but a phone that watched the table saw the newer head too. Each phone keeps, in this browser, the
// newest head it was shown of each table (the version, the head's hash, when the table opened), and
// says so when the same server later shows an older version, or another head at the same version.
// A table opened anew under the same number (another opening time) starts afresh.

const KEY = "mjscore.witness";

/** Compare the table the server shows with the newest head this phone saw of it, and keep it if it
 * is newer. Returns what the phone saw when the server now shows an older version ("older") or
 * another head at the same version ("other"), else null. */
export function witness(table) {
  let seen = {};
  try {
    seen = JSON.parse(localStorage.getItem(KEY) ?? "{}") ?? {};
  } catch {
    seen = {};  // a copy this page cannot read is no witness
  }
  const key = `${location.host}/${table.id}`;
  const last = seen[key];
  if (last && last.created_at === table.created_at) {
    if (table.version < last.version) return { kind: "older", seen: last };
    if (table.version === last.version) return table.head === last.head ? null : { kind: "other", seen: last };
  }
  seen[key] = { version: table.version, head: table.head, created_at: table.created_at, at: new Date().toISOString() };
  localStorage.setItem(KEY, JSON.stringify(seen));
  return null;
}
