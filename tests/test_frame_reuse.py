"""A name read from the text in a frame of a run must answer for that frame only: the answer
the interpreter keeps for it may not pass to a later frame that happens to get the same id once
the first one is gone (the findings then changed with the heap's history: with a thread
allocating beside the analysis, heldout82's run_plddt_score lost its finding about one run in
twelve)."""
from __future__ import annotations

import ast
import gc

from codemods.analysis.interpreter import Frame, Interpreter
from codemods.analysis.names import ImportTable
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.values import Const

SOURCE = """
def build(axis):
    name = axis
    return name
"""


class _Judge:
    target = (0, 10, 2)

    def collective(self, site):
        return None

    def replicated(self, site):
        return None


def _interpreter():
    tree = ast.parse(SOURCE)
    scope = ModuleScope(tree, ImportTable.of(tree), SOURCE)
    return Interpreter(scope, _Judge()), tree.body[0]


def _read(interp, function, value):
    frame = Frame(None, interp._static_frame(()), static_scopes=(function,))
    frame.vars["axis"] = Const(value)
    return interp._static_lookup("name", frame), id(frame)


def test_a_later_frame_with_the_same_id_reads_its_own_parameters():
    interp, function = _interpreter()
    for trial in range(20):  # CPython reuses a freed block most times: try until it did often
        first, first_id = _read(interp, function, f"data{trial}")
        assert first == Const(f"data{trial}")
        gc.collect()
        made = []  # held, so that each new frame takes another free block
        for _ in range(2000):
            frame = Frame(None, interp._static_frame(()), static_scopes=(function,))
            if id(frame) == first_id:  # the first frame is gone and its id is handed on
                frame.vars["axis"] = Const("model")
                assert interp._static_lookup("name", frame) == Const("model")
                break
            made.append(frame)
    # Without a reuse the answers kept for the first frames hold them alive, as they must.
