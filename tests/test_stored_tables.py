"""Module tables filled by item stores at the top of the module (stored_tables.py)."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.stored_tables import stored_entries


def _entries(source: str, name: str = "TABLE"):
    found = stored_entries(ast.parse(textwrap.dedent(source)), name)
    return None if found is None else {key: ast.unparse(value) for key, value in found.items()}


def test_stores_after_the_display_are_its_entries():
    assert _entries("""
        TABLE = {"a": f}
        TABLE["b"] = Block(2)
        def main():
            return TABLE["b"]
    """) == {"a": "f", "b": "Block(2)"}


def test_a_key_stored_twice_or_over_the_display_is_not_read():
    assert _entries('TABLE = {}\nTABLE["b"] = f\nTABLE["b"] = g\n') is None
    assert _entries('TABLE = {"b": f}\nTABLE["b"] = g\n') is None


def test_any_other_use_of_the_table_is_not_read():
    for other in ('ALIAS = TABLE', 'TABLE.update(b=g)', 'del TABLE["b"]', 'TABLE["b"] += 1', 'register(TABLE)',
                  'def fill():\n    TABLE["c"] = g', 'if FLAG:\n    TABLE["c"] = g', 'TABLE[KEY] = g',
                  'TABLE = {}', 'import TABLE', 'def TABLE(): pass', 'TABLE["c"] = TABLE["b"]'):
        assert _entries(f'TABLE = {{}}\nTABLE["b"] = f\n{other}\n') is None, other


def test_a_display_alone_is_left_to_body_tables():
    assert _entries('TABLE = {"b": f}\ndef main():\n    return TABLE["b"]\n') is None
