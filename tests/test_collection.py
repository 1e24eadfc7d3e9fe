"""Work a run leaves out for speed (issue 16): the cycle collector's passes in the console
command, and importlib.metadata for the installed JAX's version."""
from __future__ import annotations

import gc
import importlib.metadata
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from codemods import collection, engine, jaxapi
from codemods.cli import app

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BEFORE = sorted(FIXTURES.glob("SF101/*/before.py"))[0]


@pytest.fixture
def restored_collector(monkeypatch):
    monkeypatch.setattr(collection, "_console_process", False)
    monkeypatch.setattr(collection, "_deferred", False)
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


def test_the_installed_jax_version_is_what_importlib_metadata_says():
    assert jaxapi.installed_jax_version() == jaxapi.parse_version(importlib.metadata.version("jax"))


def test_a_distribution_earlier_on_the_path_wins_as_in_importlib_metadata(monkeypatch, tmp_path):
    info = tmp_path / "JAX-9.8.7.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: jax\nVersion: 9.8.7\n\nVersion: 1.0.0\n")
    (tmp_path / "jaxlib-1.2.3.dist-info").mkdir()
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    assert importlib.metadata.version("jax") == "9.8.7"
    assert jaxapi.installed_jax_version() == (9, 8, 7)


def test_no_jax_distribution_is_no_version(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert jaxapi.installed_jax_version() is None
