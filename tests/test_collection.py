"""Work a run leaves out for speed (issue 16): the cycle collector's passes in the console
command."""
from __future__ import annotations

import ast
import gc
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from codemods import collection, engine
from codemods.cli import app

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BEFORE = sorted(FIXTURES.glob("SF101/*/before.py"))[0]


@pytest.fixture
def restored_collector(monkeypatch):
    monkeypatch.setattr(collection, "_console_process", False)
    monkeypatch.setattr(collection, "_deferred", False)
    monkeypatch.setattr(collection, "_held", None)
    yield
    gc.enable()


def test_the_cli_inside_another_program_leaves_the_collector_on(restored_collector, tmp_path):
    (tmp_path / "a.py").write_text(BEFORE.read_text())
    result = CliRunner().invoke(app, ["check", "--no-cache", str(tmp_path / "a.py")])
    assert result.exit_code == 1, result.output  # the fixture's finding
    assert gc.isenabled()


def test_the_console_command_collects_once_the_garbage_passes_the_budget(restored_collector, monkeypatch):
    collection.console_process()
    collection.defer()
    source = BEFORE.read_text()
    monkeypatch.setattr(collection, "YOUNG_BUDGET", 10**9)
    before = gc.get_count()[0]
    engine.process_source(source, "a.py", engine.Options())
    left = gc.get_count()[0]
    assert not gc.isenabled() and left > before  # the file's garbage waits
    monkeypatch.setattr(collection, "YOUNG_BUDGET", 0)
    engine.process_source(source, "a.py", engine.Options())
    assert gc.get_count()[0] < 2 * left - before  # over the budget: collected before the next file


def test_findings_are_the_same_with_the_collection_deferred(restored_collector):
    source = BEFORE.read_text()
    plain = engine.process_source(source, "a.py", engine.Options())
    collection.console_process()
    collection.defer()
    assert engine.process_source(source, "a.py", engine.Options()).findings == plain.findings


def test_a_checked_file_is_freed_when_its_findings_are_made(restored_collector):
    """Its tree and analysis are not left for the collector: what the collector still finds
    is a small part of the tree's own nodes (it was all of them, and the analysis)."""
    source = BEFORE.read_text()
    engine.process_source(source, "a.py", engine.Options())  # tables and caches of the process
    gc.collect()
    gc.disable()
    result = engine.process_source(source, "a.py", engine.Options())
    left = gc.collect()
    assert result.findings  # the file was analysed, not skipped
    assert left < len(list(ast.walk(ast.parse(source)))) / 2


def test_the_console_command_leaves_its_objects_to_the_exit_and_a_library_caller_does_not(restored_collector):
    gc.unfreeze()
    collection.leave()  # not the console command: nothing changes
    assert gc.get_freeze_count() == 0
    collection.console_process()
    collection.defer()
    try:
        collection.leave()
        assert gc.get_freeze_count() > 0  # the exit's collection skips them
    finally:
        gc.unfreeze()


def test_the_console_command_takes_a_checked_file_apart_when_the_next_one_starts(restored_collector):
    """The last file's tree is never taken apart (the process ends); an earlier one's is, before
    the next file is parsed, so no two trees are alive at once."""
    source = BEFORE.read_text()
    plain = engine.process_source(source, "a.py", engine.Options())
    collection.console_process()
    collection.defer()
    first = engine.process_source(source, "a.py", engine.Options())
    held = collection._held
    assert first.findings == plain.findings
    assert held is not None and held.__dict__.get("_tree") is not None
    second = engine.process_source(source, "b.py", engine.Options())
    assert second.findings == [replace(f, path="b.py") for f in plain.findings]
    assert collection._held is not held and not held._cache  # the first one was released
    gc.unfreeze()
    try:
        collection.leave()
        assert collection._held is None and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
