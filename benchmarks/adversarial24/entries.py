# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old, new, imports="", before=()):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    axes_prog(name, doc, pre, [*before, f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old, new, imports="", before=()):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j")."""
    axes_prog(name, doc, pre, [*before, 'try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:',
                               '    axes = ("i",)'], old, new, imports=imports)


def leaves(name, doc, pre, lines, old, new, imports=""):
    """main leaves before the wide reduce (SystemExit(0)); the twin edits the leaving step."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n" + \
        "".join(f"    {line}\n" for line in lines) + '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


NARROW, WIDE = 'axes = ("i",) if', 'axes = ("i", "j") if'
TNARROW, TWIDE = 'axes = ("i",)', 'axes = ("i", "j")'
TMP = "import os\nimport tempfile\n"

# == G. numpy_grids.py (`_dimension`, `item`): NumPy counts a slice as math.ceil((stop - start) / step),
# a true division rounded to a float; the run counts in exact ints. Past 2**53 of (stop - start) (each
# bound below 2**53) the float rounds n/s = q + r/s down to q: NumPy makes q rows, the run q + 1.
GRID = (  # (start, stop, step, NumPy's count)
    ("q3", "-2**52 - 5", "2**53 - 1", "2**52 + 1", 3),
    ("q2", "-4", "2**53 - 1", "2**52 + 1", 2),
    ("q4", "-6", "2**53 - 1", "2**51 + 1", 4),
    ("q5", "-(5 * 2**51 + 6) + 2**53 - 1", "2**53 - 1", "2**51 + 1", 5),
    ("q7", "-(7 * 2**51 + 8) + 2**53 - 1", "2**53 - 1", "2**51 + 1", 7),
    ("q9", "-(9 * 2**50 + 10) + 2**53 - 1", "2**53 - 1", "2**50 + 1", 9),
    ("q12", "-(12 * 2**50 + 13) + 2**53 - 1", "2**53 - 1", "2**50 + 1", 12),
    ("neg_step_q3", "2**53 - 1", "-2**52 - 5", "-(2**52 + 1)", 3),
    ("neg_step_q2", "2**53 - 1", "-4", "-(2**52 + 1)", 2),
)
for label, start, stop, step, count in GRID:
    sl = f"{start}:{stop}:{step}"
    pick(f"grid_rows_{label}", f"NumPy counts np.mgrid[{sl}, 0:2] with a float division: {count} rows.", "",
         f"np.mgrid[{sl}, 0:2].shape[1] == {count}", NARROW, WIDE)
    pick(f"grid_single_{label}", f"np.mgrid[{sl}] is np.arange of those bounds, whose length is a float's ceil: {count}.",
         "", f"len(np.mgrid[{sl}]) == {count}", NARROW, WIDE)
    pick(f"grid_last_{label}", f"np.mgrid[0:2, {sl}]'s last axis counts {count} (float division).", "",
         f"np.mgrid[0:2, {sl}].shape == (2, 2, {count})", NARROW, WIDE)
    pick(f"grid_size_{label}", f"np.mgrid[{sl}, 0:3] has {2 * count * 3} elements (float division).", "",
         f"np.mgrid[{sl}, 0:3].size == {2 * count * 3}", NARROW, WIDE)

# == N. numpy_grids.py (`is_grid`): np.mgrid's `sparse` flag is an attribute of the object; set, it makes
# an open grid (a tuple of arrays), as np.ogrid does. The run reads np.mgrid[...] as a dense array.
for label, setting, test in (
        ("sparse_tuple", "np.mgrid.sparse = True", "type(G) is tuple"),
        ("sparse_first_shape", "np.mgrid.sparse = True", "G[0].shape == (3, 1)"),
        ("sparse_len_row", "np.mgrid.sparse = True", "len(G[1]) == 1"),
        ("setattr_sparse", 'setattr(np.mgrid, "sparse", True)', "G[1].shape == (1, 4)"),
        ("sparse_single_slice_len", "np.mgrid.sparse = 1", "G[0].ndim == 2"),
):
    axes_prog(f"grid_{label}", f"`{setting}` makes np.mgrid an open grid: {test}.", "",
              [setting, "G = np.mgrid[0:3, 0:4]", "np.mgrid.sparse = False", f"axes = (\"i\",) if {test} else (\"i\", \"j\")"],
              NARROW, WIDE)

# == X. written_arrays.py (`library`): NumPy calls that write into their FIRST argument (or a method of a
# ufunc / a Generator that does) are read as writing only into those after it.
for label, stmt, test, imports in (
        ("copyto", "np.copyto(A, 7)", "A[0] == 7", ""),
        ("copyto_slice", "np.copyto(A[:2], 5)", "A[1] == 5", ""),
        ("copyto_where", "np.copyto(A, 9, where=A > 1)", "A[3] == 9", ""),
        ("put", "np.put(A, [0], [9])", "A[0] == 9", ""),
        ("put_scalar", "np.put(A, 1, 8)", "A[1] == 8", ""),
        ("place", "np.place(A, A > 1, [0])", "A[3] == 0", ""),
        ("putmask", "np.putmask(A, A > 1, 0)", "A[2] == 0", ""),
        ("fill_diagonal", "M = np.zeros((2, 2))\n    np.fill_diagonal(M, 5)", "M[0, 0] == 5", ""),
        ("put_along_axis", "np.put_along_axis(A, np.array([0]), 9, 0)", "A[0] == 9", ""),
        ("add_at", "np.add.at(A, [0], 10)", "A[0] == 10", ""),
        ("negative_at", "np.negative.at(A, [1])", "A[1] == -1", ""),
        ("multiply_at", "np.multiply.at(A, [3], 0)", "A[3] == 0", ""),
        ("random_shuffle", "np.random.seed(0)\n    np.random.shuffle(A)", "list(A) != [0, 1, 2, 3]", ""),
        ("generator_shuffle", "np.random.default_rng(0).shuffle(A)", "list(A) != [0, 1, 2, 3]", ""),
        ("generator_random_out", "F = np.zeros(3)\n    np.random.default_rng(0).random(out=F)", "F[0] != 0", ""),
        ("generator_normal_out", "F = np.zeros(3)\n    np.random.default_rng(0).standard_normal(out=F)", "F[0] != 0", ""),
        ("generator_permuted_out", "np.random.default_rng(0).permuted(A, out=A)", "list(A) != [0, 1, 2, 3]", ""),
        ("copyto_2d_row", "M = np.zeros((2, 2))\n    np.copyto(M[0], 3)", "M[0, 1] == 3", ""),
        ("put_2d", "M = np.zeros((2, 2))\n    np.put(M, [3], [4])", "M[1, 1] == 4", ""),
):
    body = stmt.split("\n    ")
    axes_prog(f"write_{label}", f"`{stmt}` writes into its first argument: {test}.", "",
              ["A = np.arange(4)", *body, f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE, imports=imports)

# == V. exact_host_arrays (sharing): NumPy functions that hand back the array itself or a view of it,
# then written through.
for label, stmt, test in (
        ("ravel_fn", "np.ravel(A)[0] = 9", "A[0] == 9"),
        ("reshape_fn", "np.reshape(A, (2, 2))[0, 0] = 9", "A[0] == 9"),
        ("atleast_1d", "np.atleast_1d(A)[0] = 9", "A[0] == 9"),
        ("asanyarray", "np.asanyarray(A)[0] = 9", "A[0] == 9"),
        ("ascontiguousarray", "np.ascontiguousarray(A)[0] = 9", "A[0] == 9"),
        ("squeeze_fn", "np.squeeze(A)[0] = 9", "A[0] == 9"),
        ("transpose_fn", "np.transpose(A)[0] = 9", "A[0] == 9"),
        ("expand_dims", "np.expand_dims(A, 0)[0, 0] = 9", "A[0] == 9"),
        ("array_no_copy", "np.array(A, copy=False)[0] = 9", "A[0] == 9"),
        ("frombuffer", "np.frombuffer(A, A.dtype)[0] = 9", "A[0] == 9"),
        ("ndarray_buffer", "np.ndarray((4,), A.dtype, A)[0] = 9", "A[0] == 9"),
        ("split_part", "np.split(A, 2)[0][0] = 9", "A[0] == 9"),
        ("base_of_slice", "A[1:].base[0] = 9", "A[0] == 9"),
        ("flip_fn", "np.flip(A)[3] = 9", "A[0] == 9"),
        ("moveaxis", "np.moveaxis(A, 0, 0)[0] = 9", "A[0] == 9"),
        ("real_fn", "np.real(A)[0] = 9", "A[0] == 9"),
        ("require", "np.require(A)[0] = 9", "A[0] == 9"),
        ("as_strided", "np.lib.stride_tricks.as_strided(A)[0] = 9", "A[0] == 9"),
        ("dunder_iadd", "A.__iadd__(10)", "A[0] == 10"),
        ("dunder_imul", "A.__imul__(0)", "A[3] == 0"),
        ("dunder_setitem", "A.__setitem__(0, 9)", "A[0] == 9"),
        ("resize_method", "A.resize(8, refcheck=False)", "len(A) == 8"),
        ("ndarray_resize", "np.ndarray.resize(A, 8, refcheck=False)", "len(A) == 8"),
):
    axes_prog(f"share_{label}", f"`{stmt}` writes into A: {test}.", "",
              ["A = np.arange(4)", stmt, f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE)

# == Y. layout_stores.py (`layout_changed`): only `NAME.shape = ...` stores are seen; an alias, setattr or the
# descriptor changes the same array.
for label, stmts, test in (
        ("alias_shape", ["B = A", "B.shape = (2, 2)"], "len(A) == 2"),
        ("alias_ndim", ["B = A", "B.shape = (4, 1)"], "A.ndim == 2"),
        ("setattr_shape", ['setattr(A, "shape", (2, 2))'], "len(A) == 2"),
        ("setattr_ndim", ['setattr(A, "shape", (1, 4))'], "A.ndim == 2"),
        ("dunder_setattr", ['A.__setattr__("shape", (2, 2))'], "len(A) == 2"),
        ("descriptor_set", ["np.ndarray.shape.__set__(A, (2, 2))"], "len(A) == 2"),
        ("helper_reshape", ["make_square(A)"], "len(A) == 2"),
        ("list_item_shape", ["[A][0].shape = (2, 2)"], "len(A) == 2"),
        ("alias_dtype", ["B = A", "B.dtype = np.int32"], "len(A) == 8"),
        ("setattr_dtype", ['setattr(A, "dtype", np.int32)'], "len(A) == 8"),
        ("resize_len", ["A.resize((2, 2), refcheck=False)"], "len(A) == 2"),
):
    axes_prog(f"layout_{label}", f"`{'; '.join(stmts)}` changes the array bound once to A: {test}.",
              "def make_square(a):\n    a.shape = (2, 2)\n",
              ["A = np.arange(4)", *stmts, f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE)
# (module level: the once-bound global)
for label, stmts, test in (
        ("global_alias_shape", ["B = A", "B.shape = (2, 2)"], "len(A) == 2"),
        ("global_setattr", ['setattr(A, "shape", (2, 2))'], "len(A) == 2"),
        ("global_helper", ["make_square(A)"], "A.ndim == 2"),
):
    axes_prog(f"layout_{label}", f"`{'; '.join(stmts)}` at module level changes A: {test}.",
              "def make_square(a):\n    a.shape = (2, 2)\n\n\nA = np.arange(4)\n" + "\n".join(stmts) + "\n",
              [f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE)

# == T. text_encodings.py / temp_files.py
for label, lines_, test in (
        ("utf16_nothing_written", ['with open(P, "w", encoding="utf-16") as f:', '        pass'], "os.path.getsize(P) == 0"),
        ("utf16_nothing_read", ['with open(P, "w", encoding="utf-16") as f:', '        pass'], 'open(P, "rb").read() == b""'),
        ("utf32_nothing", ['with open(P, "w", encoding="utf-32") as f:', '        pass'], 'open(P, "rb").read() == b""'),
        ("utf8sig_nothing", ['with open(P, "w", encoding="utf-8-sig") as f:', '        pass'], 'open(P, "rb").read() == b""'),
        ("utf16_close_only", ['open(P, "w", encoding="utf-16").close()'], 'len(open(P, "rb").read()) == 0'),
        ("utf16_empty_write", ['with open(P, "w", encoding="utf-16") as f:', '        f.write("")'], 'len(open(P, "rb").read()) == 2'),
        ("utf16_append_empty", ['open(P, "w").close()', 'with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'],
         'len(open(P, "rb").read()) == 4'),
        ("utf16_append_new", ['with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'], 'len(open(P, "rb").read()) == 4'),
        ("utf8sig_append_new", ['with open(P, "a", encoding="utf-8-sig") as f:', '        f.write("b")'], 'len(open(P, "rb").read()) == 4'),
        ("utf16_append_then_read", ['open(P, "w", encoding="utf-16").close()', 'with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'],
         'open(P, encoding="utf-16").read() == "b"'),
        ("utf16_pathwrite_empty", ['pathlib.Path(P).write_text("", encoding="utf-16")'], "os.path.getsize(P) == 2"),
        ("utf16_x_nothing", ['with open(P, "x", encoding="utf-16") as f:', '        pass'], "os.path.getsize(P) == 0"),
):
    axes_prog(f"text_{label}", f"what a text file holds: {test}.", "",
              ['P = os.path.join(tempfile.mkdtemp(), "t.txt")', *lines_, f'axes = ("i",) if {test} else ("i", "j")'],
              NARROW, WIDE, imports=TMP + "import pathlib\n")
for label, stmt in (
        ("read_text_newline", 'pathlib.Path(P).read_text(newline="")'),
        ("read_text_newline_none", 'pathlib.Path(P).read_text(encoding="utf-8", newline=None)'),
        ("read_text_newline_lf", 'pathlib.Path(P).read_text(newline="\\n")'),
):
    trying(f"text_{label}", f"Python 3.11's Path.read_text takes no newline=: {stmt} raises TypeError.", "",
           stmt, "TypeError", TNARROW, TWIDE, imports=TMP + "import pathlib\n",
           before=['P = os.path.join(tempfile.mkdtemp(), "t.txt")', 'pathlib.Path(P).write_text("a\\n")'])
for label, make in (
        ("object_empty", "np.empty(2, dtype=object)"),
        ("object_array", "np.array([None, 1], dtype=object)"),
        ("object_zeros", "np.zeros(3, dtype=object)"),
):
    trying(f"save_{label}", f"np.load refuses a pickled object array: np.save of {make}, then np.load raises ValueError.", "",
           "np.load(P)", "ValueError", TNARROW, TWIDE, imports=TMP,
           before=['P = os.path.join(tempfile.mkdtemp(), "o.npy")', f"np.save(P, {make})"])

# == J. unknown_json.py (`_skeleton`): NumPy integers and bools are not JSON serializable; a huge int exceeds
# the digit limit
for label, value in (
        ("np_int", "np.random.default_rng(0).integers(10)"),
        ("np_int_list", "[np.random.default_rng(0).integers(10)]"),
        ("np_float32", "np.float32(np.random.default_rng(0).random())"),
        ("np_bool", "np.random.default_rng(0).random(1)[0] > 2"),
        ("np_sum", "np.random.default_rng(0).integers(0, 5, 3).sum()"),
        ("big_int", "(int(np.random.default_rng(0).integers(1, 9)) + 10) ** 5000"),
):
    trying(f"json_{label}", f"json.dumps of {value} raises.", "", f'json.dumps({{"n": {value}}})',
           "(TypeError, ValueError)", TNARROW, TWIDE, imports="import json\n")

# == E. evaluated_texts.py: inside the text, globals() / dir() / vars() are the namespace given
for label, test in (
        ("globals_len", 'eval("len(globals())", {"k": 1}) == 2'),
        ("global_name_absent", "eval(\"'N' in globals()\", {}) is False"),
        ("dir_empty", 'eval("dir()", {}) == ["__builtins__"]'),
        ("locals_mapping", 'eval("locals()", {}, {"a": 1}) == {"a": 1}'),
        ("vars_len", 'eval("len(vars())", {"k": 1, "m": 2}) == 3'),
        ("globals_keys", 'eval("sorted(globals())", {"z": 0}) == ["__builtins__", "z"]'),
):
    pick(f"eval_ns_{label}", f"inside eval's text globals()/dir()/vars() read the namespace given: {test}.",
         "N = 1\n", test, NARROW, WIDE)

# == L. implicit_exits.py: calls that exit with status 0 and are read as not leaving
for label, imports, lines in (
        ("unittest_help_noexit", "import unittest\n", ['unittest.main(argv=["prog", "--help"], exit=False)']),
        ("unittest_h_noexit", "import unittest\n", ['unittest.main(argv=["prog", "-h"], exit=False)']),
        ("testprogram_h_noexit", "import unittest\n", ['unittest.TestProgram(argv=["prog", "-h"], exit=False)']),
        ("site_script", "import sys\nimport site\n", ['sys.argv[1:] = []', 'site._script()']),
        ("runpy_json_tool", "import sys\nimport runpy\n", ['sys.argv[1:] = ["--help"]', 'runpy.run_module("json.tool", run_name="__main__")']),
        ("runpy_calendar", "import sys\nimport runpy\n", ['sys.argv[1:] = ["--help"]', 'runpy.run_module("calendar", run_name="__main__")']),
        ("timeit_raise", "import timeit\n", ['timeit.timeit("raise SystemExit", number=1)']),
        ("timeit_setup", "import timeit\n", ['timeit.timeit(setup="raise SystemExit(0)", number=1)']),
        ("timer_raise", "import timeit\n", ['timeit.Timer("raise SystemExit(0)").timeit(1)']),
        ("code_runsource", "import code\n", ['code.InteractiveInterpreter().runsource("raise SystemExit")']),
        ("trace_run", "import trace\n", ['trace.Trace(count=0, trace=0).run("raise SystemExit")']),
        ("functiontype", "import types\n", ['types.FunctionType(compile("raise SystemExit", "s", "exec"), {})()']),
        ("argparse_split", "import argparse\n", ['argparse.ArgumentParser().parse_args("--help".split())']),
        ("argparse_local", "import argparse\n", ['flag = "-h"', 'argparse.ArgumentParser().parse_args([flag])']),
        ("argparse_fromfile", "import argparse\nimport os\nimport tempfile\n",
         ['path = os.path.join(tempfile.mkdtemp(), "args.txt")', 'with open(path, "w") as fh:', '        fh.write("--help\\n")',
          'argparse.ArgumentParser(fromfile_prefix_chars="@").parse_args(["@" + path])']),
        ("alarm_handler", "import signal\nimport time\n",
         ['signal.signal(signal.SIGALRM, on_alarm)', 'signal.setitimer(signal.ITIMER_REAL, 0.05)', 'time.sleep(2)']),
):
    pre = "def on_alarm(signum, frame):\n    signal.signal(signal.SIGALRM, signal.SIG_DFL)\n    raise SystemExit(0)\n" \
        if "alarm" in label else ""
    step = lines[1] if "alarm" in label else lines[-1]  # (the alarm's twin sets no timer: none left to fire later)
    leaves(f"leave_{label}", f"the {label} step ends the job with status 0 before the wide reduce.", pre,
           lines, step, 'print("no exit")', imports=imports)

# == T2. text_encodings.py / temp_files.py, read back through latin-1 (each byte one letter)
for label, lines_, test in (
        ("utf16_nothing_latin1", ['with open(P, "w", encoding="utf-16") as f:', '        pass'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf8sig_nothing_latin1", ['with open(P, "w", encoding="utf-8-sig") as f:', '        pass'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf32_nothing_latin1", ['with open(P, "w", encoding="utf-32") as f:', '        pass'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf16_close_latin1", ['open(P, "w", encoding="utf-16").close()'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf16_append_empty_latin1", ['open(P, "w").close()', 'with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'],
         'open(P, encoding="latin-1").read() == "\\xff\\xfeb\\x00"'),
        ("utf16_append_new_latin1", ['with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'],
         'open(P, encoding="latin-1").read() == "\\xff\\xfeb\\x00"'),
        ("utf8sig_append_new_latin1", ['with open(P, "a", encoding="utf-8-sig") as f:', '        f.write("b")'],
         'open(P, encoding="latin-1").read() == "\\xef\\xbb\\xbfb"'),
        ("utf16_append_nothing_latin1", ['with open(P, "w", encoding="utf-16") as f:', '        f.write("a")',
                                         'open(P, "a", encoding="utf-16").close()'], 'open(P, encoding="latin-1").read() == "\\xff\\xfea\\x00"'),
        ("utf16_cr_lines", ['with open(P, "w", encoding="utf-16") as f:', '        f.write("a\\rb")'], 'len(list(open(P, encoding="utf-16"))) == 2'),
        ("utf16_empty_then_append", ['with open(P, "w", encoding="utf-16") as f:', '        pass', 'with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'],
         'open(P, encoding="latin-1").read() == "\\xff\\xfeb\\x00"'),
        ("utf16_empty_then_append_read", ['with open(P, "w", encoding="utf-16") as f:', '        pass', 'with open(P, "a", encoding="utf-16") as f:', '        f.write("b")'],
         'open(P, encoding="utf-16").read() == "b"'),
        ("utf8_nothing_then_sig_append", ['with open(P, "w", encoding="utf-8") as f:', '        pass', 'with open(P, "a", encoding="utf-8-sig") as f:', '        f.write("b")'],
         'open(P, encoding="utf-8").read() == "\\ufeffb"'),
):
    axes_prog(f"text_{label}", f"what a text file holds: {test}.", "",
              ['P = os.path.join(tempfile.mkdtemp(), "t.txt")', *lines_, f'axes = ("i",) if {test} else ("i", "j")'],
              NARROW, WIDE, imports=TMP)

# == more of T (a file opened for writing that is never written holds no BOM)
for label, lines_, test in (
        ("utf16_spelled_nothing", ['with open(P, "w", encoding="UTF_16") as f:', '        pass'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf16_nothing_len", ['with open(P, "w", encoding="utf-16") as f:', '        pass'], 'len(open(P, encoding="latin-1").read()) == 0'),
        ("utf8sig_nothing_utf8", ['with open(P, "w", encoding="utf-8-sig") as f:', '        pass'], 'open(P, encoding="utf-8").read() == ""'),
        ("utf16_nothing_le", ['with open(P, "w", encoding="utf-16") as f:', '        pass'], 'open(P, encoding="utf-16-le").read() == ""'),
        ("utf32_close_latin1", ['open(P, "w", encoding="utf-32").close()'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf8sig_close_utf8", ['open(P, "w", encoding="utf-8-sig").close()'], 'not open(P, encoding="utf-8").read()'),
        ("utf16_nothing_crlf", ['with open(P, "w", encoding="utf-16", newline="\\r\\n") as f:', '        pass'], 'open(P, encoding="latin-1").read() == ""'),
        ("utf16_nothing_lines", ['with open(P, "w", encoding="utf-16") as f:', '        pass'], 'list(open(P, encoding="latin-1")) == []'),
        ("utf16_nothing_then_utf8", ['with open(P, "w", encoding="utf-16") as f:', '        pass', 'with open(P, "a", encoding="utf-8") as f:', '        f.write("b")'],
         'open(P, encoding="latin-1").read() == "b"'),
        ("utf8sig_nothing_then_ascii", ['with open(P, "w", encoding="utf-8-sig") as f:', '        pass', 'with open(P, "a", encoding="ascii") as f:', '        f.write("b")'],
         'open(P, encoding="ascii").read() == "b"'),
        ("utf32be_sig_nothing", ['with open(P, "w", encoding="utf-32") as f:', '        pass'], 'open(P, encoding="utf-8").read() == ""'),
        ("path_open_nothing", ['with pathlib.Path(P).open("w", encoding="utf-16") as f:', '        pass'], 'open(P, encoding="latin-1").read() == ""'),
):
    axes_prog(f"text_{label}", f"a text file opened for writing and never written is empty: {test}.", "",
              ['P = os.path.join(tempfile.mkdtemp(), "t.txt")', *lines_, f'axes = ("i",) if {test} else ("i", "j")'],
              NARROW, WIDE, imports=TMP + "import pathlib\n")

# == more of E (globals() inside eval's text is the namespace given)
for label, test in (
        ("globals_one", 'eval("len(globals())", {}) == 1'),
        ("given_name_in", "eval(\"'k' in globals()\", {\"k\": 0})"),
        ("get_module_name", "eval(\"globals().get('N')\", {}) is None"),
        ("list_order", 'eval("list(globals())", {"k": 1}) == ["k", "__builtins__"]'),
        ("get_given", 'eval("globals().get(\'g\')", {"g": 7}) == 7'),
        ("two_names", 'eval("len(globals())", {"a": 1, "b": 2}) == 3'),
        ("builtins_key", "eval(\"'__builtins__' in globals()\", {})"),
        ("main_absent", "eval(\"'main' in globals()\", {}) is False"),
):
    pick(f"eval_ns_{label}", f"inside eval's text globals() is the namespace given: {test}.",
         "N = 1\nG = {\"g\": 0}\n", test, NARROW, WIDE)
for label, test in (
        ("def_globals_len", 'eval("len(globals())", {"k": 1}) == 2'),
        ("def_name_absent", "eval(\"'N' in globals()\", {}) is False"),
):
    axes_prog(f"eval_ns_{label}", f"in a def, eval's text reads the namespace given: {test}.", "N = 1\n",
              ["n = 1", f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE)

# == more of L
for label, imports, lines in (
        ("unittest_he_noexit", "import unittest\n", ['unittest.main(argv=["prog", "--he"], exit=False)']),
        ("testprogram_help_noexit", "import unittest\n", ['unittest.TestProgram(argv=["prog", "--help"], exit=False)']),
        ("unittest_vh_noexit", "import unittest\n", ['unittest.main(argv=["prog", "-vh"], exit=False)']),
        ("runpy_zipfile", "import sys\nimport runpy\n", ['sys.argv[1:] = ["--help"]', 'runpy.run_module("zipfile", run_name="__main__")']),
        ("runpy_tarfile", "import sys\nimport runpy\n", ['sys.argv[1:] = ["--help"]', 'runpy.run_module("tarfile", run_name="__main__")']),
        ("runpy_path", "import os\nimport runpy\nimport tempfile\n",
         ['path = os.path.join(tempfile.mkdtemp(), "leave.py")', 'with open(path, "w") as fh:', '        fh.write("raise SystemExit(0)\\n")',
          'runpy.run_path(path)']),
        ("timeit_repeat", "import timeit\n", ['timeit.repeat("raise SystemExit", repeat=1, number=1)']),
        ("timer_setup_repeat", "import timeit\n", ['timeit.Timer(setup="raise SystemExit").repeat(1, 1)']),
        ("code_runcode", "import code\n", ['code.InteractiveInterpreter().runcode(compile("raise SystemExit", "s", "exec"))']),
        ("console_push", "import code\n", ['code.InteractiveConsole().push("raise SystemExit")']),
        ("trace_runctx", "import trace\n", ['trace.Trace(count=0, trace=0).runctx("raise SystemExit", {}, {})']),
        ("argparse_local_list", "import argparse\n", ['flags = ["--help"]', 'argparse.ArgumentParser().parse_args(flags)']),
):
    leaves(f"leave_{label}", f"the {label} step ends the job with status 0 before the wide reduce.", "",
           lines, lines[-1], 'print("no exit")', imports=imports)

# == more of Y (layout)
for label, stmts, test in (
        ("object_setattr", ['object.__setattr__(A, "shape", (2, 2))'], "len(A) == 2"),
        ("dict_item_shape", ['d = {"a": A}', 'd["a"].shape = (2, 2)'], "len(A) == 2"),
        ("loop_alias_shape", ["for B in [A]:", "    B.shape = (2, 2)"], "len(A) == 2"),
        ("lambda_setattr", ['(lambda a: setattr(a, "shape", (2, 2)))(A)'], "len(A) == 2"),
        ("resize_two_args", ["A.resize(2, 2, refcheck=False)"], "len(A) == 2"),
        ("ndarray_resize_tuple", ["np.ndarray.resize(A, (2, 2), refcheck=False)"], "len(A) == 2"),
        ("alias_shape_tuple_len", ["B = A", "B.shape = (1, 4)"], "len(A) == 1"),
):
    axes_prog(f"layout_{label}", f"`{'; '.join(stmts)}` changes the array bound once to A: {test}.", "",
              ["A = np.arange(4)", *stmts, f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE)

# == more of V (views np.split hands back)
for label, stmts, test in (
        ("array_split_part", ["np.array_split(A, 2)[0][0] = 9"], "A[0] == 9"),
        ("hsplit_part", ["np.hsplit(A, 2)[1][0] = 9"], "A[2] == 9"),
        ("split_indices", ["np.split(A, [1])[1][0] = 9"], "A[1] == 9"),
        ("split_unpacked", ["H, T = np.split(A, 2)", "H[0] = 9"], "A[0] == 9"),
        ("split_iadd", ["H, T = np.split(A, 2)", "T += 10"], "A[3] == 13"),
):
    axes_prog(f"share_{label}", f"np.split's parts are views of A: `{'; '.join(stmts)}` writes A: {test}.", "",
              ["A = np.arange(4)", *stmts, f'axes = ("i",) if {test} else ("i", "j")'], NARROW, WIDE)

# == L2. implicit_exits.py (`_argv_changed`, `_may_stop_parse`): sys.argv changed through another name, or handed
# to the parse as an expression, is read as the job's own arguments (the parse may not exit)
for label, imports, lines in (
        ("argv_alias_slice", "import argparse\nimport sys\n", ["argv = sys.argv", 'argv[1:] = ["--help"]', "argparse.ArgumentParser().parse_args()"]),
        ("argv_from_import", "import argparse\nfrom sys import argv\n", ['argv[1:] = ["-h"]', "argparse.ArgumentParser().parse_args()"]),
        ("argv_alias_del_append", "import argparse\nimport sys\n", ["argv = sys.argv", "del argv[1:]", 'argv.append("--help")',
                                                                      "argparse.ArgumentParser().parse_args()"]),
        ("argv_getattr", "import argparse\nimport sys\n", ['getattr(sys, "argv")[1:] = ["--help"]', "argparse.ArgumentParser().parse_args()"]),
        ("argv_vars", "import argparse\nimport sys\n", ['vars(sys)["argv"][1:] = ["-h"]', "argparse.ArgumentParser().parse_known_args()"]),
        ("argv_slice_given", "import argparse\nimport sys\n", ['sys.argv[1:] = ["--help"]', "argparse.ArgumentParser().parse_args(sys.argv[1:])"]),
        ("argv_list_given", "import argparse\nimport sys\n", ['sys.argv[1:] = ["-h"]', "argparse.ArgumentParser().parse_args(list(sys.argv[1:]))"]),
        ("argv_from_import_given", "import argparse\nfrom sys import argv\n", ['argv[1:] = ["--help"]', "argparse.ArgumentParser().parse_args(argv[1:])"]),
):
    leaves(f"leave_{label}", f"the {label} step: argparse reads --help from sys.argv the program set and exits with status 0.", "",
           lines, lines[-1], 'print("no exit")', imports=imports)
