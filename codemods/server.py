"""`shardfix server`: a Language Server over stdio (pygls).

Diagnostics are published when a document is opened, changed or saved, from the text the
editor holds (unsaved edits included), with the settings `shardfix check` would use for that
file (nearest pyproject.toml, per-file ignores, excludes). Each fix is offered as a quick fix;
an unsafe one says so in its title and is never the preferred action. `source.fixAll.shardfix`
applies every fix `shardfix apply` would.
"""
from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from codemods import __version__
from codemods.model import Edit, Finding, Safety

SOURCE = "shardfix"
FIX_ALL = "source.fixAll.shardfix"
_LINE_END = re.compile(r"\r\n|\r|\n")


class Positions:
    """Character offsets and 1-based (line, column) of a text <-> LSP positions (UTF-16)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in _LINE_END.finditer(text)]

    def _line_text(self, line: int) -> str:
        start = self.starts[line]
        end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
        return self.text[start:end]

    def position(self, line: int, character: int) -> types.Position:
        """0-based line and character index -> LSP position (UTF-16 code units)."""
        line = max(0, min(line, len(self.starts) - 1))
        before = self._line_text(line)[:character]
        return types.Position(line=line, character=len(before.encode("utf-16-le")) // 2)

    def at_offset(self, offset: int) -> types.Position:
        import bisect

        line = bisect.bisect_right(self.starts, offset) - 1
        return self.position(line, offset - self.starts[line])


def _span_range(finding: Finding, positions: Positions) -> types.Range:
    span = finding.span
    return types.Range(start=positions.position(span.line - 1, span.column - 1),
                       end=positions.position(span.end_line - 1, span.end_column - 1))


def _help_uri(code: str) -> str:
    from codemods.report.sarif import HELP_URI

    return HELP_URI.format(code=code)


def diagnostic(finding: Finding, positions: Positions) -> types.Diagnostic:
    return types.Diagnostic(
        range=_span_range(finding, positions), message=finding.message, severity=types.DiagnosticSeverity.Error,
        code=finding.code, source=SOURCE, code_description=types.CodeDescription(href=_help_uri(finding.code)),
    )


def _setup_for(path: Path):
    from codemods.invocation import make_setup

    return make_setup([path])


def findings_for(text: str, path: Path) -> list[Finding] | None:
    """The findings `shardfix check` reports for this text at this path; None when the file
    is excluded by the config or cannot be checked (nothing is known, so nothing is said)."""
    from codemods import engine
    from codemods.discovery import exclusion_test, named_excluded
    from codemods.invocation import unused_suppressions

    setup = _setup_for(path)
    excluded = exclusion_test(setup.excludes)
    if excluded is not None and named_excluded(path, excluded):
        return None
    options = setup.options_for(str(path))
    result = engine.process_source(text, str(path), options, fix=False)
    if result.error:
        return None
    findings = list(result.findings)
    if setup.report_unused:
        findings += unused_suppressions(text, str(path), options)
    return findings


def _document_path(uri: str, path: str | None) -> Path:
    return Path(path) if path else Path(uri.removeprefix("untitled:") or "untitled.py")


class ShardfixServer(LanguageServer):
    def lint(self, uri: str) -> None:
        from codemods.invocation import UsageError

        document = self.workspace.get_text_document(uri)
        positions = Positions(document.source)
        try:
            findings = findings_for(document.source, _document_path(uri, document.path))
        except UsageError as exc:  # a bad config: say it once, publish nothing
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=f"shardfix: {exc}"))
            findings = None
        diagnostics = [diagnostic(f, positions) for f in findings or ()]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=document.version, diagnostics=diagnostics))


server = ShardfixServer("shardfix", __version__)


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def _did_open(ls: ShardfixServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.lint(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def _did_change(ls: ShardfixServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.lint(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def _did_save(ls: ShardfixServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.lint(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def _did_close(ls: ShardfixServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


def _text_edits(edits, positions: Positions) -> list[types.TextEdit]:
    return [types.TextEdit(range=types.Range(start=positions.at_offset(e.start), end=positions.at_offset(e.end)),
                           new_text=e.replacement) for e in sorted(edits)]


def _overlaps(a: types.Range, b: types.Range) -> bool:
    def key(p: types.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def quick_fix(finding: Finding, uri: str, positions: Positions) -> types.CodeAction:
    fix = finding.fix
    unsafe = fix.safety is Safety.UNSAFE
    title = f"{finding.code}: {fix.description}" + (" (unsafe fix: may change values or gradients)" if unsafe else "")
    return types.CodeAction(
        title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic(finding, positions)],
        is_preferred=not unsafe,
        edit=types.WorkspaceEdit(changes={uri: _text_edits(fix.edits, positions)}),
    )


def fix_all(text: str, path: Path, uri: str) -> types.CodeAction | None:
    """Every fix `shardfix apply` would write (safe ones, unsafe ones when the config allows),
    as one replacement of the document."""
    from codemods import engine

    setup = _setup_for(path)
    result = engine.process_source(text, str(path), setup.options_for(str(path)), fix=True)
    if result.error or not result.changed:
        return None
    positions = Positions(text)
    whole = Edit(0, len(text), result.fixed)
    return types.CodeAction(title="shardfix: apply all fixes", kind=FIX_ALL,
                            edit=types.WorkspaceEdit(changes={uri: _text_edits([whole], positions)}))


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]))
def _code_actions(ls: ShardfixServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    from codemods.invocation import UsageError

    uri = params.text_document.uri
    document = ls.workspace.get_text_document(uri)
    path = _document_path(uri, document.path)
    wanted = params.context.only
    try:
        actions = []
        if not wanted or types.CodeActionKind.QuickFix in wanted:
            positions = Positions(document.source)
            for finding in findings_for(document.source, path) or ():
                if finding.fix is not None and _overlaps(_span_range(finding, positions), params.range):
                    actions.append(quick_fix(finding, uri, positions))
        if not wanted or any(FIX_ALL.startswith(kind) for kind in wanted):
            everything = fix_all(document.source, path, uri)
            if everything is not None:
                actions.append(everything)
    except UsageError:
        return []
    return actions


def main() -> None:
    server.start_io()
