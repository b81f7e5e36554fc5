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


def count_slices(ai, on_slice) -> None:
    """Make ``ai``'s thinking call ``on_slice()`` for every slice it does."""
    thinking = ai.thinking

    def counted(*args):
        inner = thinking(*args)
        while True:
            try:
                next(inner)
            except StopIteration as done:
                return done.value
            on_slice()
            yield

    ai.thinking = counted


class SlicesPerFrame:
    """A :class:`cabinet.games.thought.Budget` of ``slices`` slices a frame, with no clock:
    a machine too slow for the AI, made exact. :meth:`new_frame` starts the next frame."""

    def __init__(self, slices: int = 1):
        self.slices = slices
        self.left = slices

    def new_frame(self) -> None:
        self.left = self.slices

    def spend(self, step) -> bool:
        if not self.left:
            return False
        self.left -= 1
        step()
        return True
