"""unchanged_keys.changed_in_place: `key in mutated_names(tree)`, without the whole-module pass
when no spelling of the key stands where that pass reads one (issue 16)."""
from __future__ import annotations

import ast
import textwrap

import pytest

from codemods.analysis.mutation import mutated_names
from codemods.analysis.unchanged_keys import _never_a_key, changed_in_place

CASES = [
    # (source, key, cannot be a key by its spellings alone, is changed in place)
    ("""
     class T:
         def test(self):
             self.assertIs(a, b)
     """, ".assertIs", True, False),
    ("""
     class T:
         def test(self):
             check = self.assertIs
             check.append(1)
     """, ".assertIs", False, True),  # an alias of the attribute's object, changed through it
    ("""
     def test():
         obj2 = (object(), object())
         g(obj2[0], key=obj2[1])
         h(1)(obj2)
     """, "obj2", True, False),
    ("""
     def test():
         obj2 = (object(), object())
         list.pop(obj2[0])
     """, "obj2", False, True),  # `list.pop(x)` changes x: a mutator's argument is read
    ("""
     def merge(target):
         target.update(x=1)

     def test():
         cfg = (1,)
         merge(cfg[0])
     """, "cfg", False, True),  # handed to a def of the module that changes its parameter
    ("""
     CONFIG = (1, 2)

     def reset():
         globals()["CONFIG"] = 3
     """, "CONFIG", False, True),  # a module-level name `globals()` may change
    ("""
     def test():
         a = [1]
         b = a
         b.append(2)
     """, "a", False, True),  # one list under two names
    ("""
     def test():
         parts = f()
         parts.append(1)
     """, "parts", False, True),
    ("""
     def test():
         data = {"k": [1]}
         data["k"] = 2
     """, "data", False, True),
]


@pytest.mark.parametrize("source,key,never,changed", CASES)
def test_verdicts(source: str, key: str, never: bool, changed: bool) -> None:
    tree = ast.parse(textwrap.dedent(source))
    assert _never_a_key(tree, key) is never
    assert changed_in_place(tree, key) is changed
    assert (key in mutated_names(ast.parse(textwrap.dedent(source)))) is changed  # the whole pass agrees


def test_the_whole_pass_is_not_run_for_keys_it_cannot_hold() -> None:
    tree = ast.parse(textwrap.dedent(CASES[0][0]))
    assert changed_in_place(tree, ".assertIs") is False
    assert "_shardfix_mutated" not in tree.__dict__


def test_no_key_said_unchanged_is_changed_in_the_forms() -> None:
    """Every name and attribute of every program of tests/data/forms: a key the spellings say
    cannot be changed is never one the whole pass finds (a new kind of key in mutation.py must
    be taught to unchanged_keys.py, or this fails)."""
    from pathlib import Path

    from codemods.analysis.nodes import attributes_by_name, names_by_id

    forms = sorted((Path(__file__).parent / "data" / "forms").glob("*.py"))
    assert len(forms) > 1000
    said = 0
    for path in forms:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        keys = [*names_by_id(tree), *("." + attr for attr in attributes_by_name(tree))]
        never = [key for key in keys if _never_a_key(tree, key)]
        said += len(never)
        assert not set(never) & mutated_names(tree), path.name
    assert said > 10_000  # most keys of these programs are answered without the pass
