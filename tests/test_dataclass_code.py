"""The package's `dataclass` makes the standard library's classes, its methods' code kept in a
file between runs (issue 16)."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from codemods import dataclass_code

ROOT = Path(__file__).resolve().parent.parent


def _make():
    @dataclass_code.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple = dataclasses.field(default=())
    return Point


def test_the_class_behaves_as_a_standard_dataclass():
    Point = _make()
    p = Point(1, 2)
    assert p == Point(1, 2) and p != Point(2, 1)
    assert hash(p) == hash(Point(1, 2))
    assert repr(p).endswith("Point(x=1, y=2, tags=())")
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "tags"]
    assert dataclasses.replace(p, y=5) == Point(1, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3
    assert "exec" not in vars(dataclasses)  # the standard decorator is left as it was


def test_kept_code_is_read_back_and_a_bad_file_costs_nothing(tmp_path, monkeypatch):
    path = str(tmp_path / "kept.marshal")
    _make()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    dataclass_code._save(path)
    kept = dataclass_code._load(path)
    assert any("def __init__(self" in text and "tags" in text for text in kept)
    Path(path).write_bytes(b"not marshal data")
    assert dataclass_code._load(path) == {}
    assert dataclass_code._load(str(tmp_path / "missing")) == {}


def test_not_written_when_bytecode_is_not(tmp_path, monkeypatch):
    path = tmp_path / "kept.marshal"
    _make()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    dataclass_code._save(str(path))
    assert not path.exists()


def test_a_second_process_makes_the_same_classes(tmp_path):
    script = ("from codemods.analysis.values import Const; "
              "print(Const(1) == Const(1), repr(Const(2)))")
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}).stdout for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].startswith("True")
