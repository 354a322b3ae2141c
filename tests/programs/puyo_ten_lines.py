# A ten-line evaluate for the Puyo Code lesson (the target's size): tall columns punished,
# same colours side by side rewarded. tests/e2e (the page) and tests/python (the native module)
# both play it and expect the same games.
def evaluate(field):
    value = 0
    for r, row in enumerate(field):
        for c, puyo in enumerate(row):
            if puyo == 0:
                continue
            value -= 12 - r
            if c + 1 < 6 and row[c + 1] == puyo:
                value += 3
    return value
