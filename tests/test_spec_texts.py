"""str(spec) in a script run (spec_texts.py): the texts jax 0.10.2 printed for these specs."""
from __future__ import annotations

import pytest

from codemods.analysis.script_values import SpecObj
from codemods.analysis.spec_texts import spec_text


@pytest.mark.parametrize("entries, reduced, unreduced, text", [
    ((), (), (), "P()"), (("x",), (), (), "P('x',)"), ((None,), (), (), "P(None,)"),
    (("x", "y", None), ("z",), (), "P('x', 'y', None, reduced={'z'})"), ((("x", "y"),), (), (), "P(('x', 'y'),)"),
    ((("x",),), (), (), "P('x',)"), (((), None), (), (), "P(None, None)"), ((), ("z",), (), "P(reduced={'z'})"),
    (("x",), ("y",), ("z",), "P('x', unreduced={'z'}, reduced={'y'})"),
    ((("x", "y"), None), (), ("z",), "P(('x', 'y'), None, unreduced={'z'})"),
])
def test_the_text_jax_prints(entries, reduced, unreduced, text) -> None:
    assert spec_text(SpecObj(entries, reduced, unreduced)) == text


@pytest.mark.parametrize("reduced, unreduced", [(("y", "z"), ()), ((), ("y", "z"))])
def test_a_set_of_several_axes_has_no_certain_text(reduced, unreduced) -> None:
    assert spec_text(SpecObj(("x",), reduced, unreduced)) is None  # (frozenset order: str hashing)
