"""Axis names computed by code (issue 13): constant text parsed by pure parsers, and which
computed expressions are certainly a str (const_text.py, symbol_kinds.py)."""
from __future__ import annotations

import ast

import pytest

from codemods.analysis.const_text import parsed, to_value
from codemods.analysis.symbol_kinds import text_kind
from codemods.analysis.values import UNKNOWN, Const, DictValue, Static, TupleValue


def _arg(text):
    return [(Const(text), None)]


def test_literal_eval_of_a_constant_tuple_is_that_tuple():
    assert parsed("ast.literal_eval", _arg("('data', 'model')"), {}, False) == TupleValue((Const("data"), Const("model")), "tuple")  # a tuple it is


def test_json_object_is_a_dict_of_its_keys():
    found = parsed("json.loads", _arg('{"axis": "data", "n": 2}'), {}, False)
    assert found == DictValue(("axis", "n"), (Const("data"), Const(2)))


def test_toml_table_is_read():
    found = parsed("tomllib.loads", _arg('[mesh]\naxes = ["i", "j"]\n'), {}, False)
    assert found == DictValue(("mesh",), (DictValue(("axes",), (TupleValue((Const("i"), Const("j")), "list"),)),))  # a TOML array is a list


@pytest.mark.parametrize("name, text", [("ast.literal_eval", "('data',"), ("json.loads", "{axis: 1}"),
                                        ("tomllib.loads", "axes = [")])
def test_text_the_parser_rejects_gives_no_value(name, text):
    assert parsed(name, _arg(text), {}, False) is None  # the program raises there


def test_unknown_text_or_other_arguments_give_no_value():
    assert parsed("json.loads", [(Static(), None)], {}, False) is None
    assert parsed("json.loads", _arg("{}"), {"cls": (Const(None), None)}, False) is None


def test_a_dict_with_non_str_keys_is_unknown():
    assert to_value({1: "a"}) is UNKNOWN


def _kind(source: str, names=None) -> str | None:
    names = names or {}

    def resolve(node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else None

    def leaf(node, depth):
        return names.get(node.id) if isinstance(node, ast.Name) else None

    return text_kind(ast.parse(source, mode="eval").body, resolve, leaf)


@pytest.mark.parametrize("source", ['os.environ.get("A", "data")', 'os.environ["A"]', 'os.getenv("A") or "data"',
                                    'os.environ.get("A", "D").strip().lower()', '"_".join(parts)', 'f"{x}_data"',
                                    '"a" if flag else "b"'])
def test_computed_strs(source):
    assert _kind(source) == "str"


@pytest.mark.parametrize("source", ['os.environ.get("A")', 'os.getenv("A") or None', 'cfg.axis.lower()',
                                    'os.environ.get("A", 0)', 'sep.join(parts)', '"a" if flag else 1', 'ENV or 0'])
def test_not_certainly_strs(source):
    assert _kind(source, {"ENV": "optstr"}) != "str"


def test_a_name_bound_to_a_str_is_a_str():
    assert _kind("(ENV or 'data').upper()", {"ENV": "optstr"}) == "str"
