"""A plain `shardfix check` without typer (issue 16): importing typer and building its app was a
twentieth of the CPU of checking four 5,000-line files.

Only a command line every token of which is read here exactly as typer reads it takes this
path: `check`, then paths and the check options this table names, each value given in a form
typer converts to the same value without a question (a flag, `--opt value` or `--opt=value`,
digits for a number, an exact format name), no option given twice. Anything else (--help,
--fix, --diff, a short flag with its value attached, a value typer would reject or normalise,
shell completion, Windows) goes to the typer app, which gives its own answer or message. The
run itself is cli_run's, which the typer command calls too.
"""
from __future__ import annotations

import errno
import os
import re
from pathlib import Path

# option -> (parameter, kind); kinds: "flag" (True), "off" (False), "str", "path", "list", "format",
# "count" (an int >= 0), "seconds" (a float >= 0).
_OPTIONS = {
    "--select": ("select", "str"), "--extend-select": ("extend_select", "str"), "--ignore": ("ignore", "str"),
    "--exclude": ("exclude", "list"), "--target-jax": ("target_jax", "str"), "--from-jax": ("from_jax", "str"),
    "--output-format": ("format", "format"), "--format": ("format", "format"),
    "--output": ("output", "path"), "-o": ("output", "path"), "--config": ("config", "path"),
    "--quiet": ("quiet", "flag"), "-q": ("quiet", "flag"), "--verbose": ("verbose", "flag"),
    "--no-color": ("no_color", "flag"),
    "--unsafe-fixes": ("unsafe_fixes", "flag"), "--no-unsafe-fixes": ("unsafe_fixes", "off"),
    "--statistics": ("statistics", "flag"), "--exit-zero": ("exit_zero", "flag"),
    "--stdin-filename": ("stdin_filename", "str"), "--show-fixes": ("show_fixes", "flag"),
    "--force-exclude": ("force_exclude", "flag"),
    "--report-unused-suppressions": ("report_unused_suppressions", "flag"),
    "--no-report-unused-suppressions": ("report_unused_suppressions", "off"),
    "--no-prefilter": ("no_prefilter", "flag"), "--no-cache": ("no_cache", "flag"), "--shard": ("shard", "str"),
    "--jobs": ("jobs", "count"), "-j": ("jobs", "count"), "--file-timeout": ("file_timeout", "seconds"),
}
_COUNT = re.compile(r"[0-9]{1,18}")
_SECONDS = re.compile(r"[0-9]{1,15}(\.[0-9]{1,15})?")


def _defaults() -> dict:
    from codemods.budget import DEFAULT_FILE_TIMEOUT
    from codemods.cli_run import Format

    return dict(paths=None, select=None, extend_select=None, ignore=None, exclude=None, target_jax=None, from_jax=None,
                format=Format.text, output=None, config=None, quiet=False, verbose=False, no_color=False,
                unsafe_fixes=None, statistics=False, exit_zero=False, stdin_filename=None, show_fixes=False,
                force_exclude=False, report_unused_suppressions=None, no_prefilter=False, no_cache=False, shard=None,
                jobs=0, file_timeout=DEFAULT_FILE_TIMEOUT)


def _value(kind: str, text: str):
    """`text` converted as typer converts it, or None when typer might answer otherwise."""
    if kind == "str":
        return text
    if kind == "list":
        return [text]
    if not text:
        return None
    if kind == "path":
        return Path(text)
    if kind == "format":
        from codemods.cli_run import Format

        return Format(text) if text in Format._value2member_map_ else None
    if kind == "count":
        return int(text) if _COUNT.fullmatch(text) else None
    return float(text) if _SECONDS.fullmatch(text) else None


def parse_check(args: list[str]) -> dict | None:
    """The keyword arguments of `check` for `args` (what follows `check`), or None when typer
    must read them."""
    if os.name == "nt" or any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return None
    found = _defaults()
    given: set[str] = set()
    paths: list[Path] = []
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        if not token.startswith("-") or token == "-":
            if not token:
                return None
            paths.append(Path(token))
            continue
        name, equals, attached = token.partition("=")
        option = _OPTIONS.get(name)
        if option is None:
            return None
        parameter, kind = option
        if kind in ("flag", "off"):
            if equals or parameter in given:
                return None
            found[parameter] = kind == "flag"
        else:
            if equals:
                if not name.startswith("--"):  # `-o=x` names the file "=x"
                    return None
                text = attached
            else:
                if index >= len(args) or args[index].startswith("-"):
                    return None
                text = args[index]
                index += 1
            value = _value(kind, text)
            if value is None or (parameter in given and kind != "list"):
                return None
            found[parameter] = found[parameter] + value if kind == "list" and found[parameter] else value
        given.add(parameter)
    if found["format"].value == "diff":  # `check --format diff` is `diff`, the typer command's branch
        return None
    if paths:
        found["paths"] = paths
    return found


def try_check(argv: list[str]) -> bool:
    """Runs `check` for `argv` (without the program name) when typer is not needed; False when
    it is. Ends in SystemExit otherwise, as the typer command does."""
    if not argv or argv[0] != "check":
        return False
    options = parse_check(argv[1:])
    if options is None:
        return False
    from codemods import cli_run

    paths = options.pop("paths")

    def run() -> None:
        # What typer's command runner does around a command (typer.core._main).
        try:
            cli_run.check_report(paths, **options)
        except KeyboardInterrupt:
            raise SystemExit(130) from None
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise
            cli_run.quiet_broken_pipe()
            raise SystemExit(1) from None

    cli_run.guarded(run)
    return True
