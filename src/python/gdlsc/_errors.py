"""gdlsc's errors: one class per exit code of the command line (doc/usage.md, "Exit codes")."""


class Error(Exception):
    """An error of gdlsc, with the exit code the command line would end with.

    ``file``, ``line``, ``column``: the place of the first error when the message names one
    (an invalid game, history or formula), else ``None``, 0, 0.
    """

    exit_code = 5

    def __init__(self, message, exit_code=None, file=None, line=0, column=0):
        super().__init__(message)
        self.message = message
        if exit_code is not None:
            self.exit_code = exit_code
        self.file = file or None
        self.line = line
        self.column = column

    @property
    def location(self):
        """``"file:line:col"`` of the first error, or None."""
        return f"{self.file}:{self.line}:{self.column}" if self.file else None


class InvalidInput(Error, ValueError):
    """Exit code 2: an invalid game, history, formula, role or argument."""

    exit_code = 2


class Disagreement(Error):
    """Exit code 3: engines asked together (``engine="all"``) gave different answers."""

    exit_code = 3


class LimitError(Error):
    """Exit code 4: a time (``timeout=``), memory or size limit ended the call."""

    exit_code = 4


class InternalError(Error):
    """Exit code 5: an error inside Prolog, Z3 or I/O that is not the user's."""

    exit_code = 5


_BY_CODE = {2: InvalidInput, 3: Disagreement, 4: LimitError, 5: InternalError}


def make_error(message, exit_code, file, line, column):
    """The exception for an error of the C++ API (called by the extension module)."""
    return _BY_CODE.get(exit_code, Error)(message, exit_code, file, line, column)
