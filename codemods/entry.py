"""The console-script entry point: answers `--version` before importing the CLI stack, so the
command starts fast in pre-commit hooks and scripts."""
from __future__ import annotations

import gc
import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from codemods import __version__

        print(f"shardfix {__version__}")
        return
    # A parsed module is tens of thousands of objects, none of them garbage until the file is
    # done: with CPython's default threshold (700 allocations) the cycle collector ran about 140
    # times per 5,000-line file, traversing the live trees again and again: a seventh of
    # `check`'s CPU, a fifth of `diff`'s. Collections now come after 10,000 allocations: the
    # same answers, a file's garbage collected a little later.
    gc.set_threshold(10_000, *gc.get_threshold()[1:])
    from codemods import collection

    collection.console_process()  # a run of files may leave its garbage to the exit (collection.py)
    try:
        from codemods.cli_fast import try_check

        if try_check(sys.argv[1:]):  # a plain `check` needs no typer (it exits)
            return
        from codemods.cli import main as cli_main

        cli_main()
    finally:
        collection.leave()
