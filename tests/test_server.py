"""`shardfix server` end to end: a real LSP client (pytest-lsp) talks to the server over stdio."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp")
pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# A character outside the BMP before the finding: LSP columns count UTF-16 code units.
PVARY = "import jax\n\n\ndef f(x):\n    s = '\U0001d49c'; return jax.lax.pvary(x, 'i')\n"
PVARY_FIXED = "import jax\n\n\ndef f(x):\n    s = '\U0001d49c'; return jax.lax.pcast(x, 'i', to='varying')\n"
# SF103 on a pmax: its fix is unsafe (a max over identical copies is still the max, but the
# rule cannot know every caller; see docs/rules/SF103.md).
UNSAFE = (ROOT / "fixtures" / "SF103" / "pmax_decorator_rebind" / "before.py").read_text(encoding="utf-8")


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "codemods", "server"],
    server_env={**os.environ, "PYTHONPATH": str(ROOT)}))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def apply_text_edits(text: str, edits: list[types.TextEdit]) -> str:
    """What an editor does with the edits (UTF-16 positions, applied from the end)."""
    lines = text.splitlines(keepends=True)

    def offset(position: types.Position) -> int:
        line = lines[position.line] if position.line < len(lines) else ""
        units = line.encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return sum(len(x) for x in lines[: position.line]) + len(units)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
        lines = text.splitlines(keepends=True)
    return text


async def open_document(client: LanguageClient, path: Path, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


@pytest.mark.asyncio
async def test_diagnostics_on_open_change_and_save(client: LanguageClient, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PVARY, encoding="utf-8")
    uri = await open_document(client, path, PVARY)
    (found,) = client.diagnostics[uri]
    assert found.code == "SF201" and found.source == "shardfix"
    column = PVARY.splitlines()[4].index("jax.lax")
    assert (found.range.start.line, found.range.start.character) == (4, column + 1)  # 𝒜 is two units
    assert found.code_description.href.endswith("/docs/rules/SF201.md")
    assert "pcast" in found.message

    # Unsaved edits are what is checked.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=PVARY_FIXED)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []

    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=PVARY)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri]] == ["SF201"]


@pytest.mark.asyncio
async def test_safe_fix_is_a_preferred_quick_fix(client: LanguageClient, tmp_path):
    path = tmp_path / "m.py"
    uri = await open_document(client, path, PVARY)
    (found,) = client.diagnostics[uri]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found.range,
        context=types.CodeActionContext(diagnostics=[found], only=[types.CodeActionKind.QuickFix])))
    (action,) = actions
    assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred
    assert action.title.startswith("SF201: ") and "unsafe" not in action.title
    assert apply_text_edits(PVARY, action.edit.changes[uri]) == PVARY_FIXED
    # Fix-all gives the same text as `shardfix apply`.
    (everything,) = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found.range,
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll"])))
    assert apply_text_edits(PVARY, everything.edit.changes[uri]) == PVARY_FIXED


@pytest.mark.asyncio
async def test_unsafe_fix_is_labelled_and_not_preferred(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "u.py", UNSAFE)
    found = [d for d in client.diagnostics[uri] if d.code == "SF103"]
    assert found
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found, only=[types.CodeActionKind.QuickFix])))
    assert actions
    for action in actions:
        assert "(unsafe fix" in action.title and not action.is_preferred


@pytest.mark.asyncio
async def test_the_server_reads_the_same_config(client: LanguageClient, tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.shardfix]\nexclude = ["vendored/*"]\n\n[tool.shardfix.per-file-ignores]\n"tests/*" = ["SF201"]\n')
    (tmp_path / "src").mkdir()
    checked = await open_document(client, tmp_path / "src" / "m.py", PVARY)
    ignored = await open_document(client, tmp_path / "tests" / "test_m.py", PVARY)
    excluded = await open_document(client, tmp_path / "vendored" / "v.py", PVARY)
    assert [d.code for d in client.diagnostics[checked]] == ["SF201"]
    assert list(client.diagnostics[ignored]) == [] and list(client.diagnostics[excluded]) == []
