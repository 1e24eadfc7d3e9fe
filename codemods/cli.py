"""The `shardfix` command: options in, engine run, report out. No analysis lives here."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from codemods import __version__, cli_coercion
from codemods.cli_run import (  # the parts without typer, shared with the typer-free `check` (cli_fast.py)
    EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, _all_rules, _codes, _console, _emit_report, _err, _exit_code,
    _finish, _run_told, _setup, check_report, guarded,
)
from codemods.budget import DEFAULT_FILE_TIMEOUT
from codemods.cli_options import (
    BeforeJaxOpt, ConfigOpt, ExcludeOpt, ExitZeroOpt, ExtendSelectOpt, FileTimeoutOpt, ForceExcludeOpt,
    FormatOpt, FromJaxOpt, IgnoreOpt, JobsOpt, NoCacheOpt, NoColorOpt, NoPrefilterOpt, OutputOpt, ParseJobsOpt,
    PathsArg, QuietOpt, SelectOpt, ShardOpt, ShowFixesOpt, StatsOpt, StdinNameOpt, TargetOpt,
    UnsafeOpt, UnusedOpt, VerboseOpt,
)
from codemods.cli_run import Format, RulesFormat

cli_coercion.install()  # plain option values without Pydantic: a fifth of a small run's CPU

app = typer.Typer(
    name="shardfix",
    help="Find and fix JAX shard_map code that breaks the manual-axis type rules or uses removed APIs.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"shardfix {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")] = False,
) -> None:
    """shardfix: check, diff and apply fixes for JAX sharding code."""


@app.command()
def check(
    paths: PathsArg = None, select: SelectOpt = None, extend_select: ExtendSelectOpt = None, ignore: IgnoreOpt = None,
    exclude: ExcludeOpt = None, target_jax: TargetOpt = None, from_jax: FromJaxOpt = None, format: FormatOpt = Format.text,
    output: OutputOpt = None,
    fix: Annotated[bool, typer.Option("--fix", help="Apply the fixes in place, then report what remains (like `apply`).")] = False,
    show_diff: Annotated[bool, typer.Option("--diff", help="Print the fixes as a unified diff and write nothing (like `diff`).")] = False,
    config: ConfigOpt = None, quiet: QuietOpt = False, verbose: VerboseOpt = False,
    no_color: NoColorOpt = False, unsafe_fixes: UnsafeOpt = None, statistics: StatsOpt = False,
    exit_zero: ExitZeroOpt = False, stdin_filename: StdinNameOpt = None, show_fixes: ShowFixesOpt = False,
    force_exclude: ForceExcludeOpt = False, report_unused_suppressions: UnusedOpt = None,
    no_prefilter: NoPrefilterOpt = False, no_cache: NoCacheOpt = False, shard: ShardOpt = None, jobs: ParseJobsOpt = 0,
    file_timeout: FileTimeoutOpt = DEFAULT_FILE_TIMEOUT,
) -> None:
    """Report findings. Exit 0 when clean, 1 with findings, 2 on errors.

    Examples: `shardfix check src/`, `shardfix check --fix src/`, `shardfix check --diff .`,
    `shardfix check --select SF1 --output-format json .`, `shardfix check --shard 2/4 --output-format sarif -o shard2.sarif .`
    """
    if show_diff or format is Format.diff:
        if fix:
            _err("--fix writes files and --diff writes none: choose one")
            raise typer.Exit(EXIT_ERROR)
        _diff(paths, dict(select=select, extend_select=extend_select, ignore=ignore, exclude=exclude,
                          target_jax=target_jax, from_jax=from_jax, unsafe_fixes=unsafe_fixes, no_prefilter=no_prefilter,
                          stdin_filename=stdin_filename, shard=shard, jobs=jobs, file_timeout=file_timeout, config_path=config,
                          force_exclude=force_exclude),
              no_color=no_color, exit_zero=exit_zero, output=output, quiet=quiet, verbose=verbose)
    if fix:
        if shard is not None:
            _err("--fix cannot be combined with --shard")
            raise typer.Exit(EXIT_ERROR)
        _apply(paths, dict(select=select, extend_select=extend_select, ignore=ignore, exclude=exclude,
                           target_jax=target_jax, from_jax=from_jax, unsafe_fixes=unsafe_fixes, no_prefilter=no_prefilter,
                           stdin_filename=stdin_filename, jobs=jobs, file_timeout=file_timeout, config_path=config, force_exclude=force_exclude,
                           report_unused=report_unused_suppressions),
               no_color=no_color, quiet=quiet, verbose=verbose, fmt=format, output=output, statistics=statistics,
               exit_zero=exit_zero)
    check_report(paths, select=select, extend_select=extend_select, ignore=ignore, exclude=exclude, target_jax=target_jax,
                 from_jax=from_jax, format=format, output=output, config=config, quiet=quiet, verbose=verbose,
                 no_color=no_color, unsafe_fixes=unsafe_fixes, statistics=statistics, exit_zero=exit_zero,
                 stdin_filename=stdin_filename, show_fixes=show_fixes, force_exclude=force_exclude,
                 report_unused_suppressions=report_unused_suppressions, no_prefilter=no_prefilter, no_cache=no_cache,
                 shard=shard, jobs=jobs, file_timeout=file_timeout)


@app.command()
def diff(
    paths: PathsArg = None, select: SelectOpt = None, extend_select: ExtendSelectOpt = None, ignore: IgnoreOpt = None,
    exclude: ExcludeOpt = None, target_jax: TargetOpt = None, from_jax: FromJaxOpt = None, config: ConfigOpt = None,
    no_color: NoColorOpt = False,
    unsafe_fixes: UnsafeOpt = None, stdin_filename: StdinNameOpt = None, exit_zero: ExitZeroOpt = False,
    quiet: QuietOpt = False, verbose: VerboseOpt = False, force_exclude: ForceExcludeOpt = False,
    no_prefilter: NoPrefilterOpt = False, shard: ShardOpt = None, jobs: ParseJobsOpt = 0,
    file_timeout: FileTimeoutOpt = DEFAULT_FILE_TIMEOUT, validate_cmd: Annotated[Optional[str], typer.Option("--validate-cmd", help="Also run this command (e.g. pytest) on the original and the rewritten tree and report what changed.")] = None,
    validate_timeout: Annotated[float, typer.Option("--validate-timeout", help="Seconds per run of --validate-cmd.")] = 900.0,
    before_jax: BeforeJaxOpt = None,
) -> None:
    """Show the fixes as a unified diff; write nothing. Exit 1 when there is something to fix.

    Examples: `shardfix diff src/`, `shardfix diff . | git apply`
    """
    _diff(paths, dict(select=select, extend_select=extend_select, ignore=ignore, exclude=exclude, target_jax=target_jax,
                      from_jax=from_jax, unsafe_fixes=unsafe_fixes, no_prefilter=no_prefilter, stdin_filename=stdin_filename, shard=shard,
                      jobs=jobs, file_timeout=file_timeout, config_path=config, force_exclude=force_exclude),
          no_color=no_color, exit_zero=exit_zero, quiet=quiet, verbose=verbose, validate_cmd=validate_cmd,
          validate_timeout=validate_timeout, before_jax=before_jax)


def _diff(paths, options: dict, *, no_color: bool, exit_zero: bool, quiet: bool, verbose: bool, output: Optional[Path] = None,
          validate_cmd: Optional[str] = None, validate_timeout: float = 900.0, before_jax: Optional[str] = None) -> None:
    _check_before_jax(before_jax, validate_cmd)
    setup = _setup(paths, **options)
    run, console, err_console = _run_told(setup, fix=True, quiet=quiet, no_color=no_color, verbose=verbose)
    _emit_report(run, Format.diff, output, console)
    from codemods.report import text

    text.print_errors(err_console, run.results)
    if validate_cmd and run.changed:
        _compare_with_command(run, validate_cmd, validate_timeout, err_console, before_jax)
    changed = len(run.changed)
    fixable = sum(len(r.applied) for r in run.changed)
    if not quiet:
        err_console.print(f"{fixable} fix{'es' * (fixable != 1)} in {changed} file{'s' * (changed != 1)} "
                          f"would be applied; {len(run.findings)} finding{'s' * (len(run.findings) != 1)} would remain.")
    raise typer.Exit(_exit_code(run, bool(changed) and not exit_zero))


@app.command()
def apply(
    paths: PathsArg = None, select: SelectOpt = None, extend_select: ExtendSelectOpt = None, ignore: IgnoreOpt = None,
    exclude: ExcludeOpt = None, target_jax: TargetOpt = None, from_jax: FromJaxOpt = None, config: ConfigOpt = None,
    no_color: NoColorOpt = False,
    unsafe_fixes: UnsafeOpt = None, stdin_filename: StdinNameOpt = None, quiet: QuietOpt = False,
    verbose: VerboseOpt = False, force_exclude: ForceExcludeOpt = False, no_prefilter: NoPrefilterOpt = False,
    jobs: ParseJobsOpt = 0, file_timeout: FileTimeoutOpt = DEFAULT_FILE_TIMEOUT,
    validate_cmd: Annotated[Optional[str], typer.Option("--validate-cmd", help="Run this command (e.g. pytest) on the original and the rewritten tree; write only if nothing got worse.")] = None,
    validate_timeout: Annotated[float, typer.Option("--validate-timeout", help="Seconds per run of --validate-cmd.")] = 900.0,
    force: Annotated[bool, typer.Option("--force", help="Write even if --validate-cmd shows something got worse.")] = False,
    before_jax: BeforeJaxOpt = None,
) -> None:
    """Write the fixes in place (atomically). Exit 0 when everything was fixed, 1 when findings
    remain, 2 on errors. `check --fix` does the same.

    Examples: `shardfix apply src/`, `shardfix apply --unsafe-fixes --target-jax 0.8.2 .`
    """
    _apply(paths, dict(select=select, extend_select=extend_select, ignore=ignore, exclude=exclude,
                       target_jax=target_jax, from_jax=from_jax, unsafe_fixes=unsafe_fixes, no_prefilter=no_prefilter,
                       stdin_filename=stdin_filename, jobs=jobs, file_timeout=file_timeout, config_path=config, force_exclude=force_exclude),
           no_color=no_color, quiet=quiet, verbose=verbose, validate_cmd=validate_cmd,
           validate_timeout=validate_timeout, force=force, before_jax=before_jax)


def _apply(paths, options: dict, *, no_color: bool, quiet: bool, verbose: bool, fmt: Format = Format.text,
           output: Optional[Path] = None, statistics: bool = False, exit_zero: bool = False, validate_cmd: Optional[str] = None,
           validate_timeout: float = 900.0, force: bool = False, before_jax: Optional[str] = None) -> None:
    from codemods import engine
    from codemods.report import text

    _check_before_jax(before_jax, validate_cmd)
    setup = _setup(paths, **options)
    run, console, err_console = _run_told(setup, fix=True, quiet=quiet, no_color=no_color, verbose=verbose)
    if setup.stdin:
        result = run.results[0]
        if result.error is None:
            source = run.sources[result.path]
            sys.stdout.buffer.write(source.encode(result.fixed) if result.changed else source.raw)
            sys.stdout.flush()
        text.print_errors(err_console, run.results)
        text.print_findings(err_console, run.results)
        raise typer.Exit(_exit_code(run, bool(run.findings) and not exit_zero))
    if validate_cmd and run.changed:
        from codemods.validate.command import may_write

        if not may_write(_compare_with_command(run, validate_cmd, validate_timeout, console, before_jax), force, console):
            raise typer.Exit(EXIT_FINDINGS)
    engine.write_fixes(run)
    report_console = console if fmt is Format.text else err_console
    if not quiet:
        for result in run.changed:
            if result.error is None:
                report_console.print(f"fixed {result.path} ({len(result.applied)} fix{'es' * (len(result.applied) != 1)})")
    _emit_report(run, fmt, output, report_console)
    _finish(run, report_console, err_console, text_summary=not quiet and (fmt is Format.text or output is not None),
            statistics=statistics, fixed=sum(len(r.applied) for r in run.changed if r.error is None))
    left = text.not_fixed(run.results)
    if left and not quiet:
        report_console.print(left)
    raise typer.Exit(_exit_code(run, bool(run.findings) and not exit_zero))


def _check_before_jax(before_jax: Optional[str], validate_cmd: Optional[str]) -> None:
    from codemods.validate.command import CommandError, check_before_jax

    try:
        check_before_jax(before_jax, validate_cmd)
    except CommandError as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_ERROR)


def _compare_with_command(run, cmd: str, timeout: float, console, before_jax: Optional[str] = None):
    from codemods.validate.command import CommandError, compare_with_command

    try:
        return compare_with_command(run, cmd, timeout, console, before_jax)
    except CommandError as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_ERROR)


@app.command()
def rules(
    format: Annotated[RulesFormat, typer.Option("--output-format", "--format", help="text or json")] = RulesFormat.text,
) -> None:
    """List the rules.

    Examples: `shardfix rules`, `shardfix rules --format json`
    """
    import json

    from rich.table import Table

    found = _all_rules()
    if format is RulesFormat.json:
        print(json.dumps([{"code": r.code, "name": r.name, "summary": r.summary} for r in found], indent=2))
        return
    table = Table("Code", "Name", "Summary", box=None)
    for rule in found:
        table.add_row(rule.code, rule.name, rule.summary)
    _console(False).print(table)


@app.command()
def explain(code: Annotated[str, typer.Argument(help="A rule code, e.g. SF101.")]) -> None:
    """Print a rule's documentation: what, why, example, fix safety.

    Example: `shardfix explain SF101`
    """
    from rich.markdown import Markdown

    from codemods.ruledocs import fixture_example, rule_markdown
    from codemods.rules import rule_by_code

    rule = rule_by_code(code)
    if rule is None:
        _err(f"unknown rule {code!r}; `shardfix rules` lists them")
        raise typer.Exit(EXIT_ERROR)
    _console(False).print(Markdown(rule_markdown(rule) + fixture_example(rule.code)))


@app.command()
def pr(
    paths: PathsArg = None, select: SelectOpt = None, ignore: IgnoreOpt = None, exclude: ExcludeOpt = None,
    target_jax: TargetOpt = None, from_jax: FromJaxOpt = None, unsafe_fixes: UnsafeOpt = None,
    base: Annotated[str, typer.Option("--base", help="Branch the fixes are based on.")] = "main",
    branch: Annotated[str, typer.Option("--branch", help="The bot branch (created or reset).")] = "shardfix/fixes",
    remote: Annotated[str, typer.Option("--remote", help="Remote to push to.")] = "origin",
    author: Annotated[str, typer.Option("--author", help="Commit author and committer.")] = "shardfix[bot] <shardfix-bot@users.noreply.github.com>",
    title: Annotated[str, typer.Option("--title", help="Pull request title.")] = "shardfix: fix JAX sharding issues",
    push: Annotated[bool, typer.Option("--push", help="Push the branch (force-with-lease).")] = False,
    open_pr: Annotated[bool, typer.Option("--open", help="Open or update the pull request (needs GITHUB_TOKEN).")] = False,
    label: Annotated[Optional[list[str]], typer.Option("--label", help="Label for the pull request (repeatable).")] = None,
    body_file: Annotated[Optional[Path], typer.Option("--body-file", help="Write the pull-request body here.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the body; change no branch.")] = False,
    validate_cmd: Annotated[Optional[str], typer.Option("--validate-cmd", help="Run this command on the base and the fixed tree and add the comparison to the body.")] = None,
    validate_timeout: Annotated[float, typer.Option("--validate-timeout", help="Seconds per run of --validate-cmd.")] = 1800.0,
    before_jax: BeforeJaxOpt = None,
) -> None:
    """Commit the fixes on a bot branch, push it and open or update a pull request.

    Your checkout and current branch are never touched. Examples: `shardfix pr --dry-run src/`,
    `shardfix pr --push --open --label jax src/`
    """
    from rich.text import Text

    from codemods.pr import PrError, PrOptions, run_pr

    _check_before_jax(before_jax, validate_cmd)
    setup = _setup(paths, select=select, ignore=ignore, exclude=exclude, target_jax=target_jax, from_jax=from_jax,
                   unsafe_fixes=unsafe_fixes)
    console = _console(False)
    options = PrOptions(paths=setup.paths, base=base, branch=branch, remote=remote, author=author, push=push,
                        open=open_pr, labels=tuple(label or ()), body_file=body_file, dry_run=dry_run,
                        validate_cmd=validate_cmd, title=title, validate_timeout=validate_timeout,
                        before_jax=before_jax)
    try:
        outcome = run_pr(Path.cwd(), options, setup.options, setup.excludes)
    except PrError as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_ERROR)
    if dry_run:
        sys.stdout.write(outcome.body)
        sys.stdout.flush()
    for message in outcome.messages:
        _console(False, stderr=dry_run).print(Text(message))
    for message in outcome.errors:
        _err(message)
    del console
    raise typer.Exit(EXIT_ERROR if outcome.errors else EXIT_CLEAN)


@app.command()
def validate(
    path: Annotated[Optional[Path], typer.Argument(help="A fixtures directory (default: the bundled fixtures).", show_default=False)] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds per case.")] = 120.0,
    jobs: JobsOpt = 1,
    select: SelectOpt = None,
    list_envs: Annotated[bool, typer.Option("--list-envs", help="List the cached environments of old JAX versions (for cases with `written-for`) and exit.")] = False,
) -> None:
    """Run every fixture case before and after its rewrite on 8 simulated CPU devices.

    Checks that before.py raises the JAX error named in case.toml, that after.py's values (and
    gradients) equal the NumPy reference, and that shardfix turns before.py into after.py. A case
    with `written-for = "X"` runs before.py on jax X (an environment made once, cached) and
    requires after.py to compute the same on the installed JAX.
    Example: `shardfix validate`, `shardfix validate --select SF101 fixtures/`
    """
    from codemods.validate import runner

    if list_envs:
        from codemods.validate import envs

        typer.echo(envs.describe())
        raise typer.Exit(EXIT_CLEAN)
    if not runner.jax_available():
        _err("validation runs JAX, which is not installed: pip install 'shardfix[validate]'")
        raise typer.Exit(EXIT_ERROR)
    from codemods.ruledocs import fixtures_root

    root = path or fixtures_root()
    if root is None:
        _err("no fixtures directory given, and none is installed with shardfix")
        raise typer.Exit(EXIT_ERROR)
    if not root.is_dir():
        _err(f"{root}: no such fixtures directory")
        raise typer.Exit(EXIT_ERROR)
    cases = runner.discover_cases(root)
    chosen = _codes(select)
    if chosen:
        cases = [case for case in cases if any(case.code.startswith(code) for code in chosen)]
    if not cases:
        _err(f"{root}: no fixture cases (directories with before.py and case.toml)")
        raise typer.Exit(EXIT_ERROR)
    console = _console(False)
    results = runner.run_cases(cases, timeout=timeout, jobs=jobs)
    runner.render_table(results, console)
    raise typer.Exit(EXIT_FINDINGS if any(r.status == "failed" for r in results) else EXIT_CLEAN)


@app.command("merge-reports")
def merge_reports(
    reports: Annotated[list[Path], typer.Argument(help="JSON or SARIF reports of the shards of one run.")],
    output: OutputOpt = None,
    expect: Annotated[Optional[int], typer.Option("--expect", min=1, help="The number of shards N: fail when one of 1..N is missing.")] = None,
) -> None:
    """Combine the reports of `--shard K/N` runs into the report of a single run. A shard given
    twice is an error, and so is a missing one with --expect N.

    Example: `shardfix merge-reports shard-*.sarif -o all.sarif`
    """
    from codemods.report.merge import merge_reports as merge

    try:
        texts = [path.read_text(encoding="utf-8") for path in reports]
        merged = merge(texts, names=[str(path) for path in reports], expect=expect)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_ERROR)
    if output is not None:
        output.write_text(merged, encoding="utf-8")
    else:
        sys.stdout.write(merged)


@app.command()
def server() -> None:
    """Run the Language Server over stdio: diagnostics as you type, fixes as quick fixes.

    Needs the `server` extra (pygls). Editors start it as `shardfix server`; see the README.
    """
    try:
        from codemods.server import main as serve
    except ImportError as exc:
        _err(f"the language server needs pygls ({exc}): pip install 'shardfix[server]'")
        raise typer.Exit(EXIT_ERROR)
    serve()


def main() -> None:
    guarded(app)
