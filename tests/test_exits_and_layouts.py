"""Precision of two static readings (adversarial24 L and Y): calls that may end the job with
status 0 (implicit_exits.py, parse_exits.py), and host arrays whose layout may change through a
spelling the module does not follow (layout_stores.py)."""
from __future__ import annotations

import ast
import textwrap
from dataclasses import replace

import pytest

from codemods.analysis.layout_stores import layouts_unsure, unsure_shapes
from codemods.analysis.maybe_leaving import may_leave_stmt
from codemods.analysis.names import ImportTable
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.values import CONSTANT, Const, TupleValue


def _scope(source: str) -> ModuleScope:
    tree = ast.parse(textwrap.dedent(source))
    return ModuleScope(tree, ImportTable.of(tree))


def _leaves(source: str) -> bool:
    """Whether the statement marked `# here` (inside `main`) may leave."""
    scope = _scope(source)
    main = next(node for node in scope.tree.body if type(node) is ast.FunctionDef and node.name == "main")
    lines = textwrap.dedent(source).splitlines()
    line = next(number for number, text in enumerate(lines, 1) if text.rstrip().endswith("# here"))
    stmt = next(stmt for stmt in main.body if stmt.lineno == line)
    return may_leave_stmt(scope, stmt, (main,))


@pytest.mark.parametrize("call", [
    'unittest.main(argv=["p", "-h"], exit=False)',
    'unittest.main(argv=["p", "--he"], exit=False)',
    'unittest.main(argv=["p", "-vh"], exit=False)',
    'unittest.TestProgram(argv=["p", "--help"], exit=False)',
    'unittest.main(argv=["p", "discover"], exit=False)',
    'unittest.main(module="other", argv=["p"], exit=False)',
    'unittest.main(argv=words, exit=False)',
])
def test_unittest_help_exits_before_exit_false_is_read(call: str) -> None:
    assert _leaves(f"import unittest\nwords = 'p -h'.split()\ndef main():\n    {call}  # here\n")


@pytest.mark.parametrize("call", ['unittest.main(argv=["p"], exit=False)',
                                  'unittest.main(argv=["p", "Case.test_a"], exit=False)'])
def test_unittest_quiet_argv_with_exit_false_goes_on(call: str) -> None:
    assert not _leaves(f"import unittest\ndef main():\n    {call}  # here\n")


@pytest.mark.parametrize("head,call", [
    ("import site", "site._script()"),
    ("import runpy", 'runpy.run_module("json.tool", run_name="__main__")'),
    ("import runpy", "runpy.run_path(path)"),
    ("import timeit", 'timeit.timeit("raise SystemExit", number=1)'),
    ("import timeit", 'timeit.timeit(setup="raise SystemExit(0)", number=1)'),
    ("import timeit", 'timeit.Timer("raise SystemExit(0)").timeit(1)'),
    ("import code", 'code.InteractiveInterpreter().runsource("raise SystemExit")'),
    ("import code", 'code.InteractiveConsole().push("raise SystemExit")'),
    ("import trace", 'trace.Trace(count=0, trace=0).run("raise SystemExit")'),
    ("import cProfile", 'cProfile.run("raise SystemExit")'),
    ("import types", 'types.FunctionType(compile("raise SystemExit", "s", "exec"), {})()'),
    ("import builtins", 'builtins.exec(text)'),
    ("from timeit import Timer", 'TIMER.timeit(1)'),
    ("import runpy", 'getattr(runpy, "run_path")(path)'),
    ("import runpy", 'vars(runpy)["run_" + "path"](path)'),
    ("import importlib", 'importlib.import_module("runpy").run_path(path)'),
    ("import importlib", 'importlib.import_module(text).run(path)'),
    ("import os", '__import__("timeit").timeit(text)'),
])
def test_runners_of_code_may_end_the_job(head: str, call: str) -> None:
    assert _leaves(f"{head}\ndef main(path, text):\n    {call}  # here\n")


def test_quiet_runner_calls_go_on() -> None:
    assert not _leaves("import timeit\ndef main():\n    t = timeit.default_timer()  # here\n")
    assert not _leaves("import types\ndef main():\n    ns = types.SimpleNamespace(a=1)  # here\n")
    assert not _leaves("import importlib\ndef main():\n    m = importlib.import_module('json')  # here\n")


@pytest.mark.parametrize("body", [
    'flag = "-h"\n    argparse.ArgumentParser().parse_args([flag])  # here',
    'flags = ["--help"]\n    argparse.ArgumentParser().parse_args(flags)  # here',
    'argparse.ArgumentParser().parse_args("--help".split())  # here',
    'argparse.ArgumentParser(fromfile_prefix_chars="@").parse_args(["@" + path])  # here',
    'argparse.ArgumentParser(fromfile_prefix_chars="@").parse_args(["@args.txt"])  # here',
    'sys.argv[1:] = ["--help"]\n    argparse.ArgumentParser().parse_args(sys.argv[1:])  # here',
    'sys.argv[1:] = ["--help"]\n    argparse.ArgumentParser().parse_args(list(sys.argv[1:]))  # here',
    'argv = sys.argv\n    argv[1:] = ["--help"]\n    argparse.ArgumentParser().parse_args()  # here',
    'argv = sys.argv\n    del argv[1:]\n    argv.append("-h")\n    argparse.ArgumentParser().parse_args()  # here',
    'getattr(sys, "argv")[1:] = ["--help"]\n    argparse.ArgumentParser().parse_args()  # here',
    'vars(sys)["argv"][1:] = ["-h"]\n    argparse.ArgumentParser().parse_known_args()  # here',
    'change(sys.argv)\n    argparse.ArgumentParser().parse_args()  # here',
])
def test_argument_lists_not_plain_may_exit(body: str) -> None:
    assert _leaves(f"import argparse\nimport sys\ndef change(a):\n    a.append('-h')\ndef main(path):\n    {body}\n")


@pytest.mark.parametrize("head", ["from sys import argv", "from sys import argv as words\nargv = words"])
def test_argv_imported_from_sys_and_changed_may_exit(head: str) -> None:
    source = f"import argparse\n{head}\ndef main():\n    argv[1:] = ['-h']\n    argparse.ArgumentParser().parse_args()  # here\n"
    assert _leaves(source)


@pytest.mark.parametrize("source", [
    # the job's own arguments, unchanged
    "import argparse, sys\ndef main():\n    argparse.ArgumentParser().parse_args(sys.argv[1:])  # here\n",
    "import argparse, sys\ndef main():\n    n = len(sys.argv)\n    argparse.ArgumentParser().parse_args()  # here\n",
    # a parameter every call hands a quiet constant list, or left to its default
    "import argparse\ndef main(argv=()):\n    argparse.ArgumentParser().parse_args(list(argv))  # here\nmain()\nmain([])\n",
    "import argparse\ndef main(mesh, x, argv=None):\n    argparse.ArgumentParser().parse_args(argv)  # here\n"
    "def inputs():\n    return 1, 2\nmain(*inputs())\n",
    "import argparse\ndef main(argv=None):\n    argparse.ArgumentParser().parse_args([] if argv is None else argv)  # here\n"
    "main(['x'])\n",
    "import argparse\nFLAGS = {'a': ['x'], 'b': []}\ndef main(mode):\n    argparse.ArgumentParser().parse_args(FLAGS[mode])  # here\n",
])
def test_plain_argument_lists_go_on(source: str) -> None:
    assert not _leaves(source)


def test_parameter_handed_a_help_list_or_handed_on_may_exit() -> None:
    base = "import argparse\ndef main(argv=()):\n    argparse.ArgumentParser().parse_args(list(argv))  # here\n"
    assert _leaves(base + "main(['-h'])\n")
    assert _leaves(base + "run = main\n")


@pytest.mark.parametrize("change", [
    "B = A\nB.shape = (2, 2)",
    "for B in [A]:\n    B.shape = (2, 2)",
    "d = {'a': A}\nd['a'].shape = (2, 2)",
    "[A][0].dtype = np.int32",
    "setattr(A, 'shape', (2, 2))",
    "setattr(A, name, (2, 2))",
    "object.__setattr__(A, 'shape', (2, 2))",
    "A.__setattr__('shape', (2, 2))",
    "np.ndarray.shape.__set__(A, (2, 2))",
    "A.resize((2, 2), refcheck=False)",
    "np.ndarray.resize(A, (2, 2), refcheck=False)",
    "(lambda a: setattr(a, 'shape', (2, 2)))(A)",
    "def square(a):\n    a.shape = (2, 2)\nsquare(A)",
    "list(map(setattr, [A], ['shape'], [(2, 2)]))",
    "exec(text)",
])
def test_layout_changes_not_followed_make_shapes_unsure(change: str) -> None:
    assert layouts_unsure(_scope(f"import numpy as np\nname = 'sh' + 'ape'\nA = np.arange(4)\n{change}\n"))


@pytest.mark.parametrize("change", [
    "class Box:\n    def __init__(self, shape):\n        self.shape = shape\n        setattr(self, 'dtype', None)",
    "def make_mesh():\n    pass\nmake_mesh.shape = (2, 4)",
    "B = jax.image.resize(A, (2, 2), 'nearest')",
    "B = np.resize(A, (2, 2))",
    "setattr(cfg, 'axis', 'i')",
    "A.shape",
])
def test_other_stores_keep_shapes(change: str) -> None:
    assert not layouts_unsure(_scope(f"import jax\nimport numpy as np\nA = np.arange(4)\n{change}\n"))


def test_unsure_shapes_keeps_the_state() -> None:
    array = replace(CONSTANT, shape=(4,))
    value = unsure_shapes(TupleValue((array, Const("i"))))
    assert value.items[0].shape is None and value.items[0].rest == array.rest and value.items[1] == Const("i")
