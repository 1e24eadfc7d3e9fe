"""The parts of the `shardfix` command that need no typer: a run from its option values, its
report and its exit code. The typer app (cli.py) and the typer-free path of a plain `check`
(cli_fast.py) both call them, so the two print and exit alike. A bad value exits 2 with its
message (SystemExit, as typer's Exit ends in)."""
from __future__ import annotations

import importlib
import os
import sys
from enum import Enum
from pathlib import Path
from typing import Optional

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
_FORMAT_MODULES = {"json": "json_format", "github": "github", "sarif": "sarif", "junit": "junit", "diff": "diff"}


class Format(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"
    diff = "diff"


class RulesFormat(str, Enum):
    text = "text"
    json = "json"


def _err(message: str) -> None:
    console = _console(False, stderr=True)
    if hasattr(console, "literal"):
        console.literal(f"error: {message}")
        return
    from rich.text import Text

    console.print(Text("error: ", style="bold red") + Text(message), soft_wrap=True)


def _codes(value: Optional[str]) -> tuple[str, ...] | None:
    from codemods.invocation import parse_codes

    return parse_codes(value)


def _setup(paths, **options):
    """The run the options and the config file ask for; a bad value exits 2 with its message."""
    from codemods.invocation import UsageError, make_setup

    try:
        return make_setup(paths, **options)
    except UsageError as exc:
        _err(str(exc))
        raise SystemExit(EXIT_ERROR)


def _all_rules():
    from codemods.rules import all_rules

    return all_rules()


def _plain(no_color: bool) -> bool:
    # https://no-color.org: any non-empty NO_COLOR turns off every escape code, bold included.
    return no_color or bool(os.environ.get("NO_COLOR"))


def _console(no_color: bool, stderr: bool = False):
    from codemods import collection
    from codemods.report import plain

    def rich_console():
        from rich.console import Console

        no_styles = _plain(no_color)
        return Console(stderr=stderr, no_color=no_styles or None, highlight=False,
                       color_system=None if no_styles else "auto", soft_wrap=True)

    # The console command into a pipe or a file: rich only for what it would print otherwise
    # than as it is (a run inside another program keeps rich's consoles).
    if collection.console_process_running() and plain.writes_plain(stderr):
        return plain.PlainConsole(stderr, rich_console)
    return rich_console()


def _run(setup, fix: bool, quiet: bool = False):
    from codemods import collection, invocation

    collection.defer()  # in the console command, the garbage of its files waits for a budget

    def progress(total: int):
        # A bar only for a person watching a long run.
        if quiet or not sys.stderr.isatty() or os.environ.get("CI"):
            return None
        from rich.progress import Progress

        bar = Progress(console=_console(False, stderr=True), transient=True)
        bar.start()
        task = bar.add_task("checking", total=total)
        bars.append(bar)
        return lambda: bar.advance(task)

    bars: list = []
    try:
        return invocation.run(setup, fix, progress_factory=progress)
    finally:
        for bar in bars:
            bar.stop()


def _list_checked(run, console) -> None:
    """--verbose, after the run: every file looked at."""
    for result in run.results:
        console.print(f"checked {result.path}")


def _describe(setup, console) -> None:
    """--verbose: what the run is made of."""
    from codemods import jaxapi

    source = setup.settings.source
    console.print(f"settings: {source if source is not None else '(none found; defaults)'}")
    console.print(f"target JAX: {jaxapi.format_version(setup.options.target)}; rules: "
                  f"{', '.join(rule.code for rule in setup.options.rules) or '(none)'}"
                  + ("; unused suppressions reported (SF900)" if setup.report_unused else ""))
    from rich.markup import escape

    console.print(f"code written for JAX: {escape(setup.from_jax.describe())}")


def _emit_report(run, fmt: Format, output: Optional[Path], console, show_fixes: bool = False,
                 shard: tuple[int, int] | None = None) -> None:
    from codemods.report import text

    if fmt is Format.text:
        target = console
        if output is not None:
            from rich.console import Console

            handle = output.open("w", encoding="utf-8")
            target = Console(file=handle, no_color=True, color_system=None, highlight=False, soft_wrap=True)
        text.print_findings(target, run.results)
        if show_fixes:
            for result in run.results:
                for finding in result.findings:
                    if finding.fix is not None:
                        target.print(f"  fix {finding.path}:{finding.span.line}: {finding.fix.description} ({finding.fix.safety.value})")
        if output is not None:
            handle.close()
        return
    module = importlib.import_module(f"codemods.report.{_FORMAT_MODULES[fmt.value]}")
    if fmt is Format.diff:
        from codemods.report.diff import render_bytes

        patch = render_bytes(run.results, {path: source.encoding for path, source in run.sources.items()})
        if output is not None:
            output.write_bytes(patch)
        elif sys.stdout.isatty() and not _plain(False):
            text.print_diff(console, patch.decode("utf-8", "replace"))
        else:
            sys.stdout.buffer.write(patch)
            sys.stdout.flush()
        return
    labelled = {"shard": shard} if shard is not None and fmt in (Format.json, Format.sarif) else {}
    rendered = module.render(run.results, _all_rules(), **labelled)
    if output is not None:
        output.write_text(rendered, encoding="utf-8", newline="")
    else:
        sys.stdout.write(rendered)
        sys.stdout.flush()


def _finish(run, console, err_console, *, text_summary: bool, statistics: bool, fixed: int = 0) -> None:
    from codemods.report import text

    text.print_errors(err_console, run.results)
    if statistics:
        for code, count, fixable in text.statistics(run.results):
            console.print(f"{count:>6}  {code}  ({fixable} fixable)")
    if text_summary:
        console.print(text.summary(run.results, fixed=fixed))


def _exit_code(run, findings_left: bool) -> int:
    if run.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if findings_left else EXIT_CLEAN


def _run_told(setup, *, fix: bool, quiet: bool, no_color: bool, verbose: bool):
    """The run with its two consoles; `verbose` describes the setup before it and lists the
    files it checked after it (on stderr)."""
    console, err_console = _console(no_color), _console(no_color, stderr=True)
    if verbose:
        _describe(setup, err_console)
    run = _run(setup, fix=fix, quiet=quiet)
    if verbose:
        _list_checked(run, err_console)
    return run, console, err_console


def check_report(paths, *, select, extend_select, ignore, exclude, target_jax, from_jax, format: Format, output,
                 config, quiet: bool, verbose: bool, no_color: bool, unsafe_fixes, statistics: bool, exit_zero: bool,
                 stdin_filename, show_fixes: bool, force_exclude: bool, report_unused_suppressions, no_prefilter: bool,
                 no_cache: bool, shard, jobs: int, file_timeout: float) -> None:
    """`check` without --fix or --diff: the run, its report; ends in SystemExit with the exit code."""
    setup = _setup(paths, select=select, extend_select=extend_select, ignore=ignore, exclude=exclude,
                   target_jax=target_jax, from_jax=from_jax, unsafe_fixes=unsafe_fixes, no_prefilter=no_prefilter,
                   stdin_filename=stdin_filename, shard=shard, jobs=jobs, file_timeout=file_timeout, no_cache=no_cache, config_path=config,
                   force_exclude=force_exclude, report_unused=report_unused_suppressions)
    run, console, err_console = _run_told(setup, fix=False, quiet=quiet, no_color=no_color, verbose=verbose)
    _emit_report(run, format, output, console if format is Format.text else err_console, show_fixes, setup.shard)
    text_out = format is Format.text and output is None
    _finish(run, console if text_out else err_console, err_console,
            text_summary=not quiet and (format is Format.text or output is not None), statistics=statistics)
    raise SystemExit(_exit_code(run, bool(run.findings) and not exit_zero))


def quiet_broken_pipe() -> None:
    """Standard output was closed early (`shardfix check | head`): what typer does then, so the
    exit does not print a second error while flushing."""
    from typer._click.utils import PacifyFlushWrapper

    sys.stdout = PacifyFlushWrapper(sys.stdout)
    sys.stderr = PacifyFlushWrapper(sys.stderr)


def guarded(command) -> None:
    """Runs the command line: an internal error is one line, never a traceback."""
    try:
        command()
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:
        _err(f"internal error: {type(exc).__name__}: {exc}")
        sys.exit(EXIT_ERROR)
