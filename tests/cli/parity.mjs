// The native and WebAssembly builds of the gridlab command line give the same answers: each case
// runs one subcommand on seeded input with both builds and compares what they print, once the
// fields that are timings have been removed.
//
//   node tests/cli/parity.mjs build/native/gridlab build/wasm/gridlab.js
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [nativeCli, wasmCli] = process.argv.slice(2);
if (!nativeCli || !wasmCli) {
  console.error('usage: node parity.mjs NATIVE_GRIDLAB WASM_GRIDLAB_JS');
  process.exit(2);
}
for (const file of [nativeCli, wasmCli]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: build the native preset before the wasm one (scripts/test.sh does)`);
    process.exit(1);
  }
}

const lines = (...rows) => rows.join('\n') + '\n';
// Model files written by `train`: each build writes its own ({build} in an argument), and the eval
// case reads the native one in both builds.
const models = mkdtempSync(join(tmpdir(), 'gridlab-parity-'));
const smallBoard = ['--rows', '6', '--cols', '6', '--mines', '5'];
// A board file (`minesweeper boards`): eval --boards reads it in both builds.
const boardFile = join(models, 'boards.txt');
writeFileSync(boardFile, lines('rows=4 cols=5 mines=4 first_cell=0,0 first_click=safe', '..*../...*./.*.../....*',
                               '.*.../....*/..*../...*.', '....*/*..../...*./..*..'));

// Each case: the arguments, standard input, and the JSON keys (at any depth) that hold timings;
// `progressOnStderr`: stderr carries rates and times, so only stdout is compared.
const cases = [
  {
    args: ['minesweeper', 'analyze', '--mines', '10'],
    stdin: lines('.........', '.........', '..1111...', '..1001...', '..1001...', '..1111...',
                 '.........', '.........', '.........'),
  },
  {
    args: ['minesweeper', 'analyze', '--mines', '10', '--solver', 'kb', '--seed', '3'],
    stdin: lines('.........', '.........', '..1111...', '..1001...', '..1001...', '..1111...',
                 '.........', '.........', '.........'),
  },
  {
    args: ['minesweeper', 'eval', '--solver', 'probability', '--level', 'intermediate', '--games', '20', '--seed', '7'],
    timings: ['ms_per_game'],
  },
  {
    args: ['minesweeper', 'eval', '--solver', 'elimination', '--level', 'beginner', '--first-click', 'zero',
           '--games', '50', '--seed', '5'],
    timings: ['ms_per_game'],
  },
  { args: ['minesweeper', 'boards', '--level', 'beginner', '--first-click', 'zero', '--games', '4', '--seed', '8'], text: true },
  {
    args: ['minesweeper', 'eval', '--solver', 'probability', '--boards', boardFile, '--seed', '1', '--per-board'],
    timings: ['ms_per_game'],
  },
  {
    args: ['minesweeper', 'timing', '--solver', 'kb', '--level', 'beginner', '--games', '20', '--seed', '3'],
    timings: ['ms_per_game', 'median_ms', 'p90_ms', 'p99_ms', 'max_ms'],
  },
  {
    args: ['minesweeper', 'train', ...smallBoard, '--episodes', '120', '--width', '8', '--depth', '2', '--batch', '8',
           '--window', '40', '--seed', '2', '--out', join(models, '{build}.model')],
    timings: ['seconds', 'cpu_seconds', 'steps_per_second', 'out'],
    progressOnStderr: true,
  },
  {
    args: ['minesweeper', 'eval', '--solver', 'learned', '--model', join(models, 'native.model'), ...smallBoard,
           '--games', '60', '--seed', '3'],
    timings: ['ms_per_game'],
  },
  {
    args: ['puyo', 'chain', '--rules', 'tutorial'],
    stdin: lines('Y.....', 'Y.....', 'Y.....', 'B.....', 'B.....', 'B.....', 'G.....', 'G.....', 'GY....',
                 'RB....', 'RG....', 'RR....'),
  },
  { args: ['puyo', 'play', '--ai', 'beam', '--pairs', '30', '--width', '20', '--depth', '4', '--seed', '5'] },
  {
    args: ['puyo', 'eval', '--ai', 'greedy', '--rules', 'tutorial', '--colors', '5', '--pairs', '40',
           '--games', '10', '--seed', '2'],
    timings: ['ms_per_move', 'mean_cpu_ms_per_move'],
  },
  {
    args: ['puyo', 'tune', '--games', '2', '--pairs', '12', '--width', '4', '--depth', '4', '--samples', '1',
           '--rounds', '1', '--seed', '3'],
  },
  {
    args: ['puyo', 'train', '--inputs', 'features', '--games', '30', '--pairs', '20', '--width', '16', '--window', '10',
           '--seed', '2', '--out', join(models, '{build}-puyo.model')],
    timings: ['seconds', 'games_per_second', 'out'],
    progressOnStderr: true,
  },
  {
    args: ['puyo', 'train', '--rules', 'tutorial', '--inputs', 'field', '--games', '3', '--pairs', '12', '--width', '4',
           '--window', '1', '--seed', '2', '--out', join(models, '{build}-puyo-field.model')],
    timings: ['seconds', 'games_per_second', 'out'],
    progressOnStderr: true,
  },
  {
    args: ['puyo', 'eval', '--ai', 'learned', '--model', join(models, 'native-puyo.model'), '--pairs', '20',
           '--games', '10', '--seed', '3'],
    timings: ['ms_per_move', 'mean_cpu_ms_per_move'],
  },
  {
    args: ['gomoku', 'move', '--ai', 'pure-mcts', '--playouts', '2000', '--seed', '4'],
    stdin: lines('........', '........', '...X....', '...XO...', '...XO...', '....O...', '........', '........'),
    timings: ['ms', 'screen_ms'],
  },
  {
    args: ['gomoku', 'move', '--ai', 'mcts', '--playouts', '1500', '--seed', '4'],
    stdin: lines('.........', '.........', '...X.....', '...XO....', '...XO....', '....O....', '.........',
                 '.........', '.........'),
    timings: ['ms', 'screen_ms'],
  },
  {
    args: ['gomoku', 'move', '--ai', 'ab:playouts=30000'],
    stdin: lines('.........', '.........', '...X.....', '...XO....', '....O....', '.........', '.........',
                 '.........', '.........'),
    timings: ['ms', 'screen_ms'],
  },
  {
    args: ['gomoku', 'arena', '--black', 'ab:playouts=2000', '--white', 'mcts:playouts=300', '--size', '9',
           '--games', '2', '--swap', '--moves', '--seed', '9'],
  },
  {
    args: ['gomoku', 'arena', '--black', 'mcts:playouts=300', '--white', 'pure-mcts:playouts=300', '--size', '8',
           '--games', '2', '--swap', '--moves', '--seed', '9'],
  },
  { args: ['gomoku', 'bench', '--playouts', '3000', '--seed', '3'], timings: ['ms', 'playouts_per_second'] },
  {
    args: ['gomoku', 'pbrain', '--playouts', '300', '--seed', '2'],
    stdin: lines('START 10', 'BEGIN', 'TURN 4,5', 'TURN 6,6', 'ABOUT', 'END'),
    text: true,  // the Gomocup protocol, not JSON
  },
  // Bad input: the same message on stderr and exit code 2 in both builds.
  { args: ['puyo', 'chain'], stdin: lines('RRX...'), status: 2 },
  // Every bench figure is a timing: the shape of the object must match.
  { args: ['bench', '--seconds', '0.01'], bench: true },
];

// Resolves to { status, stdout, stderr } or { error }.
function run(cli, { args, stdin = '' }) {
  const [command, prefix] = cli.endsWith('.js') ? [process.execPath, [cli]] : [cli, []];
  const build = cli.endsWith('.js') ? 'wasm' : 'native';
  return new Promise((resolve) => {
    const child = spawn(command, [...prefix, ...args.map((arg) => arg.replace('{build}', build))]);
    let stdout = '', stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', (error) => resolve({ error }));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.on('error', () => {});  // a command that reads no input may exit before we write it
    child.stdin.end(stdin);
  });
}

// Drops the timing keys at any depth; for bench, every number and the build name.
function comparable(value, testCase) {
  if (Array.isArray(value)) return value.map((item) => comparable(item, testCase));
  if (value !== null && typeof value === 'object') {
    const kept = {};
    for (const [key, item] of Object.entries(value)) {
      if ((testCase.timings ?? []).includes(key) || (testCase.bench && key === 'build')) continue;
      kept[key] = comparable(item, testCase);
    }
    return kept;
  }
  if (testCase.bench && typeof value === 'number') return value > 0 ? 'a positive number' : value;
  return value;
}

function output(result, testCase) {
  if (testCase.text || testCase.status) return result.stdout;
  return JSON.stringify(comparable(JSON.parse(result.stdout), testCase));
}

let failures = 0;
for (const testCase of cases) {
  const name = testCase.args.join(' ');
  // Both builds at once: the wasm one, the slower, sets the pace.
  const [native, wasm] = await Promise.all([run(nativeCli, testCase), run(wasmCli, testCase)]);
  const expectedStatus = testCase.status ?? 0;
  const problems = [];
  for (const [build, result] of [['native', native], ['wasm', wasm]]) {
    if (result.error) problems.push(`${build}: ${result.error.message}`);
    else if (result.status !== expectedStatus)
      problems.push(`${build} exited with ${result.status}, expected ${expectedStatus}: ${result.stderr.trim()}`);
  }
  if (problems.length === 0) {
    if (!testCase.progressOnStderr && native.stderr !== wasm.stderr) problems.push(`stderr differs:\n  native: ${native.stderr}\n  wasm:   ${wasm.stderr}`);
    try {
      const [a, b] = [output(native, testCase), output(wasm, testCase)];
      if (a !== b) problems.push(`stdout differs:\n  native: ${a}\n  wasm:   ${b}`);
    } catch (error) {
      problems.push(`unreadable output: ${error.message}\n  native: ${native.stdout}\n  wasm:   ${wasm.stdout}`);
    }
    if (testCase.bench && !/"build":"wasm"/.test(wasm.stdout)) problems.push(`wasm bench does not say "build":"wasm"`);
  }
  if (problems.length) {
    failures += 1;
    console.log(`FAIL ${name}\n  ${problems.join('\n  ')}`);
  } else {
    console.log(`ok   ${name}`);
  }
}
console.log(`${cases.length - failures} of ${cases.length} commands give the same output natively and in wasm`);
process.exit(failures ? 1 : 0);
