"""Programs the tests start get Ctrl-C as a terminal gives it, whatever started the suite."""

import signal


def ctrl_c_as_usual() -> None:
    """A ``preexec_fn``: SIGINT back to its default in the child. A suite started in the
    background by a script (``make test &``, or the second of the two runs make test starts
    side by side) ignores SIGINT, and a program inherits that, so a Ctrl-C it is sent would
    never reach it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
