// Plays a gridlab board file (`gridlab minesweeper boards`) with JSMinesweeper's solver
// (github.com/DavidNHill/JSMinesweeper, not part of this repository) under node, and prints what
// `gridlab minesweeper eval --boards FILE --per-board` prints: wins and, per board, won and guesses.
//
//   node scripts/jsminesweeper_paired.mjs --boards FILE [--source DIR] [--start K] [--games N] [--trace]
//
// DIR is a checkout of JSMinesweeper (default $JSMINESWEEPER_DIR, else ../JSMinesweeper next to
// this repository). Its browser scripts are loaded into one node vm context, without its page
// (main.js): the solver is driven the way its own bulkRun() (main.js) drives it: options
// NOFLAGS, advancedGuessing, fullProbability; the first click at the file's first cell; then each
// reply's certain clears are played and the first uncertain one ends the turn (a guess). Nothing
// is given away: a guess that meets a mine loses the board. --trace adds each board's guesses:
// [row, col, the solver's chance that the cell is safe].
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const scripts = [
  'Minesweeper/Utility/PrimeSieve.js', 'Minesweeper/Utility/Binomial.js', 'Minesweeper/Utility/Compression.js',
  'Minesweeper/client/Board.js', 'Minesweeper/client/Tile.js', 'Minesweeper/client/solver_main.js',
  'Minesweeper/client/solver_probability_engine.js', 'Minesweeper/client/Brute_force.js',
  'Minesweeper/client/BruteForceAnalysis.js', 'Minesweeper/client/MinesweeperGame.js',
  'Minesweeper/client/SolutionCounter.js', 'Minesweeper/client/EfficiencyHelper.js',
  'Minesweeper/client/FiftyFiftyHelper.js', 'Minesweeper/client/LongTermRiskHelper.js',
];

function fail(message) {
  console.error(`jsminesweeper_paired: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const args = { source: process.env.JSMINESWEEPER_DIR || join(repoRoot, '..', 'JSMinesweeper'), start: 0, games: Infinity };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === '--trace') {
      args.trace = true;
      i -= 1;
      continue;
    }
    const [key, value] = [argv[i], argv[i + 1]];
    if (value === undefined) fail(`${key} needs a value`);
    if (key === '--boards') args.boards = value;
    else if (key === '--source') args.source = value;
    else if (key === '--start' || key === '--games') {
      if (!/^\d+$/.test(value)) fail(`${key}: '${value}' is not a whole number`);
      args[key.slice(2)] = Number(value);
    } else fail(`unknown option ${key}`);
  }
  if (!args.boards) fail('usage: node scripts/jsminesweeper_paired.mjs --boards FILE [--source DIR] [--start K] [--games N] [--trace]');
  return args;
}

// The header and layouts of a board file (the format of src/minesweeper/boards.h; gridlab checks
// files thoroughly, this reads the files gridlab writes).
function readBoards(path) {
  const lines = readFileSync(path, 'utf8').split('\n').map((line) => line.replace(/\r$/, '')).filter((line) => line);
  const header = /^rows=(\d+) cols=(\d+) mines=(\d+) first_cell=(\d+),(\d+) first_click=(safe|zero)$/.exec(lines[0] ?? '');
  if (!header) fail(`${path}, line 1: not a gridlab board file header`);
  const [rows, cols, mines, firstRow, firstCol] = header.slice(1, 6).map(Number);
  const layouts = lines.slice(1).map((line, i) => {
    const cells = line.replaceAll('/', '');
    if (cells.length !== rows * cols || /[^*.]/.test(cells)) fail(`${path}, line ${i + 2}: not a ${rows}x${cols} board`);
    return cells;
  });
  return { rows, cols, mines, firstCell: firstRow * cols + firstCol, rule: header[6], layouts };
}

// JSMinesweeper's scripts in one context, as the page's <script> tags would share them.
async function loadSolver(source) {
  const missing = scripts.filter((file) => !existsSync(join(source, file)));
  if (missing.length)
    fail(`JSMinesweeper's source is not at ${source} (missing ${missing[0]}).\n` +
         '  Put a checkout of https://github.com/DavidNHill/JSMinesweeper there (outside this repository),\n' +
         '  or name it with --source DIR or JSMINESWEEPER_DIR.');
  const context = vm.createContext({ console: { log() {}, warn() {}, error: console.error }, showMessage() {} });
  // What the solver's scripts take from the page's main.js, with the values main.js gives them;
  // `board` is the page's board (LongTermRiskHelper reads its size), here the one being solved.
  // Its clock and Math.random are made deterministic: it skips its tie-break when the probability
  // engine took 50 ms or more (solver_main.js), so a busy machine would change its play; here the
  // engine always takes 0 ms, as on a fast machine. Math.random (BruteForceAnalysis's hash keys)
  // restarts from the same seed for every board.
  const determinism = 'Date.now = () => 0;\nglobalThis.performance = { now: () => 0 };\nlet randomState = 1;\n' +
    'Math.random = () => { randomState = (Math.imul(randomState, 1103515245) + 12345) >>> 0; return randomState / 4294967296; };\n';
  // sleep() lets the page redraw between steps: nothing to wait for here.
  const fromPage = 'const BOMB = 9;\nlet oldrng = false;\nlet analysisMode = false;\nlet board;\nasync function sleep() {}\n' +
    'let binomialCache = new BinomialCache(5000, 500, new Binomial(65000, 500));';
  const code = determinism + scripts.map((file) => readFileSync(join(source, file), 'utf8')).join('\n;\n') + '\n' + fromPage +
    '\nglobalThis.js = { showBoard(b) { board = b; randomState = 1; }, Board, ServerGame, solver, applyResults, PLAY_STYLE_NOFLAGS, IN_PLAY, WON, ACTION_CLEAR };';
  vm.runInContext(code, context, { filename: 'jsminesweeper' });
  await context.js.solver(null);  // its initialisation call: publishes solver.countSolutions for the helpers
  return context.js;
}

// One board: JSMinesweeper's ServerGame with the file's mines in place of its own.
function serverGame(js, boards, layout) {
  const { rows, cols, mines, firstCell, rule } = boards;
  const game = new js.ServerGame(0, cols, rows, mines, firstCell, 1, rule);
  for (const tile of game.tiles) {
    tile.reset();
    tile.is_bomb = false;
    tile.value = 0;
  }
  for (let i = 0; i < layout.length; i++) {
    if (layout[i] !== '*') continue;
    game.tiles[i].make_bomb();
    for (const neighbour of game.getAdjacent(game.tiles[i])) neighbour.value += 1;
  }
  return game;
}

async function play(js, boards, layout, args) {
  const { rows, cols, mines, firstCell, rule } = boards;
  const game = serverGame(js, boards, layout);
  const board = new js.Board(0, cols, rows, mines, 1, rule);
  js.showBoard(board);
  const options = { playStyle: js.PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true, fullProbability: true, hardcore: false };
  let revealed = game.clickTile(game.getTile(firstCell));
  js.applyResults(board, revealed);
  let guesses = 0;
  const trace = [];
  while (revealed.header.status === js.IN_PLAY) {
    const { actions } = await js.solver(board, options);
    const clears = actions.filter((action) => action.action === js.ACTION_CLEAR);
    if (clears.length === 0) throw new Error('JSMinesweeper returned no move to clear');
    for (const [i, action] of clears.entries()) {
      if (i > 0 && action.prob !== 1) break;  // certain clears ride along; a guess ends the turn
      if (action.prob !== 1) {
        guesses += 1;
        trace.push([action.y, action.x, Math.round(action.prob * 1e4) / 1e4]);
      }
      revealed = game.clickTile(game.getTile(board.xy_to_index(action.x, action.y)));
      if (revealed.header.status !== js.IN_PLAY) break;
      js.applyResults(board, revealed);
      if (action.prob !== 1) break;
    }
  }
  return { won: revealed.header.status === js.WON, guesses, ...(args.trace ? { trace } : {}) };
}

const args = parseArgs(process.argv.slice(2));
const boards = readBoards(args.boards);
const js = await loadSolver(args.source);
const chosen = boards.layouts.slice(args.start, args.start + args.games);
const perBoard = [];
const started = Date.now();
for (const [i, layout] of chosen.entries()) {
  perBoard.push(await play(js, boards, layout, args));
  if ((i + 1) % 100 === 0) console.error(`${i + 1}/${chosen.length} boards, ${perBoard.filter((b) => b.won).length} won, ` +
                                         `${((Date.now() - started) / (i + 1)).toFixed(1)} ms per board`);
}
const wins = perBoard.filter((b) => b.won).length;
console.log(JSON.stringify({
  solver: 'jsminesweeper', rows: boards.rows, cols: boards.cols, mines: boards.mines, first_click: boards.rule,
  first_cell: [Math.floor(boards.firstCell / boards.cols), boards.firstCell % boards.cols], start: args.start,
  games: perBoard.length, wins, win_rate: Math.round((wins / perBoard.length) * 1e4) / 1e4,
  ms_per_game: Math.round(((Date.now() - started) / perBoard.length) * 1e3) / 1e3, per_board: perBoard,
}));
