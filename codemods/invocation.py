"""One run as the command line asked for it: options merged over the config file, the files
grouped by their per-file ignores, standard input, and the unused-suppression check.

The CLI and the language server both start here, so an editor sees what `shardfix check` sees.
"""
from __future__ import annotations

import fnmatch
import os
import sys
from dataclasses import field, replace
from codemods.dataclass_code import dataclass
from pathlib import Path

from codemods.budget import DEFAULT_FILE_TIMEOUT
from codemods import config, jaxapi, written_for
from codemods.engine import Options
from codemods.model import FileResult, Finding, Span

UNUSED_SUPPRESSION = "SF900"


class UsageError(Exception):
    """A bad option or config value; str() is the message, the exit code is 2."""


def parse_codes(value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(code.strip().upper() for code in value.split(",") if code.strip())


def parse_shard(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    try:
        index, count = (int(part) for part in value.split("/"))
        if not 1 <= index <= count:
            raise ValueError
    except ValueError:
        raise UsageError(f"--shard expects K/N with 1 <= K <= N, got {value!r}") from None
    return index, count


def _check_codes(codes) -> None:
    from codemods.rules import all_rules

    for code in codes:
        if code not in ("ALL", UNUSED_SUPPRESSION) and not any(rule.code.startswith(code) for rule in all_rules()):
            raise UsageError(f"unknown rule code or prefix: {code} (see `shardfix rules`)")


@dataclass
class Setup:
    """CLI options merged over the settings file (the CLI wins)."""

    paths: list[Path]
    options: Options
    settings: config.Settings
    excludes: tuple[str, ...] = ()
    force_exclude: bool = False
    stdin_filename: str | None = None
    shard: tuple[int, int] | None = None
    jobs: int = 1
    use_cache: bool = False
    report_unused: bool = False
    notes: list[str] = field(default_factory=list)
    # The JAX the code was written for, and where that came from (for --verbose).
    from_jax: written_for.Known = field(default_factory=lambda: written_for.Known(None, "not given"))

    @property
    def stdin(self) -> bool:
        return [str(p) for p in self.paths] == ["-"]

    def options_for(self, path: str) -> Options:
        """The options for one file: the run's, plus the per-file ignores that match it."""
        extra = matching_ignores(self.settings, path)
        return replace(self.options, ignore=self.options.ignore + extra) if extra else self.options


def make_setup(paths, *, select=None, extend_select=None, ignore=None, exclude=None, target_jax=None,
               from_jax=None, unsafe_fixes=None, no_prefilter=False, stdin_filename=None, shard=None, jobs=1, no_cache=True,
               file_timeout: float | None = DEFAULT_FILE_TIMEOUT,
               config_path: Path | None = None, force_exclude=False, report_unused=None) -> Setup:
    paths = list(paths or [Path(".")])
    anchor = Path(stdin_filename) if stdin_filename else (paths[0] if str(paths[0]) != "-" else Path("."))
    try:
        settings = config.load(anchor, config_path)
    except config.ConfigError as exc:
        raise UsageError(str(exc)) from None
    selected = parse_codes(select) if select is not None else settings.select
    extended = tuple(parse_codes(extend_select) or ()) + settings.extend_select
    ignored = parse_codes(ignore) if ignore is not None else settings.ignore
    _check_codes(tuple(selected or ()) + extended + tuple(ignored or ()))
    for _pattern, codes in settings.per_file_ignores:
        _check_codes(codes)
    if selected is not None and extended:
        selected = tuple(selected) + extended
    target = settings.target_jax
    if target_jax is not None:
        try:
            target = config.parse_user_version(target_jax)
        except ValueError as exc:
            raise UsageError(f"--target-jax: {exc}") from None
    given = None
    if from_jax is not None:
        try:
            given = config.parse_user_version(from_jax)
        except ValueError as exc:
            raise UsageError(f"--from-jax: {exc}") from None
    known = written_for.resolve(given, settings.from_jax, settings.source, anchor)
    wanted_unused = settings.report_unused_suppressions if report_unused is None else report_unused
    options = Options(
        select=selected, ignore=tuple(ignored or ()), target=target or jaxapi.default_target(),
        written_for=known.written_for,
        unsafe_fixes=settings.unsafe_fixes if unsafe_fixes is None else unsafe_fixes,
        prefilter=not no_prefilter, file_timeout=file_timeout or None,
    )
    return Setup(paths=paths, options=options, settings=settings,
                 excludes=tuple(settings.exclude) + tuple(exclude or ()), force_exclude=force_exclude,
                 stdin_filename=stdin_filename, shard=parse_shard(shard), jobs=jobs, use_cache=not no_cache,
                 report_unused=(wanted_unused or UNUSED_SUPPRESSION in tuple(selected or ()) + extended)
                 and UNUSED_SUPPRESSION not in tuple(ignored or ()), from_jax=known)


def matching_ignores(settings: config.Settings, path: str) -> tuple[str, ...]:
    """The codes per-file-ignores turns off for `path` (patterns are relative to the directory
    of the settings file; a pattern without a slash also matches the file name)."""
    if not settings.per_file_ignores:
        return ()
    try:
        rel = Path(os.path.relpath(os.path.abspath(path), settings.root)).as_posix()
    except ValueError:  # another drive on Windows
        rel = Path(path).as_posix()
    name = rel.rsplit("/", 1)[-1]
    codes: tuple[str, ...] = ()
    for pattern, ignored in settings.per_file_ignores:
        pattern = Path(os.path.normpath(pattern)).as_posix()
        if fnmatch.fnmatchcase(rel, pattern) or ("/" not in pattern and fnmatch.fnmatchcase(name, pattern)):
            codes += ignored
    return codes


def run(setup: Setup, fix: bool, progress_factory=None):
    """The engine's Run for this setup (files grouped by the options that apply to them)."""
    from codemods import engine
    from codemods.discovery import Discovery, discover

    if setup.stdin:
        result = _run_stdin(setup, fix)
    else:
        found = discover(setup.paths, setup.excludes, setup.force_exclude)
        # Per-file ignores make a few option sets; the engine runs once per set.
        groups: dict[Options, list[Path]] = {setup.options: []}
        for path in found.files:
            groups.setdefault(setup.options_for(str(path)), []).append(path)
        progress = progress_factory(len(found.files)) if progress_factory is not None and len(found.files) > 50 else None
        result = engine.Run(temp_files=found.temp_files)
        errors = found.errors
        for options, files in groups.items():
            if not files and not errors:
                continue
            part = engine.run(setup.paths, options, fix=fix, use_cache=setup.use_cache, shard=setup.shard,
                              jobs=setup.jobs, progress=progress, discovery=Discovery(files=files, errors=errors))
            errors = []  # reported once
            result.results.extend(part.results)
            result.sources.update(part.sources)
        result.results.sort(key=lambda r: r.path)
    if setup.report_unused:
        for file_result in result.results:
            _add_unused_suppressions(file_result, setup)
    return result


def _run_stdin(setup: Setup, fix: bool):
    from codemods import engine, fs

    name = setup.stdin_filename or "-"
    raw = sys.stdin.buffer.read()
    result = engine.Run()
    try:
        source = fs.decode(raw, Path(name))
    except fs.SourceError as exc:
        result.results.append(FileResult(name, error=str(exc)))
        return result
    result.results.append(engine.process_source(source.text, name, setup.options_for(name), fix))
    result.sources[name] = source
    return result


def unused_suppressions(text: str, path: str, options: Options) -> list[Finding]:
    """SF900 findings: suppression comments in `text` that silence no finding of the rules that ran."""
    from codemods import engine, suppression

    found = suppression.directives(suppression.source_lines(text))
    if not found:
        return []
    raw = engine.process_source(suppression.blank_directives(text, found), path, options, fix=False)
    if raw.error:
        return []
    findings = []
    from codemods.rules import all_rules

    every_rule = all(options.selects(rule.code) for rule in all_rules())
    for directive, codes in suppression.unused(found, raw.findings, options.selects, every_rule):
        what = f"unused suppression for {', '.join(codes)}" if codes else "unused suppression comment (it silences nothing)"
        findings.append(Finding(UNUSED_SUPPRESSION, what,
                                Span(directive.line, directive.start + 1, directive.line, directive.end + 1), path=path))
    return findings


def _add_unused_suppressions(file_result: FileResult, setup: Setup) -> None:
    if file_result.error:
        return
    text = file_result.output
    if text is None:  # answered from the results cache, which keeps no text
        from codemods import fs

        try:
            text = fs.read_source(Path(file_result.path)).text
        except fs.SourceError:
            return
    if "#" not in text:
        return
    extra = unused_suppressions(text, file_result.path, setup.options_for(file_result.path))
    if extra:
        file_result.findings = sorted(file_result.findings + extra, key=Finding.sort_key)
