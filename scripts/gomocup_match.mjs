#!/usr/bin/env node
// A small Gomocup match manager: two pbrain engines play 15x15 freestyle from a set of 3-stone
// openings, each opening twice with the colours swapped. The manager keeps the board, sends each
// engine the whole position (BOARD) for every move, and judges five in a row.
//
//   node scripts/gomocup_match.mjs --a "build/native/gridlab gomoku pbrain" \
//        --b /work/ext/rapfi/pbrain-rapfi --b-info "max_depth 4" --turn-ms 1000 --openings 12
//
// --a-info / --b-info: extra INFO lines for one engine (e.g. Rapfi's "max_depth 4"), separated by ';'.
// --a-turn-ms / --b-turn-ms: one engine's time a move, instead of --turn-ms (e.g. Rapfi at 100 ms).
// An engine runs in its own directory (Rapfi reads config.toml there). One line per game, then the
// score of A (win 1, draw 1/2) and the slowest answer of each engine (wall clock).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, word, i, all) => (word.startsWith('--') ? [...pairs, [word.slice(2), all[i + 1]]] : pairs), []));
const size = Number(args.size ?? 15);
const turnMs = Number(args['turn-ms'] ?? 1000);
if (!args.a || !args.b) {
    console.error('usage: gomocup_match.mjs --a "CMD" --b "CMD" [--turn-ms 1000] [--openings 12] [--a-info "k v;..."] [--b-info ...]');
    process.exit(2);
}

// Openings (dx, dy from the centre; black, white, black), spread out so that neither side starts with
// a made shape; swapping colours makes every opening fair between the two engines.
const OPENINGS = [
    [[0, 0], [1, 1], [2, 0]], [[0, 0], [1, 0], [0, 2]], [[0, 0], [2, 1], [1, 2]], [[0, 0], [-1, 1], [1, 1]],
    [[0, 0], [0, 2], [2, 2]], [[0, 0], [1, -1], [2, 1]], [[0, 0], [2, 0], [1, -2]], [[0, 0], [1, 2], [-1, 1]],
    [[0, 0], [-2, 1], [1, 1]], [[0, 0], [0, 1], [2, -1]], [[0, 0], [1, 1], [-1, 2]], [[0, 0], [2, 2], [0, 2]],
];
const openings = OPENINGS.slice(0, Number(args.openings ?? OPENINGS.length));

class Engine {
    constructor(command, infos, turn) {
        this.turn = Number(turn ?? turnMs);
        const [program, ...rest] = command.split(' ');
        const cwd = program.includes('/') && !program.startsWith('build/') ? path.dirname(program) : process.cwd();
        this.process = spawn(path.resolve(program), rest, { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
        this.lines = [];
        this.waiting = null;
        readline.createInterface({ input: this.process.stdout }).on('line', (line) => {
            if (/^(MESSAGE|DEBUG)/i.test(line)) return;
            if (this.waiting) { const resolve = this.waiting; this.waiting = null; resolve(line.trim()); } else this.lines.push(line.trim());
        });
        this.infos = (infos ?? '').split(';').map((s) => s.trim()).filter(Boolean);
    }
    send(text) { this.process.stdin.write(text + '\n'); }
    async next() {
        const line = this.lines.length ? this.lines.shift() : await new Promise((resolve) => (this.waiting = resolve));
        this.answeredAt = performance.now();
        return line;
    }
    // Rapfi prints its move before it marks its search finished, and silently drops a command that
    // comes in between (then reads the command's arguments as commands: "ERROR Unknown command:
    // 7,7,2"). On a loaded machine that gap can last long enough for the other engine's instant
    // answer: an engine gets its next command at least 100 ms after its last answer (not on its clock).
    async settle() {
        const wait = (this.answeredAt ?? -Infinity) + 100 - performance.now();
        if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    }
    async start() {
        await this.settle();
        this.send(`START ${size}`);
        const ok = await this.next();
        if (ok !== 'OK') throw new Error(`START answered '${ok}'`);
        for (const info of [`timeout_turn ${this.turn}`, 'timeout_match 0', 'time_left 2147483647', 'rule 0', ...this.infos]) this.send(`INFO ${info}`);
    }
    async move(stones, colour) {  // stones: [x, y, colour] in order of play
        await this.settle();
        this.send('BOARD');
        for (const [x, y, c] of stones) this.send(`${x},${y},${c === colour ? 1 : 2}`);
        this.send('DONE');
        const started = performance.now();
        const answer = await this.next();
        const ms = performance.now() - started;
        const match = /^(\d+),(\d+)$/.exec(answer);
        if (!match) throw new Error(`answered '${answer}'`);
        return { x: Number(match[1]), y: Number(match[2]), ms };
    }
    stop() { this.send('END'); setTimeout(() => this.process.kill(), 500); }
}

function fiveAt(board, x, y, colour) {
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        let run = 1;
        for (const sign of [1, -1])
            for (let k = 1; board.get(`${x + sign * k * dx},${y + sign * k * dy}`) === colour; ++k) ++run;
        if (run >= 5) return true;
    }
    return false;
}

function notation(x, y) { return String.fromCharCode(97 + x) + (size - y); }

// One game: returns 1 if `black` won, -1 if `white` won, 0 for a draw, with the moves and the times.
async function playGame(black, white, opening) {
    const centre = Math.floor(size / 2);
    const stones = opening.map(([dx, dy], i) => [centre + dx, centre + dy, i % 2 === 0 ? 1 : 2]);
    const board = new Map(stones.map(([x, y, c]) => [`${x},${y}`, c]));
    const slowest = { 1: 0, 2: 0 };
    while (board.size < size * size) {
        const colour = stones.length % 2 === 0 ? 1 : 2;
        const engine = colour === 1 ? black : white;
        let answer;
        try {
            answer = await engine.move(stones, colour);
        } catch (error) {
            return { result: colour === 1 ? -1 : 1, stones, slowest, reason: `${colour === 1 ? 'black' : 'white'} ${error.message}` };
        }
        const { x, y, ms } = answer;
        slowest[colour] = Math.max(slowest[colour], ms);
        if (x >= size || y >= size || board.has(`${x},${y}`))
            return { result: colour === 1 ? -1 : 1, stones, slowest, reason: `illegal move ${x},${y}` };
        board.set(`${x},${y}`, colour);
        stones.push([x, y, colour]);
        if (fiveAt(board, x, y, colour)) return { result: colour === 1 ? 1 : -1, stones, slowest, reason: 'five' };
    }
    return { result: 0, stones, slowest, reason: 'full board' };
}

const a = new Engine(args.a, args['a-info'], args['a-turn-ms']);
const b = new Engine(args.b, args['b-info'], args['b-turn-ms']);
let points = 0, games = 0;
const slowestA = [], slowestB = [];
for (const [index, opening] of openings.entries()) {
    for (const aIsBlack of [true, false]) {
        await a.start();
        await b.start();
        const [black, white] = aIsBlack ? [a, b] : [b, a];
        const game = await playGame(black, white, opening);
        const aResult = aIsBlack ? game.result : -game.result;
        points += aResult > 0 ? 1 : aResult === 0 ? 0.5 : 0;
        games += 1;
        slowestA.push(game.slowest[aIsBlack ? 1 : 2]);
        slowestB.push(game.slowest[aIsBlack ? 2 : 1]);
        const moves = game.stones.map(([x, y]) => notation(x, y)).join(' ');
        console.log(`opening ${index + 1} A ${aIsBlack ? 'black' : 'white'}: ${aResult > 0 ? 'A wins' : aResult < 0 ? 'B wins' : 'draw'} ` +
                    `(${game.reason}, ${game.stones.length} stones) ${moves}`);
    }
}
console.log(`A: ${points} / ${games} points (${(100 * points / games).toFixed(1)}%); slowest answer A ` +
            `${Math.round(Math.max(...slowestA))} ms, B ${Math.round(Math.max(...slowestB))} ms`);
a.stop();
b.stop();
