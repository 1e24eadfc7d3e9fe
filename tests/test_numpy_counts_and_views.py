"""adversarial24 G, T, V in a script run: NumPy counts ranges with a float division
(numpy_ranges.py, numpy_grids.py), a text handle never written leaves its file empty
(temp_texts.py), and parts of `np.split` / rows of an array are views of it (exact_host_arrays.py).
The AGREEING modules are also run by CPython (with NumPy) here: the run must give the same value
or stop; the STOPPING ones must stop (Bail)."""
from __future__ import annotations

import ast
import textwrap

import pytest

from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_grids import item
from codemods.analysis.numpy_ranges import arange_count, spans
from codemods.analysis.script_run import ScriptRun
from codemods.analysis.script_values import Lib


def run_value(source: str, name: str = "result"):
    run = ScriptRun(ast.parse(textwrap.dedent(source)))
    run.run_module()
    return run.module_env.vars[name]


def python_value(source: str, name: str = "result"):
    space: dict = {"__name__": "numpy_counts_case"}
    exec(compile(textwrap.dedent(source), "<case>", "exec"), space)  # noqa: S102 (the cases below)
    return space[name]


# NumPy 2.4.6's counts (len(np.arange(...)), np.mgrid[...] rows), beside range's.
FLOAT_COUNTS = [
    ((-2 ** 52 - 5, 2 ** 53 - 1, 2 ** 52 + 1), 3, 4),
    ((2 ** 53 - 1, -2 ** 52 - 5, -2 ** 52 - 1), 3, 4),
    ((0, 10, 3), 4, 4),
    ((10, 0, -3), 4, 4),
]


@pytest.mark.parametrize("bounds, numpy, python", FLOAT_COUNTS)
def test_ranges_are_counted_as_numpy_counts_them(bounds, numpy, python):
    assert len(range(*bounds)) == python
    assert arange_count(bounds) == numpy and spans(*bounds) == numpy
    assert item(Lib("numpy.mgrid"), (slice(*bounds), slice(0, 2))).shape == (2, numpy, 2)
    assert item(Lib("numpy.mgrid"), slice(*bounds)).shape == (numpy,)


def test_counts_numpy_versions_could_give_apart_stop_the_run():
    # (NumPy 2.4 counts 2; NumPy 1.x's `/ (step * 1.0)` rounds 2**53 + 7 up first and counts 3)
    bounds = (-2 ** 52 - 5, 2 ** 52 + 2, 2 ** 52 + 3)
    assert spans(*bounds) is None and arange_count(bounds) is None
    with pytest.raises(Bail):
        item(Lib("numpy.mgrid"), (slice(*bounds), slice(0, 2)))
    assert arange_count((0, 2 ** 53)) is None and arange_count((0, 4, 0)) is None and arange_count((5,)) == 5


AGREEING = {
    "mgrid_rows_past_two_to_the_53": """
        import numpy as np
        result = np.mgrid[-2**52 - 5:2**53 - 1:2**52 + 1, 0:2].shape
        """,
    "arange_length_past_two_to_the_53": """
        import numpy as np
        result = len(np.arange(-2**52 - 5, 2**53 - 1, 2**52 + 1))
        """,
    "utf16_handle_never_written_leaves_nothing": """
        import os, tempfile
        path = os.path.join(tempfile.mkdtemp(), "a.txt")
        with open(path, "w", encoding="utf-16") as fh:
            pass
        result = open(path, encoding="latin-1").read()
        """,
    "utf32_and_utf8_sig_handles_closed_unwritten": """
        import os, tempfile
        path = os.path.join(tempfile.mkdtemp(), "a.txt")
        texts = []
        for codec in ("utf-32", "utf-8-sig", "utf-16-le"):
            fh = open(path, "w", encoding=codec)
            fh.close()
            texts.append(open(path, encoding="latin-1").read())
        result = texts
        """,
    "an_empty_write_writes_the_bom": """
        import os, tempfile
        path = os.path.join(tempfile.mkdtemp(), "a.txt")
        texts = []
        for codec in ("utf-16", "utf-32", "utf-8-sig"):
            with open(path, "w", encoding=codec) as fh:
                fh.write("")
            texts.append(open(path, encoding="latin-1").read())
        result = texts
        """,
}


@pytest.mark.parametrize("name", sorted(AGREEING))
def test_the_run_agrees_with_python(name):
    assert run_value(AGREEING[name]) == python_value(AGREEING[name])


# A store into a part or a row changes the array: the run must not keep its old values.
VIEWS = {
    "split_part": "np.split(A, 2)[0][0] = 9",
    "array_split_part": "np.array_split(A, 3)[0][0] = 9",
    "split_unpacked": "p, q = np.split(A, 2)\np[0] = 9",
    "split_added_into": "p, q = np.split(A, 2)\np += 9",
    "split_by_indices": "np.split(A, [1])[0][0] = 9",
    "split_of_a_reshape_on_an_axis": "np.split(A.reshape(2, 2), 2, axis=1)[0][0, 0] = 9",
    "meshgrid_without_a_copy": "np.meshgrid(A, A, copy=False)[0][0, 0] = 9",
    "row_in_a_loop": "for r in A.reshape(2, 2):\n    r[0] = 9",
    "row_unpacked": "r, s = A.reshape(2, 2)\nr[0] = 9",
    "row_of_a_list": "list(A.reshape(2, 2))[0][0] = 9",
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_a_store_through_a_view_is_seen(name):
    source = "import numpy as np\nA = np.arange(4)\n" + VIEWS[name] + "\nresult = A[0] == 9\n"
    assert python_value(source)
    try:
        value = run_value(source)
    except Bail:
        return
    assert value is not False and getattr(value, "known", None) is not False  # (True, or not known)


# `np.linspace(start, stop, num)` of Python numbers: the run's values are NumPy's, float for float.
SPACED = [(0, 7, 7), (0, 13, 7), (1e-4, 0.02, 1000), (0, 5, 3), (5, 5, 4), (-3.5, 2.25, 17), (0, 1e-320, 5),
          (0.1, 0.7, 7), (-1000, 999, 61), (123456.789, -0.001, 33)]


@pytest.mark.parametrize("bounds", SPACED)
def test_linspace_values_are_numpy_values(bounds):
    source = f"import numpy as np\nresult = [float(v) for v in np.linspace{bounds!r}]\nrounded = " \
             f"[int(round(v)) for v in np.linspace{bounds!r}]\n"
    assert run_value(source) == python_value(source)
    assert run_value(source, "rounded") == python_value(source, "rounded")
