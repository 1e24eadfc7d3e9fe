"""Output for a console command whose streams are not terminals (a pipe, a file, CI logs), where
rich prints no style: printable ASCII lines are written as they are, which is what rich writes
for them there, without importing rich (a fortieth of the CPU of a `check` of four 5,000-line
files). Anything else (a tab, a control or non-ASCII character, markup or emoji codes in a
string) is printed by rich itself, so the output is the same byte for byte.
"""
from __future__ import annotations

import os
import sys
from typing import Callable


def _plain_text(text: str) -> bool:
    return text.isascii() and text.isprintable()


def writes_plain(stderr: bool) -> bool:
    """Whether rich would print the stream without styles: not a terminal, and no variable
    telling rich otherwise."""
    if any(name in os.environ for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")):
        return False
    if hasattr(sys.stdin, "__module__") and sys.stdin.__module__.startswith("idlelib"):
        return False
    stream = sys.stderr if stderr else sys.stdout
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is not None and not isatty()
    except ValueError:
        return True


class PlainConsole:
    """What the command line needs of a rich Console (`print`), plus `literal` for a line of
    literal text (a rich Text without styles)."""

    def __init__(self, stderr: bool, rich_console: Callable[[], object]) -> None:
        self.stderr = stderr
        self._make_rich = rich_console
        self._rich = None
        self.quiet = False

    def literal(self, text: str) -> None:
        if _plain_text(text):
            self._write(text)
        else:
            from rich.text import Text

            self.rich.print(Text(text), soft_wrap=True)

    def print(self, *objects, **options) -> None:
        if len(objects) == 1 and type(objects[0]) is str and not options.keys() - {"soft_wrap", "highlight"} \
                and options.get("soft_wrap", True) and _plain_text(objects[0]) and "[" not in objects[0] \
                and ":" not in objects[0]:
            self._write(objects[0])
        else:
            self.rich.print(*objects, **options)

    @property
    def rich(self):
        if self._rich is None:
            self._rich = self._make_rich()
        return self._rich

    def __getattr__(self, name: str):
        # Anything else a caller asks of a console (a table's width, a status) is rich's.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.rich, name)

    def _write(self, line: str) -> None:
        if self.quiet:
            return
        stream = sys.stderr if self.stderr else sys.stdout
        try:
            stream.write(line + "\n")
            stream.flush()  # as rich does after each print: the order against the other stream stays
        except BrokenPipeError:
            # rich's Console.on_broken_pipe
            self.quiet = True
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(1)
