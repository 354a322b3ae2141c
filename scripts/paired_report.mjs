// Compares two solvers on the same boards, board by board: the outputs of
// `gridlab minesweeper eval --boards FILE --per-board` and of scripts/jsminesweeper_paired.mjs
// (any number of them, each covering boards start..start+games-1 of the same file).
//
//   node scripts/paired_report.mjs GRIDLAB.json JS.json [JS2.json ...] [--json]
//
// Prints both win rates over the boards both have played, the boards only one of them won, and an
// exact McNemar test: under "equally strong", each board won by only one side is gridlab's with
// chance 1/2, so the two-sided p-value is that of a binomial(b + c, 1/2) count as far from the
// middle as the one seen.
import { readFileSync } from 'node:fs';

function fail(message) {
  console.error(`paired_report: ${message}`);
  process.exit(2);
}

// log(n!) for n = 0..max.
function logFactorials(max) {
  const table = [0];
  for (let n = 1; n <= max; n++) table.push(table[n - 1] + Math.log(n));
  return table;
}

// Two-sided exact binomial test of b successes in b + c trials at 1/2 (McNemar's exact test).
export function mcnemarExact(b, c) {
  const n = b + c;
  if (n === 0) return 1;
  const logFact = logFactorials(n);
  const k = Math.min(b, c);
  let tail = 0;  // P(X <= k)
  for (let i = 0; i <= k; i++) tail += Math.exp(logFact[n] - logFact[i] - logFact[n - i] - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

function wilson(wins, n) {
  const z = 1.96, p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

const percent = (x) => `${(100 * x).toFixed(2)}%`;

const argv = process.argv.slice(2);
const asJson = argv.includes('--json');
const files = argv.filter((arg) => arg !== '--json');
if (files.length < 2) fail('usage: node scripts/paired_report.mjs GRIDLAB.json JS.json [JS2.json ...] [--json]');
const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`${file}: ${error.message}`);
  }
};
const gridlab = read(files[0]);
if (!Array.isArray(gridlab.per_board)) fail(`${files[0]}: no per_board list (run eval with --per-board)`);
const other = new Map();  // board index -> result
let otherName = '';
for (const file of files.slice(1)) {
  const part = read(file);
  otherName ||= part.solver;
  if (!Array.isArray(part.per_board)) fail(`${file}: no per_board list`);
  for (const key of ['rows', 'cols', 'mines', 'first_click'])
    if (part[key] !== gridlab[key]) fail(`${file}: ${key} ${part[key]} differs from ${files[0]}'s ${gridlab[key]}`);
  part.per_board.forEach((result, i) => other.set((part.start ?? 0) + i, result));
}

let both = 0, neither = 0, gridlabOnly = 0, otherOnly = 0;
const onlyGridlab = [], onlyOther = [];
for (const [index, result] of [...other.entries()].sort((a, b) => a[0] - b[0])) {
  const mine = gridlab.per_board[index];
  if (!mine) fail(`board ${index} is not in ${files[0]} (${gridlab.per_board.length} boards)`);
  if (mine.won && result.won) both++;
  else if (!mine.won && !result.won) neither++;
  else if (mine.won) { gridlabOnly++; onlyGridlab.push(index); }
  else { otherOnly++; onlyOther.push(index); }
}
const n = other.size;
if (n === 0) fail('no boards in common');
const gridlabWins = both + gridlabOnly, otherWins = both + otherOnly;
const p = mcnemarExact(gridlabOnly, otherOnly);
const report = {
  boards: n, other: otherName, gridlab_wins: gridlabWins, other_wins: otherWins,
  gridlab_win_rate: gridlabWins / n, other_win_rate: otherWins / n, both_won: both, neither_won: neither,
  gridlab_only: gridlabOnly, other_only: otherOnly, mcnemar_p: p,
  gridlab_only_boards: onlyGridlab, other_only_boards: onlyOther,
};
if (asJson) {
  console.log(JSON.stringify(report));
} else {
  const [gl, gh] = wilson(gridlabWins, n), [ol, oh] = wilson(otherWins, n);
  console.log(`boards played by both: ${n}`);
  console.log(`gridlab ${gridlab.solver}: ${gridlabWins} won, ${percent(gridlabWins / n)} [${percent(gl)}, ${percent(gh)}]`);
  console.log(`${report.other}: ${otherWins} won, ${percent(otherWins / n)} [${percent(ol)}, ${percent(oh)}]`);
  console.log(`both won ${both}, neither ${neither}; gridlab only ${gridlabOnly}, ${report.other} only ${otherOnly}`);
  console.log(`exact McNemar (binomial on the ${gridlabOnly + otherOnly} boards they differ on): two-sided p = ${p.toPrecision(3)}`);
}
