"""The console-script entry point: answers `--version` before importing the CLI stack, so the
command starts fast in pre-commit hooks and scripts."""
from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from codemods import __version__

        print(f"shardfix {__version__}")
        return
    from codemods.cli import main as cli_main

    cli_main()
