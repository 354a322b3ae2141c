// Python programs for the Code lesson's tests and benchmark (code.test.mjs, bench/code_lesson_timing.mjs).

// A ten-line evaluate (the target's size): tall columns punished, same colours side by side
// rewarded. tests/python/test_lessons.py holds what the native module scores with it.
export const TEN_LINES = `def evaluate(field):
    value = 0
    for r, row in enumerate(field):
        for c, puyo in enumerate(row):
            if puyo == 0:
                continue
            value -= 12 - r
            if c + 1 < 6 and row[c + 1] == puyo:
                value += 3
    return value
`;

export const ENDLESS_LOOP = 'def evaluate(field):\n    while True:\n        pass\n';
