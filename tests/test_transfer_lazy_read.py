"""A transfer table read lazily (each operation decoded on first use) holds what the whole file decodes to."""
from __future__ import annotations

import gzip
import json
from importlib import resources

import pytest

from codemods.transfer import table as transfer
from codemods.transfer.lazy_read import LazyOperations, read_lazily

DATA = resources.files("codemods.transfer").joinpath("data")


@pytest.mark.parametrize("version", transfer.available())
def test_every_shipped_table_reads_lazily_as_decoded_whole(version):
    path = DATA.joinpath(transfer.file_name(version))
    whole = json.loads(gzip.decompress(path.read_bytes()))
    lazy = read_lazily(path)
    operations = lazy.pop("operations")
    assert isinstance(operations, LazyOperations)  # the shipped layout is the one read by lines
    expected = whole.pop("operations")
    assert lazy == whole
    assert list(operations) == list(expected)
    assert {name: operations[name] for name in operations} == expected


def _table_text(operations: dict, indent: int | None) -> str:
    data = {"collectives": {}, "derived": "x", "format": 2, "jax_version": "0.10.2", "operations": operations,
            "outcomes": [{"state": "varying"}], "unsatisfied": {}}
    return json.dumps(data, indent=indent, sort_keys=True)


def _by_lines(operations: dict) -> str:
    """The generator's layout: the table indented by one space, each operation on one line."""
    body = ",\n".join(f"  {json.dumps(name)}: {json.dumps(value)}" for name, value in operations.items())
    return ('{\n "collectives": {},\n "derived": "x",\n "format": 2,\n "jax_version": "0.10.2",\n'
            f' "operations": {{\n{body}\n }},\n "outcomes": [{{"state": "varying"}}],\n "unsatisfied": {{}}\n}}\n')


OPERATIONS = {"jax.numpy.sin": {"args": ["A"], "cases": {"varying": 0}},
              'method:"odd"\\name': {"args": ["A", "L"], "cases": {"varying,int": 0, "a\nb": 0}}}


def test_a_table_written_one_operation_a_line_is_read_lazily(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(_by_lines(OPERATIONS))
    data = read_lazily(path)
    assert isinstance(data["operations"], LazyOperations)
    assert dict(data["operations"]) == OPERATIONS
    assert data["outcomes"] == [{"state": "varying"}]
    assert transfer.from_data(data).operation("jax.numpy.sin").outcome("varying").state == "varying"


@pytest.mark.parametrize("indent", [None, 2])
def test_any_other_layout_is_decoded_whole(tmp_path, indent):
    path = tmp_path / "t.json.gz"
    path.write_bytes(gzip.compress(_table_text(OPERATIONS, indent).encode()))
    data = read_lazily(path)
    assert not isinstance(data["operations"], LazyOperations)
    assert data["operations"] == OPERATIONS


def test_the_split_table_kept_beside_the_bytecode_is_read_back_while_the_file_is_the_same(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    path = tmp_path / "t.json.gz"
    path.write_bytes(gzip.compress(_by_lines(OPERATIONS).encode()))
    first = read_lazily(path)
    assert list((tmp_path / "__pycache__").glob("t.json.gz.*.marshal"))
    again = read_lazily(path)
    assert isinstance(again["operations"], LazyOperations)
    assert dict(again["operations"]) == dict(first["operations"]) == OPERATIONS
    assert {k: v for k, v in again.items() if k != "operations"} == {k: v for k, v in first.items() if k != "operations"}
    changed = {"jax.numpy.cos": {"args": ["A"], "cases": {"invariant": 0}}}
    path.write_bytes(gzip.compress(_by_lines(changed).encode()))  # the kept copy is stale: not read
    assert dict(read_lazily(path)["operations"]) == changed
