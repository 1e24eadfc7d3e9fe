"""discover -> prefilter -> parse -> rules -> fixes applied to a fixpoint.

The engine knows rules only through the registry (codemods.rules.all_rules) and the Rule
contract; it never names one.
"""
from __future__ import annotations

import ast
import gc
import sys
import warnings
import zlib
from dataclasses import field, replace
from codemods.dataclass_code import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from codemods import collection, contract, fs, jaxapi
from codemods.analysis import guards
from codemods.analysis.bindings import bindings_of
from codemods.analysis.references import referenced_names
from codemods.budget import DEFAULT_FILE_TIMEOUT, MAX_OPERATOR_CHAIN, FileTimeout, TooComplex, longest_operator_chain, time_budget
from codemods.model import Edit, FileResult, Finding, Safety
from codemods.overlap import TakenRanges
from codemods.private_names import mangle_private_names
from codemods.release import release_context
from codemods.sparse import sparse_source
from codemods.suppression import file_directives, source_lines, suppressed_lines
from codemods.suppression import suppressed as _suppressed

# LibCST, the context and the rules are imported where first needed: a run answered from the
# cache, or one where no file passes the filters, never pays for them.
if TYPE_CHECKING:
    from codemods.context import FileContext
    from codemods.prefilter import TriggerTest
    from codemods.rules.base import Rule
    from codemods.written_for import WrittenFor

MAX_ROUNDS = 10
# LibCST's trees and visitors recurse once per nesting level; Python 3.11 keeps pure-Python
# recursion off the C stack, so a deeper limit lets real (generated) code through safely.
RECURSION_LIMIT = 12_000

@dataclass(frozen=True)
class Options:
    select: tuple[str, ...] | None = None  # code prefixes; None selects every rule
    ignore: tuple[str, ...] = ()
    target: jaxapi.Version = jaxapi.NEWEST_KNOWN
    written_for: WrittenFor | None = None  # the JAX the checked code was written for, when known
    unsafe_fixes: bool = False
    prefilter: bool = True
    file_timeout: float | None = DEFAULT_FILE_TIMEOUT  # seconds per file; None or 0: no limit

    def selects(self, code: str) -> bool:
        def matches(prefixes: Iterable[str]) -> bool:
            return any(p == "ALL" or code.startswith(p) for p in prefixes)

        chosen = True if self.select is None else matches(self.select)
        return chosen and not matches(self.ignore)

    @cached_property
    def rules(self) -> tuple[Rule, ...]:
        from codemods.rules import all_rules

        return tuple(rule() for rule in all_rules() if self.selects(rule.code))

    @cached_property
    def trigger_test(self) -> TriggerTest:
        from codemods.prefilter import TriggerTest

        return TriggerTest(self.rules)

    @cached_property
    def rule_apis(self) -> frozenset[str] | None:
        """Every name `Rule.may_fire` compares with, over the rules; None when some rule fires
        whatever a module references (or decides otherwise), so nothing can be left out."""
        from codemods.rules.base import Rule

        names: set[str] = set()
        for rule in self.rules:
            if type(rule).may_fire.__func__ is not Rule.may_fire.__func__:
                return None
            if rule.apis is None and rule.required_apis is None:
                return None
            names.update(rule.apis or ())
            names.update(rule.required_apis or ())
        return frozenset(names)

    def may_apply(self, finding: Finding) -> bool:
        return finding.fix is not None and (finding.fix.safety is Safety.SAFE or self.unsafe_fixes)


def might_have_findings(data: bytes, options: Options) -> bool:
    """The prefilter: a file none of the selected rules' triggers match is never parsed.

    Plain substring search: CPython's `in` on bytes is many times faster than a regular
    expression alternation over the same words.
    """
    if not options.prefilter:
        return bool(options.rules)
    return options.trigger_test(data)


class InternalError(Exception):
    """A rule or fix misbehaved; reported per file, never written."""


def parse_python(source: str) -> tuple[ast.Module | None, str | None]:
    """`source` parsed by the running Python, or why it cannot be.

    LibCST accepts syntax newer than the interpreter; Python's own parser is the judge, so the
    tool never reads (or writes) code the user's Python would reject.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences are the user's business
            return mangle_private_names(ast.parse(source), source), None  # (before any reading indexes the tree)
    except SyntaxError as exc:
        where = f"line {exc.lineno}" + (f", column {exc.offset}" if exc.offset else "")
        return None, f"syntax error at {where}: {exc.msg}"
    except (ValueError, MemoryError, RecursionError) as exc:
        return None, f"cannot be parsed: {type(exc).__name__}: {exc}"


def parse_error(source: str) -> str | None:
    return parse_python(source)[1]


def _in_scope(source: str, options: Options) -> tuple[Rule, ...]:
    """The rules whose words the text holds: a rule reads no other text, filters on or off
    (prefilter.py: what makes the byte prefilter sound for every rule)."""
    data = source.encode("utf-8", "surrogatepass")
    return tuple(rule for rule in options.rules if rule.may_match(data))


def _relevant_rules(source: str, tree: ast.Module, options: Options) -> tuple[Rule, ...]:
    """The rules in scope (the byte prefilter let the file through for some rule), and with
    the filters on, only those whose APIs the module reaches through a binding it makes."""
    rules = _in_scope(source, options)
    if not options.prefilter or not rules:
        return rules
    referenced = referenced_names(tree)
    return tuple(rule for rule in rules if rule.may_fire(referenced))


def _words(tree: ast.Module, rules: tuple[Rule, ...]) -> tuple[str, ...]:
    """What marks a top-level statement as one to keep in the sparse text (see sparse.py).

    A rule with `requires` can only fire in code reached from a statement holding one of those
    words (a shard_map call: its body and helpers are kept as names it uses), so those words
    and the local names bound to `required_apis` seed it; other rules are seeded by their
    triggers and the local names bound to their `apis` (`from ... import pvary as pv`).
    """
    bindings = bindings_of(tree)
    words: set[str] = set()
    for rule in rules:
        seeds, apis = (rule.requires, rule.required_apis) if rule.requires else (rule.triggers, rule.apis)
        words.update(w.decode() for w in seeds)
        if apis is not None:
            # A name bound to an API, or to a module holding one (`import jax.experimental.shard_map as X`).
            words.update(name for name, bound in bindings.items() if bound is not None
                         and any(api == bound or api.startswith(bound + ".") for api in apis))
    return tuple(sorted(words))


def _check(source: str, path: str, options: Options, tree: ast.Module | None = None,
           rules: tuple[Rule, ...] | None = None) -> tuple[FileContext, list[Finding]]:
    from codemods.context import FileContext

    sparse = None
    if options.prefilter and tree is not None and rules:
        def sparse() -> str:
            return sparse_source(source, tree, _words(tree, rules))

    ctx = FileContext(source, path, options.target, tree=tree, cst_source=sparse, written_for=options.written_for)
    lines = source_lines(source)
    whole_file = file_directives(lines)
    findings: list[Finding] = []
    for rule in _in_scope(source, options) if rules is None else rules:
        try:
            produced = list(rule.check(ctx))
        except TooComplex:
            raise
        except RecursionError:
            raise InternalError(f"{rule.code}: expression nesting too deep to analyse") from None
        except Exception as exc:  # a rule bug must not abort the run: report it for this file
            if type(exc).__name__ == "ParserSyntaxError":  # LibCST's, imported only when used
                raise InternalError(f"LibCST cannot parse it: {str(exc).splitlines()[0]}") from None
            raise InternalError(f"{rule.code} failed: {type(exc).__name__}: {exc}") from exc
        findings.extend(f for f in produced if not _suppressed(f, lines, whole_file))
    # Code behind a version guard for the other JAX generation is left as it is.
    if findings:  # the guards are looked for only where there is something they could silence
        regions = _guard_regions(ctx)
        findings = [f for f in findings if not guards.inside(regions, f.span.line, f.span.column - 1)]
    findings.sort(key=Finding.sort_key)
    return ctx, [replace(f, path=path) for f in findings]


def _guard_regions(ctx: FileContext) -> list:
    """The regions written for the other JAX generation, found once per text (the findings
    filter and the fix contract both read them)."""
    return ctx.cached("engine:guard-regions", lambda: guards.other_generation(ctx.tree, ctx.target))


def apply_edits(source: str, edits: Iterable[Edit]) -> str:
    out = []
    last = 0
    for edit in sorted(edits):
        out.append(source[last:edit.start])
        out.append(edit.replacement)
        last = edit.end
    out.append(source[last:])
    return "".join(out)


def _choose(findings: list[Finding], options: Options) -> list[Finding]:
    """The fixes of one round: applicable and not overlapping an earlier one (the next round
    re-analyses the new text and picks up the rest)."""
    chosen: list[Finding] = []
    taken = TakenRanges()
    for finding in findings:
        if not options.may_apply(finding):
            continue
        spans = [(e.start, e.end) for e in finding.fix.edits]
        if any(taken.collides(start, end) for start, end in spans):
            continue
        chosen.append(finding)
        taken.take(spans)
    return chosen


def process_source(source: str, path: str = "<string>", options: Options = Options(), fix: bool = False,
                   encoded: bytes | None = None) -> FileResult:
    """Findings for `source` and, with fix=True, the text with every applicable fix applied.

    `encoded` is `source` in UTF-8 when the caller has it already (a file read as UTF-8).
    """
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)
    if not passes_text_filters(source, options, encoded):
        return FileResult(path=path, original=source)
    return process_parsed_within_budget(source, path, options, fix)


def process_parsed_within_budget(source: str, path: str, options: Options, fix: bool) -> FileResult:
    """`process_parsed`, limited to `options.file_timeout` seconds: a file past it, or too
    complex to rewrite, gets an error and nothing written; the rest of the run goes on."""
    try:
        with time_budget(options.file_timeout):
            return process_parsed(source, path, options, fix)
    except FileTimeout:
        return FileResult(path=path, original=source,
                          error=f"not analysed: took longer than {options.file_timeout:g} s (--file-timeout); nothing written")
    except TooComplex as exc:
        return FileResult(path=path, original=source, error=f"not analysed: {exc}")


def passes_text_filters(source: str, options: Options, encoded: bytes | None) -> bool:
    """False when the bytes alone show that no selected rule can fire (most files): only the
    rules' byte triggers are read before parsing; names are resolved after it."""
    if not options.rules:
        return False
    if encoded is None:
        encoded = source.encode("utf-8", "surrogatepass")
    return might_have_findings(encoded, options)


def process_parsed(source: str, path: str, options: Options, fix: bool) -> FileResult:
    """`process_source` for a text past the text filters: parse, rules, fixes."""
    # Parsing and checking make next to no cyclic garbage: the cycle collector waits until they
    # are done (then one young-generation pass) instead of traversing the growing tree again and
    # again. Fix rounds run with it: they drop whole trees that only the collector frees.
    # In a command-line run the collector is off between files too (collection.py).
    pause = gc.isenabled()
    if pause:
        gc.disable()
    else:
        collection.before_file()
    try:
        return _parsed_and_checked(source, path, options, fix, pause or collection.deferred())
    finally:
        if pause:
            gc.enable()
        else:
            collection.after_file()


def _parsed_and_checked(source: str, path: str, options: Options, fix: bool, paused: bool) -> FileResult:
    result = FileResult(path=path, original=source)
    tree, error = parse_python(source)
    if error:
        result.error = error
        return result
    rules = _relevant_rules(source, tree, options)
    if not rules:
        return result
    try:
        ctx, findings = _check(source, path, options, tree, rules)
        result.findings = findings
        if not fix and not collection.hold(ctx):
            release_context(ctx)  # its tree and analysis go now, not with the next collection
        if fix:
            # The fix loop lets go of the first tree once it has what it needs from it, so a
            # round does not hold two trees (on a big file, most of the memory).
            handed = [ctx]
            del ctx, tree
            if paused:
                gc.enable()
            try:
                result.fixed, result.findings, result.applied = _FixLoop(path, options).run(source, handed, findings)
            except RecursionError:
                # pyflakes (the contract's undefined-name check) recurses once per nesting level.
                operands, line = longest_operator_chain(parse_python(source)[0])
                where = f"the expression at line {line} chains {operands:,} operands" if operands > MAX_OPERATOR_CHAIN \
                    else "an expression nests too deeply"
                result.error = f"not fixed: {where}, too deep to check the fixes on; nothing written"
                result.fixed = None
                result.applied = []
    except InternalError as exc:
        result.error = f"internal error: {exc}"
        result.fixed = None
        result.applied = []
    return result


def _sharing_a_fix(findings: list[Finding], chosen: list[Finding]) -> list[Finding]:
    """The findings whose fix equals a chosen one. Sites of one shared fix carry equal Fix
    objects over the same tuple of edits: each tuple is compared once, not once per site
    (hashing a fix reads all its edits)."""
    chosen_fixes = {c.fix for c in chosen}
    answers: dict[tuple, bool] = {}
    found = []
    for finding in findings:
        fix = finding.fix
        if fix is None:
            continue
        key = (fix.description, fix.safety, id(fix.edits))
        if key not in answers:
            answers[key] = fix in chosen_fixes
        if answers[key]:
            found.append(finding)
    return found


_BIG_TEXT = 250_000  # characters


class _FixLoop:
    """Fixes applied round by round under the fix contract (codemods.contract).

    A round whose result breaks the contract is retried without the fixes the violation points
    at (those whose edits mention the offending names; all of the round's fixes when none
    does). A withdrawn fix is never offered again for the same code; its finding stays, with
    the reason in `Finding.unfixable`.
    """

    def __init__(self, path: str, options: Options) -> None:
        self.path = path
        self.options = options
        self.withdrawn: dict[tuple, str] = {}
        self.withdrawn_fixes: set[tuple] = set()  # (text, fix): a fix shared by several findings
        self.withdrawn_findings: list[tuple[str, Finding]] = []
        self._lines: contract.Lines | None = None  # of the text keys were last computed on

    def _key(self, finding: Finding, text: str) -> tuple:
        if self._lines is None or self._lines.text is not text:
            self._lines = contract.Lines(text)
        lines = self._lines
        start = lines.offset(finding.span.line, finding.span.column)
        end = lines.offset(finding.span.end_line, finding.span.end_column)
        return finding.code, finding.message, text[start:end]

    def _state(self, text: str, tree: ast.Module) -> tuple[list[Finding], contract.Snapshot]:
        rules = _relevant_rules(text, tree, self.options)
        ctx, findings = _check(text, self.path, self.options, tree, rules) if rules else (None, [])
        snapshot = self._snapshot(text, tree, ctx, findings)
        if ctx is not None:
            release_context(ctx)
        return findings, snapshot

    def _snapshot(self, text: str, tree: ast.Module, ctx: FileContext | None, findings: list[Finding]) -> contract.Snapshot:
        regions = (lambda: _guard_regions(ctx)) if ctx is not None else None
        return contract.Snapshot.of(tree, text, self.path, self.options.target, findings, suppressed_lines(text), regions)

    def run(self, source: str, handed: list[FileContext], findings: list[Finding]) -> tuple[str, list[Finding], list[Finding]]:
        """(fixed text, findings left, findings whose fix was applied), from the context the
        findings were computed in (`handed`: a list holding it, emptied once the contract's
        first snapshot is taken, the one use of it)."""
        ctx = handed.pop()
        tree = ctx.tree
        text = source
        snapshot = None  # the contract's view of the text, taken only when there is a fix to check
        applied: list[Finding] = []
        rounds = 0
        while True:
            offered = [f for f in findings if not self._withdrawn(f, text)]
            chosen = _choose(offered, self.options)
            if not any(f.fix.edits for f in chosen):
                break
            if rounds == MAX_ROUNDS:
                # A rule keeps offering fixes: keep the original text, report every finding.
                reason = f"fixes did not converge after {MAX_ROUNDS} rounds; nothing written for this file"
                _, original = _check(source, self.path, self.options)
                return source, [replace(f, unfixable=reason) if f.fix else f for f in original], []
            if snapshot is None:
                snapshot = self._snapshot(text, tree, ctx, findings)
                release_context(ctx)
                ctx = tree = None  # the first tree is not needed again: let it go before the next parse
                if len(source) > _BIG_TEXT:
                    # pyflakes links each node to its parent, so only the cycle collector frees a
                    # tree; on a big file it runs now, before the next parse (on small ones the
                    # collection would cost more than the memory is worth).
                    gc.collect()
            outcome = self._round(text, findings, snapshot, chosen)
            if outcome is None:
                continue  # some fixes were withdrawn: choose again on the same text
            rounds += 1
            # Findings sharing a chosen fix (one fix for several calls) were fixed by it too.
            applied.extend(_sharing_a_fix(findings, chosen))
            text, findings, snapshot = outcome
        if not self.withdrawn:
            return text, findings, applied
        reasons = {(text, w.fix): self.withdrawn[self._key(w, t)] for t, w in self.withdrawn_findings if t == text}
        left = []
        for f in findings:
            reason = self.withdrawn.get(self._key(f, text)) or (reasons.get((text, f.fix)) if f.fix else None)
            left.append(replace(f, unfixable=reason) if reason and f.fix is not None else f)
        return text, left, applied

    def _withdrawn(self, finding: Finding, text: str) -> bool:
        if not self.withdrawn:
            return False
        return self._key(finding, text) in self.withdrawn or (text, finding.fix) in self.withdrawn_fixes

    def _round(self, text: str, findings: list[Finding], snapshot: contract.Snapshot, chosen: list[Finding]):
        edits = [e for f in chosen for e in f.fix.edits]
        candidate = apply_edits(text, edits)
        new_tree, error = parse_python(candidate)
        if error is not None:
            # Withdraw the fixes that are invalid on their own (all of them if none is alone).
            bad = [f for f in chosen if parse_error(apply_edits(text, f.fix.edits)) is not None] or chosen
            self._withdraw(bad, text, f"it would produce invalid Python ({error})")
            return None
        new_findings, new_snapshot = self._state(candidate, new_tree)
        reason, words = snapshot.broken_by(new_snapshot)
        if reason is None:
            # A finding left with a fix that was applicable (it overlapped a chosen one) may
            # rightly be gone; one without must still be there.
            picked = {id(f) for f in chosen}
            unfixed = [f for f in findings if id(f) not in picked and (not self.options.may_apply(f)
                       or self._key(f, text) in self.withdrawn)]
            lost = contract.vanished(unfixed, text, candidate, edits, new_findings)
            if lost is not None:
                reason = (f"it would change the meaning of line {lost.span.line}, whose {lost.code} finding "
                          f"would no longer be reported")
                words = contract.identifiers(contract.span_text(text, lost))
        if reason is None:
            return candidate, new_findings, new_snapshot
        culprits = [f for f in chosen if words & contract.edit_words(text, f.fix.edits)] or chosen
        self._withdraw(culprits, text, reason)
        return None

    def _withdraw(self, findings: list[Finding], text: str, reason: str) -> None:
        for finding in findings:
            self.withdrawn[self._key(finding, text)] = f"fix withdrawn: {reason}"
            self.withdrawn_fixes.add((text, finding.fix))
            self.withdrawn_findings.append((text, finding))


def process_file(path: Path, options: Options, fix: bool) -> tuple[FileResult, "object | None"]:
    """Read, prefilter and process one file; returns the result and the SourceFile (for writing)."""
    source, encoded, failure = read_source(path)
    if failure is not None:
        return failure, None
    return process_source(source.text, str(path), options, fix, encoded), source


def read_source(path: Path) -> tuple[fs.SourceFile | None, bytes | None, FileResult | None]:
    """The decoded file and, when its bytes are its text's UTF-8 already, those bytes; or the
    FileResult that says why it cannot be read."""
    name = str(path)
    try:
        with open(name, "rb") as handle:
            raw = handle.read()
    except IsADirectoryError:
        return None, None, FileResult(name, error="is a directory")
    except OSError as exc:
        return None, None, FileResult(name, error=exc.strerror or str(exc))
    # Every file is decoded (a bad encoding is reported wherever it is); only files the
    # prefilter lets through are parsed.
    try:
        source = fs.decode(raw, path)
    except fs.SourceError as exc:
        return None, None, FileResult(name, error=str(exc))
    # Read as UTF-8, the bytes are the text's UTF-8 (after the BOM): no need to encode it again.
    encoded = raw if source.encoding == "utf-8" else raw[3:] if source.encoding == "utf-8-sig" else None
    return source, encoded, None


@dataclass
class Run:
    results: list[FileResult] = field(default_factory=list)
    sources: dict[str, object] = field(default_factory=dict)  # path -> fs.SourceFile, for writing
    temp_files: list[Path] = field(default_factory=list)  # left by an interrupted apply

    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.results for f in r.findings]

    @property
    def errors(self) -> list[FileResult]:
        return [r for r in self.results if r.error]

    @property
    def changed(self) -> list[FileResult]:
        return [r for r in self.results if r.changed]


def in_shard(path: str, shard: tuple[int, int] | None) -> bool:
    """`--shard K/N`: a stable 1/N of the files, by a hash of the path as displayed."""
    if shard is None:
        return True
    index, count = shard
    return zlib.crc32(path.encode("utf-8", "surrogateescape")) % count == index - 1


def run(paths: list[Path], options: Options, *, excludes: tuple[str, ...] = (), fix: bool = False,
        progress=None, use_cache: bool = False, shard: tuple[int, int] | None = None, jobs: int = 1,
        discovery=None) -> Run:
    """Process every file under `paths`; nothing is written (see write_fixes).

    `jobs`: worker processes, or workers.AUTO_JOBS to choose from the work. `discovery`: what
    `discovery.discover(paths, excludes)` returned, when the caller has walked the tree already.
    """
    from codemods.discovery import discover

    found = discovery if discovery is not None else discover(paths, excludes)
    result = Run(temp_files=found.temp_files)
    for path, reason in found.errors:
        if in_shard(path, shard):
            result.results.append(FileResult(path, error=reason))
    files = [path for path in found.files if in_shard(str(path), shard)]
    cache = None
    if use_cache and not fix:
        from codemods.cache import ResultCache

        cache = ResultCache(options)
    todo = []
    for path in files:
        cached = cache.get(path) if cache is not None else None
        if cached is not None:
            result.results.append(cached)
            if progress is not None:
                progress()
        else:
            todo.append(path)
    from codemods.workers import process_all

    for file_result, source in process_all(todo, options, fix, jobs, progress):
        result.results.append(file_result)
        if source is not None:
            result.sources[file_result.path] = source
        if cache is not None:
            cache.put(Path(file_result.path), file_result)
    if cache is not None:
        cache.save()
    # Reports list files in path order whatever the order of the paths given (merging shard
    # reports relies on it).
    result.results.sort(key=lambda r: r.path)
    return result


def write_fixes(run_result: Run) -> list[FileResult]:
    """Write every changed file atomically; a file that cannot be written gets an error."""
    fs.remove_stale_temp_files(run_result.temp_files)
    failed = []
    for file_result in run_result.changed:
        try:
            fs.write_atomic(run_result.sources[file_result.path], file_result.fixed)
        except fs.SourceError as exc:
            file_result.error = str(exc)
            failed.append(file_result)
    return failed
