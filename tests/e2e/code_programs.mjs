// Python programs for the Code lesson's tests and benchmark (code.test.mjs, bench/code_lesson_timing.mjs).
import { readFileSync } from 'node:fs';

// tests/programs/puyo_ten_lines.py: tests/python/test_lessons.py holds what the native module scores
// with it.
export const TEN_LINES = readFileSync(new URL('../programs/puyo_ten_lines.py', import.meta.url), 'utf8');

export const ENDLESS_LOOP = 'def evaluate(field):\n    while True:\n        pass\n';
