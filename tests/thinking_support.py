"""Running an AI's thinking (a generator of slices) to its end in a test."""


def think_through(thinking) -> tuple[int, object]:
    """(slices it took, its decision)."""
    slices = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return slices, done.value
        slices += 1
