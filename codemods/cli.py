"""The `shardfix` command: options in, engine run, report out. No analysis lives here."""
from __future__ import annotations

import importlib
import os
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from codemods import __version__

app = typer.Typer(
    name="shardfix",
    help="Find and fix JAX shard_map code that breaks the manual-axis type rules or uses removed APIs.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class Format(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"
    diff = "diff"


_FORMAT_MODULES = {"json": "json_format", "github": "github", "sarif": "sarif", "junit": "junit", "diff": "diff"}


def _version(value: bool) -> None:
    if value:
        print(f"shardfix {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")] = False,
) -> None:
    """shardfix: check, diff and apply fixes for JAX sharding code."""


# Options shared by check, diff and apply.
PathsArg = Annotated[Optional[list[Path]], typer.Argument(help="Files or directories to check; '-' reads standard input.", show_default=False)]
SelectOpt = Annotated[Optional[str], typer.Option("--select", help="Comma-separated rule codes or prefixes to enable (e.g. SF1,SF201).")]
IgnoreOpt = Annotated[Optional[str], typer.Option("--ignore", help="Comma-separated rule codes or prefixes to disable.")]
ExcludeOpt = Annotated[Optional[list[str]], typer.Option("--exclude", help="Glob of paths to skip (repeatable).")]
TargetOpt = Annotated[Optional[str], typer.Option("--target-jax", help="JAX version the fixes are spelled for (default: installed JAX, else newest known).")]
FormatOpt = Annotated[Format, typer.Option("--format", help="Report format.")]
OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the report to this file; the terminal gets the summary.")]
NoColorOpt = Annotated[bool, typer.Option("--no-color", help="Plain text output.")]
UnsafeOpt = Annotated[Optional[bool], typer.Option("--unsafe-fixes/--no-unsafe-fixes", help="Also apply fixes marked unsafe.")]
StatsOpt = Annotated[bool, typer.Option("--statistics", help="Print the number of findings per rule.")]
ExitZeroOpt = Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings (errors still exit 2).")]
StdinNameOpt = Annotated[Optional[str], typer.Option("--stdin-filename", help="The path of the file read from standard input (for messages and config).")]
NoPrefilterOpt = Annotated[bool, typer.Option("--no-prefilter", hidden=True, help="Parse every file (debugging).")]
NoCacheOpt = Annotated[bool, typer.Option("--no-cache", help="Do not read or write the results cache.")]
ShardOpt = Annotated[Optional[str], typer.Option("--shard", help="K/N: check only the K-th of N stable slices of the files (CI matrices).")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes for parsing (1 is fastest on small trees).")]
ParseJobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=0, help="Worker processes for parsing; 0 chooses from the work (more than one only when the files that need parsing are big enough to gain from it).")]
ShowFixesOpt = Annotated[bool, typer.Option("--show-fixes", help="List the fixes that would be applied.")]


def _err(message: str) -> None:
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False).print(Text("error: ", style="bold red") + Text(message), soft_wrap=True)


def _codes(value: Optional[str]) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(code.strip().upper() for code in value.split(",") if code.strip())


def _parse_shard(value: Optional[str]) -> tuple[int, int] | None:
    if value is None:
        return None
    try:
        index, count = (int(part) for part in value.split("/"))
        if not 1 <= index <= count:
            raise ValueError
    except ValueError:
        _err(f"--shard expects K/N with 1 <= K <= N, got {value!r}")
        raise typer.Exit(EXIT_ERROR)
    return index, count


class _Setup:
    """CLI options merged over [tool.shardfix] (the CLI wins)."""

    def __init__(self, paths, select, ignore, exclude, target_jax, unsafe_fixes, no_prefilter, stdin_filename=None,
                 shard=None, jobs=1, no_cache=True):
        from codemods import config, jaxapi
        from codemods.engine import Options

        self.paths = list(paths or [Path(".")])
        anchor = Path(stdin_filename) if stdin_filename else (self.paths[0] if str(self.paths[0]) != "-" else Path("."))
        try:
            settings = config.load(anchor)
        except config.ConfigError as exc:
            _err(str(exc))
            raise typer.Exit(EXIT_ERROR)
        selected = _codes(select) if select is not None else settings.select
        ignored = _codes(ignore) if ignore is not None else settings.ignore
        for code in (selected or ()) + tuple(ignored or ()):
            if code != "ALL" and not any(rule.code.startswith(code) for rule in _all_rules()):
                _err(f"unknown rule code or prefix: {code} (see `shardfix rules`)")
                raise typer.Exit(EXIT_ERROR)
        target = settings.target_jax
        if target_jax is not None:
            try:
                target = jaxapi.parse_version(target_jax)
            except ValueError as exc:
                _err(str(exc))
                raise typer.Exit(EXIT_ERROR)
        self.options = Options(
            select=selected, ignore=tuple(ignored or ()), target=target or jaxapi.default_target(),
            unsafe_fixes=settings.unsafe_fixes if unsafe_fixes is None else unsafe_fixes,
            prefilter=not no_prefilter,
        )
        self.excludes = tuple(settings.exclude) + tuple(exclude or ())
        self.stdin_filename = stdin_filename
        self.shard = _parse_shard(shard)
        self.jobs = jobs
        self.use_cache = not no_cache

    @property
    def stdin(self) -> bool:
        return [str(p) for p in self.paths] == ["-"]


def _all_rules():
    from codemods.rules import all_rules

    return all_rules()


def _console(no_color: bool, stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, no_color=no_color or None, highlight=False,
                   color_system=None if no_color else "auto", soft_wrap=True)


def _run(setup: _Setup, fix: bool):
    from codemods import engine

    if setup.stdin:
        return _run_stdin(setup, fix)
    found = None
    if sys.stderr.isatty() and not os.environ.get("CI"):
        from codemods.discovery import discover

        found = discover(setup.paths, setup.excludes)  # the engine walks the tree once, with this
    if found is not None and len(found.files) > 50:
        from rich.progress import Progress

        with Progress(console=_console(False, stderr=True), transient=True) as bar:
            task = bar.add_task("checking", total=len(found.files))
            return engine.run(setup.paths, setup.options, excludes=setup.excludes, fix=fix,
                              progress=lambda: bar.advance(task), use_cache=setup.use_cache, shard=setup.shard,
                              jobs=setup.jobs, discovery=found)
    return engine.run(setup.paths, setup.options, excludes=setup.excludes, fix=fix, use_cache=setup.use_cache,
                      shard=setup.shard, jobs=setup.jobs, discovery=found)


def _run_stdin(setup: _Setup, fix: bool):
    from codemods import engine, fs
    from codemods.model import FileResult

    name = setup.stdin_filename or "-"
    raw = sys.stdin.buffer.read()
    result = engine.Run()
    try:
        source = fs.decode(raw, Path(name))
    except fs.SourceError as exc:
        result.results.append(FileResult(name, error=str(exc)))
        return result
    result.results.append(engine.process_source(source.text, name, setup.options, fix))
    result.sources[name] = source
    return result


def _emit_report(run, fmt: Format, output: Optional[Path], console, no_color: bool, show_fixes: bool = False) -> None:
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
    rendered = module.render(run.results, _all_rules())
    if output is not None:
        output.write_text(rendered, encoding="utf-8")
    else:
        sys.stdout.write(rendered)
        sys.stdout.flush()


def _finish(run, console, err_console, *, fmt: Format, statistics: bool, fixed: int = 0) -> None:
    from codemods.report import text

    text.print_errors(err_console, run.results)
    if statistics:
        for code, count, fixable in text.statistics(run.results):
            console.print(f"{count:>6}  {code}  ({fixable} fixable)")
    if fmt is Format.text:
        console.print(text.summary(run.results, fixed=fixed))


@app.command()
def check(
    paths: PathsArg = None, select: SelectOpt = None, ignore: IgnoreOpt = None, exclude: ExcludeOpt = None,
    target_jax: TargetOpt = None, format: FormatOpt = Format.text, output: OutputOpt = None,
    no_color: NoColorOpt = False, unsafe_fixes: UnsafeOpt = None, statistics: StatsOpt = False,
    exit_zero: ExitZeroOpt = False, stdin_filename: StdinNameOpt = None, show_fixes: ShowFixesOpt = False,
    no_prefilter: NoPrefilterOpt = False, no_cache: NoCacheOpt = False, shard: ShardOpt = None, jobs: ParseJobsOpt = 0,
) -> None:
    """Report findings. Exit 0 when clean, 1 with findings, 2 on errors.

    Examples: `shardfix check src/`, `shardfix check --select SF1 --format json .`,
    `shardfix check --shard 2/4 --format sarif -o shard2.sarif .`
    """
    setup = _Setup(paths, select, ignore, exclude, target_jax, unsafe_fixes, no_prefilter, stdin_filename,
                   shard, jobs, no_cache)
    console, err_console = _console(no_color), _console(no_color, stderr=True)
    run = _run(setup, fix=False)
    _emit_report(run, format, output, console if format is Format.text else err_console, no_color, show_fixes)
    summary_console = console if format is Format.text and output is None else err_console
    _finish(run, summary_console, err_console, fmt=Format.text if output is not None or format is Format.text else format,
            statistics=statistics)
    raise typer.Exit(_exit_code(run, bool(run.findings) and not exit_zero))


def _exit_code(run, findings_left: bool) -> int:
    if run.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if findings_left else EXIT_CLEAN


@app.command()
def diff(
    paths: PathsArg = None, select: SelectOpt = None, ignore: IgnoreOpt = None, exclude: ExcludeOpt = None,
    target_jax: TargetOpt = None, no_color: NoColorOpt = False, unsafe_fixes: UnsafeOpt = None,
    stdin_filename: StdinNameOpt = None, exit_zero: ExitZeroOpt = False, no_prefilter: NoPrefilterOpt = False,
    shard: ShardOpt = None, jobs: ParseJobsOpt = 0,
    validate_cmd: Annotated[Optional[str], typer.Option("--validate-cmd", help="Also run this command (e.g. pytest) on the original and the rewritten tree and report what changed.")] = None,
    validate_timeout: Annotated[float, typer.Option("--validate-timeout", help="Seconds per run of --validate-cmd.")] = 900.0,
) -> None:
    """Show the fixes as a unified diff; write nothing. Exit 1 when there is something to fix.

    Examples: `shardfix diff src/`, `shardfix diff . | git apply`
    """
    from codemods.report import diff as diff_report
    from codemods.report import text

    setup = _Setup(paths, select, ignore, exclude, target_jax, unsafe_fixes, no_prefilter, stdin_filename,
                   shard, jobs)
    console, err_console = _console(no_color), _console(no_color, stderr=True)
    run = _run(setup, fix=True)
    rendered = diff_report.render(run.results)
    if sys.stdout.isatty() and not no_color:
        text.print_diff(console, rendered)
    else:
        sys.stdout.write(rendered)
        sys.stdout.flush()
    text.print_errors(err_console, run.results)
    if validate_cmd and run.changed:
        _compare_with_command(run, validate_cmd, validate_timeout, err_console)
    changed = len(run.changed)
    fixable = sum(len(r.applied) for r in run.results)
    err_console.print(f"{fixable} fix{'es' * (fixable != 1)} in {changed} file{'s' * (changed != 1)} "
                      f"would be applied; {len(run.findings)} finding{'s' * (len(run.findings) != 1)} would remain.")
    raise typer.Exit(_exit_code(run, bool(changed) and not exit_zero))


@app.command()
def apply(
    paths: PathsArg = None, select: SelectOpt = None, ignore: IgnoreOpt = None, exclude: ExcludeOpt = None,
    target_jax: TargetOpt = None, no_color: NoColorOpt = False, unsafe_fixes: UnsafeOpt = None,
    stdin_filename: StdinNameOpt = None, no_prefilter: NoPrefilterOpt = False, jobs: ParseJobsOpt = 0,
    validate_cmd: Annotated[Optional[str], typer.Option("--validate-cmd", help="Run this command (e.g. pytest) on the original and the rewritten tree; write only if nothing got worse.")] = None,
    validate_timeout: Annotated[float, typer.Option("--validate-timeout", help="Seconds per run of --validate-cmd.")] = 900.0,
    force: Annotated[bool, typer.Option("--force", help="Write even if --validate-cmd shows something got worse.")] = False,
) -> None:
    """Write the fixes in place (atomically). Exit 0 when everything was fixed, 1 when findings
    remain, 2 on errors.

    Examples: `shardfix apply src/`, `shardfix apply --unsafe-fixes --target-jax 0.8.2 .`
    """
    from codemods import engine
    from codemods.report import text

    setup = _Setup(paths, select, ignore, exclude, target_jax, unsafe_fixes, no_prefilter, stdin_filename,
                   jobs=jobs)
    console, err_console = _console(no_color), _console(no_color, stderr=True)
    run = _run(setup, fix=True)
    if setup.stdin:
        result = run.results[0]
        if result.error is None:
            source = run.sources[result.path]
            sys.stdout.buffer.write(source.encode(result.fixed) if result.changed else source.raw)
            sys.stdout.flush()
        text.print_errors(err_console, run.results)
        text.print_findings(err_console, run.results)
        raise typer.Exit(_exit_code(run, bool(run.findings)))
    if validate_cmd and run.changed:
        if not _validated(run, validate_cmd, validate_timeout, force, console):
            raise typer.Exit(EXIT_FINDINGS)
    engine.write_fixes(run)
    for result in run.changed:
        if result.error is None:
            console.print(f"fixed {result.path} ({len(result.applied)} fix{'es' * (len(result.applied) != 1)})")
    text.print_findings(console, run.results)
    _finish(run, console, err_console, fmt=Format.text, statistics=False,
            fixed=sum(len(r.applied) for r in run.changed if r.error is None))
    left = text.not_fixed(run.results)
    if left:
        console.print(left)
    raise typer.Exit(_exit_code(run, bool(run.findings)))


def _compare_with_command(run, cmd: str, timeout: float, console):
    """Run the user's command on a copy of the tree before and after the fixes; the tree itself
    is never touched."""
    from codemods.validate.project import compare_command, render_project_validation

    root = Path(".").absolute()
    rewritten = {Path(r.path).absolute(): run.sources[r.path].encode(r.fixed) for r in run.changed}
    try:
        outcome = compare_command(root, rewritten, cmd, timeout=timeout)
    except ValueError as exc:  # a file outside the current directory
        _err(f"--validate-cmd: {exc}")
        raise typer.Exit(EXIT_ERROR)
    render_project_validation(outcome, console)
    return outcome


def _validated(run, cmd: str, timeout: float, force: bool, console) -> bool:
    """Run the user's command before and after; True when the rewrite may be written."""
    outcome = _compare_with_command(run, cmd, timeout, console)
    if outcome.worse and not force:
        console.print("Validation shows something got worse: nothing written (use --force to write anyway).")
        return False
    if outcome.worse:
        console.print("Validation shows something got worse; writing anyway (--force).")
    return True


@app.command()
def rules(
    format: Annotated[str, typer.Option("--format", help="text or json")] = "text",
) -> None:
    """List the rules.

    Examples: `shardfix rules`, `shardfix rules --format json`
    """
    import json

    from rich.console import Console
    from rich.table import Table

    found = _all_rules()
    if format == "json":
        print(json.dumps([{"code": r.code, "name": r.name, "summary": r.summary} for r in found], indent=2))
        return
    table = Table("Code", "Name", "Summary", box=None)
    for rule in found:
        table.add_row(rule.code, rule.name, rule.summary)
    Console(highlight=False).print(table)


@app.command()
def explain(code: Annotated[str, typer.Argument(help="A rule code, e.g. SF101.")]) -> None:
    """Print a rule's documentation: what, why, example, fix safety.

    Example: `shardfix explain SF101`
    """
    from rich.console import Console
    from rich.markdown import Markdown

    from codemods.rules import rule_by_code

    rule = rule_by_code(code)
    if rule is None:
        _err(f"unknown rule {code!r}; `shardfix rules` lists them")
        raise typer.Exit(EXIT_ERROR)
    doc = rule.doc
    markdown = (
        f"# {rule.code} {rule.name}\n\n{rule.summary}\n\n## What it does\n{doc.what}\n\n"
        f"## Why is this bad?\n{doc.why}\n\n## Example\n```python\n{doc.example}\n```\n\n"
        f"## Use instead\n```python\n{doc.use_instead}\n```\n\n## Fix safety\n{doc.fix_safety}\n\n"
        + (f"## JAX versions\n{doc.versions}\n\n" if doc.versions else "")
        + f"## Suppress\nAdd `# shardfix: ignore[{rule.code}]` (or `# noqa: {rule.code}`) to the reported line, "
        f"or `ignore = [\"{rule.code}\"]` under `[tool.shardfix]` in pyproject.toml.\n"
    )
    Console().print(Markdown(markdown + _fixture_example(rule.code)))


def _fixture_example(code: str) -> str:
    """The rule's first golden fixture as a diff: the examples the tests prove (Fixit's habit)."""
    import difflib

    cases = sorted(p for p in (_bundled_fixtures() / code).glob("*/before.py")) if _bundled_fixtures().is_dir() else []
    if not cases:
        return ""
    before, after = cases[0], cases[0].with_name("after.py")
    if not after.is_file():  # a rule that only reports
        source = before.read_text(encoding="utf-8")
        return (f"\n## From the fixtures (the error checked on 8 CPU devices)\n"
                f"```python\n# {code}/{before.parent.name}/before.py\n{source}```\n")
    diff = "".join(difflib.unified_diff(before.read_text(encoding="utf-8").splitlines(keepends=True),
                                        after.read_text(encoding="utf-8").splitlines(keepends=True),
                                        f"{code}/{before.parent.name}/before.py", f"{code}/{before.parent.name}/after.py", n=2))
    return f"\n## From the fixtures (validated on 8 CPU devices)\n```diff\n{diff}```\n"


@app.command()
def pr(
    paths: PathsArg = None, select: SelectOpt = None, ignore: IgnoreOpt = None, exclude: ExcludeOpt = None,
    target_jax: TargetOpt = None, unsafe_fixes: UnsafeOpt = None,
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
) -> None:
    """Commit the fixes on a bot branch, push it and open or update a pull request.

    Your checkout and current branch are never touched. Examples: `shardfix pr --dry-run src/`,
    `shardfix pr --push --open --label jax src/`
    """
    from rich.text import Text

    from codemods.pr import PrError, PrOptions, run_pr

    setup = _Setup(paths, select, ignore, exclude, target_jax, unsafe_fixes, False)
    console = _console(False)
    options = PrOptions(paths=setup.paths, base=base, branch=branch, remote=remote, author=author, push=push,
                        open=open_pr, labels=tuple(label or ()), body_file=body_file, dry_run=dry_run,
                        validate_cmd=validate_cmd, title=title, validate_timeout=validate_timeout)
    try:
        outcome = run_pr(Path.cwd(), options, setup.options, setup.excludes)
    except PrError as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_FINDINGS)
    if dry_run:
        sys.stdout.write(outcome.body)
        sys.stdout.flush()
    for message in outcome.messages:
        _console(False, stderr=dry_run).print(Text(message))
    for message in outcome.errors:
        _err(message)
    del console
    raise typer.Exit(EXIT_ERROR if outcome.errors else EXIT_CLEAN)


def _bundled_fixtures() -> Path:
    return Path(__file__).resolve().parent.parent / "fixtures"


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

        found = envs.list_envs()
        for version, where in found:
            typer.echo(f"jax {version}\t{where}")
        if not found:
            typer.echo(f"no environments yet in {envs.envs_root()} (made on first use by a `written-for` case)")
        raise typer.Exit(EXIT_CLEAN)
    if not runner.jax_available():
        _err("validation runs JAX, which is not installed: pip install 'shardfix[validate]'")
        raise typer.Exit(EXIT_ERROR)
    root = path or _bundled_fixtures()
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
) -> None:
    """Combine the reports of `--shard K/N` runs into the report of a single run.

    Example: `shardfix merge-reports shard-*.sarif -o all.sarif`
    """
    from codemods.report.merge import merge_reports as merge

    try:
        texts = [path.read_text(encoding="utf-8") for path in reports]
        merged = merge(texts, names=[str(path) for path in reports])
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _err(str(exc))
        raise typer.Exit(EXIT_ERROR)
    if output is not None:
        output.write_text(merged, encoding="utf-8")
    else:
        sys.stdout.write(merged)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # an internal error: one line, never a traceback
        _err(f"internal error: {type(exc).__name__}: {exc}")
        sys.exit(EXIT_ERROR)
