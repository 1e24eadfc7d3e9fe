# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old, new, imports=""):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    axes_prog(name, doc, pre, [f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old, new, imports=""):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j")."""
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              old, new, imports=imports)


BARRY = "from __future__ import barry_as_FLUFL\n"
FT = "import functools\n"

# == E. evaluated_texts.py (`evaluated`): the text is compiled without the caller's future flags ==========
# E1: under `from __future__ import barry_as_FLUFL` (in the program), eval's text inherits the flag: "!=" is a
# SyntaxError there (CPython 3.11), but the run compiles it with dont_inherit=True and evaluates it.
for label, stmt in (
        ("empty_ns", 'eval("1 != 2", {})'),
        ("ns_value", 'eval("n != 2", {"n": 1})'),
        ("no_builtins", 'eval("n != 2", {"__builtins__": {}, "n": 1})'),
        ("three_args", 'eval("n != 2", {}, {"n": 1})'),
        ("module_globals", 'eval("N != 2")'),
        ("bound_name", 'eval("1 != 2", NS)'),
        ("text_var", 'eval(TEXT, {})'),
        ("axes_text", 'axes = eval("(\'i\', \'j\') if 1 != 2 else (\'i\',)", {})'),
        ("joined_text", 'eval(" ".join(["1", "!=", "2"]), {})'),
        ("tuple_text", 'eval("(\'i\',) != (\'j\',)", {})'),
        ("in_def_locals", 'local_text()'),
        ("strip_blank", 'eval("  1 != 2", {})'),
):
    pre = 'N = 1\nNS = {"k": 0}\nTEXT = "k != 2"\n\n\ndef local_text():\n    n = 1\n    return eval("n != 2")\n'
    trying(f"eval_barry_{label}", f"eval's text inherits barry_as_FLUFL: {stmt} raises SyntaxError.", pre, stmt,
           "SyntaxError", 'axes = ("i",)', 'axes = ("i", "j")', imports=BARRY)

# E2: eval of __name__ in a namespace without it reads the builtins module's __name__ ("builtins")
for label, test in (
        ("empty", 'eval("__name__", {}) == "builtins"'),
        ("other", 'eval("__name__", {"k": 1}) == "builtins"'),
        ("not_main", 'eval("__name__", {}) != "__main__"'),
        ("doc_none", 'eval("__doc__", {}) is not None'),
        ("spec", 'eval("__spec__", {}) is not None'),
):
    pick(f"eval_dunder_{label}", f"eval in a fresh dict reads builtins' own names: {test}.", "", test,
         'axes = ("i",) if', 'axes = ("i", "j") if')

# == F. partial_fields.py (`made`): a partial with an instance attribute (or of a subclass) is not flattened
for label, pre, test in (
        ("attr_func_is", 'def take(a, b=0):\n    return a\n\n\nQ = functools.partial(take, 1)\nQ.tag = 1\n',
         "functools.partial(Q, b=2).func is Q"),
        ("attr_args_empty", 'def take(a, b=0):\n    return a\n\n\nQ = functools.partial(take, 1)\nQ.tag = 1\n',
         "functools.partial(Q, b=2).args == ()"),
        ("attr_keywords", 'def take(a, b=0):\n    return a\n\n\nQ = functools.partial(take, b=1)\nQ.tag = 1\n',
         "functools.partial(Q).keywords == {}"),
        ("setattr_func", 'def take(a, b=0):\n    return a\n\n\nQ = functools.partial(take, 1)\nsetattr(Q, "tag", 1)\n',
         "functools.partial(Q).func is Q"),
        ("dict_func", 'def take(a, b=0):\n    return a\n\n\nQ = functools.partial(take, 1)\nQ.__dict__["tag"] = 1\n',
         "functools.partial(Q).func is Q"),
):
    pick(f"partial_{label}", f"a partial with a __dict__ of its own (or a subclass's) is not flattened: {test}.",
         pre, test, 'axes = ("i",) if', 'axes = ("i", "j") if', imports=FT)

# == C. array_conversions.py (`converted`): `.item()` of an array of more than one element raises ValueError
for label, expr in (
        ("random3", "np.random.default_rng(0).random(3).item()"),
        ("integers4", "np.random.default_rng(1).integers(0, 5, 4).item()"),
        ("normal22", "np.random.default_rng(2).normal(size=(2, 2)).item()"),
        ("ones3", "np.ones(3).item()"),
        ("arange4", "np.arange(4).item()"),
        ("zeros_empty", "np.zeros(0).item()"),
        ("empty_rand", "np.random.default_rng(3).random(0).item()"),
        ("legacy_rand", "np.random.RandomState(0).rand(3).item()"),
):
    trying(f"item_many_{label}", f"`.item()` of an array whose size is not 1 raises ValueError: {expr}.", "",
           expr, "ValueError", 'axes = ("i",)', 'axes = ("i", "j")')

# == M. numpy_grids.py (`item`): a grid of no elements whose other slice NumPy cannot count out (np.indices
# builds an arange per slice: MemoryError), read as an empty grid made
for label, expr in (
        ("zero_first_2_40", "np.mgrid[0:0, 0:2**40]"),
        ("zero_second_2_45", "np.mgrid[0:2**45, 0:0]"),
        ("empty_range_2_50", "np.mgrid[3:3, 0:2**50]"),
        ("step_2_52", "np.mgrid[0:0, 0:2**52:2]"),
        ("three_2_44", "np.mgrid[0:2, 0:0, 0:2**44]"),
):
    trying(f"mgrid_zero_{label}", f"np.mgrid of an empty slice beside one of 2**40 or more raises MemoryError: {expr}.", "",
           expr, "MemoryError", 'axes = ("i",)', 'axes = ("i", "j")')

# == X. exact_host_arrays.py: values kept after a change in place the run does not see
for label, stmt, test in (
        ("ufunc_out_positional", "np.add(A, 10, A)", "A[0] == 10"),
        ("multiply_out_positional", "np.multiply(A, 0, A)", "A[3] == 0"),
        ("negative_out_positional", "np.negative(A, A)", "A[1] == -1"),
        ("subtract_out_positional", "np.subtract(A, 1, A)", "A[0] == -1"),
        ("clip_method_out", "A.clip(0, 1, A)", "A[3] == 1"),
        ("np_clip_out", "np.clip(A, 0, 1, A)", "A[3] == 1"),
        ("cumsum_out", "A.cumsum(0, None, A)", "A[3] == 6"),
        ("byteswap_inplace", "A.byteswap(True)", "A[0] == 0 and A[1] != 1"),
        ("flat_store", "A.flat[0] = 9", "A[0] == 9"),
        ("view_store", "A.view()[0] = 9", "A[0] == 9"),
        ("reshape_store", "A.reshape(2, 2)[0, 0] = 9", "A[0] == 9"),
        ("reversed_store", "A[::-1][3] = 9", "A[0] == 9"),
        ("transpose_store", "A.T[0] = 9", "A[0] == 9"),
        ("real_store", "A.real[0] = 9", "A[0] == 9"),
        ("unbound_sort", "np.ndarray.sort(A[::-1])", "A[0] == 3"),
        ("unbound_fill", "np.ndarray.fill(A, 7)", "A[0] == 7"),
        ("operator_setitem", "operator.setitem(A, 0, 9)", "A[0] == 9"),
        ("operator_iadd", "operator.iadd(A, 9)", "A[0] == 9"),
        ("view_iadd", "B = A[:2]\n    B += 10", "A[0] == 10"),
        ("memoryview_store", "memoryview(A)[0] = 9", "A[0] == 9"),
        ("shape_store", "A.shape = (2, 2)", "len(A) == 2"),
        ("asarray_store", "np.asarray(A)[0] = 9", "A[0] == 9"),
        ("ravel_store", "A.ravel()[0] = 9", "A[0] == 9"),
        ("divmod_out", "np.divmod(A, 2, A, np.empty(4, np.int64))", "A[3] == 1"),
        ("sort_of_view", "A[::-1].sort()", "A[0] == 3"),
):
    body = stmt.split("\n    ")
    axes_prog(f"view_{label}", f"the run keeps np.arange(4)'s values after `{stmt}`, which changes them.", "",
              ["A = np.arange(4)", *body, f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if', imports="import operator\n")

# == more of E1 (barry_as_FLUFL inherited by eval's text)
for label, stmt in (
        ("comprehension", 'eval("[k for k in (1, 2) if k != 1]", {})'),
        ("negated", 'eval("not 1 != 2", {})'),
        ("sum_no_builtins", 'eval("(1 != 2) + 0", {"__builtins__": {}})'),
        ("dict_call_ns", 'eval("\'a\' != \'b\'", dict(k=1))'),
        ("in_helper", 'helper_eval()'),
        ("ns_axes", 'eval("axes_of != (\'i\',)", {"axes_of": ("i", "j")})'),
        ("chained", 'eval("0 < 1 != 2", {})'),
        ("builtins_module", 'eval("len(\'ab\') != 2", {"__builtins__": builtins})'),
):
    pre = 'def helper_eval():\n    return eval("3 != 4", {"k": 0})\n'
    trying(f"eval_barry_{label}", f"eval's text inherits barry_as_FLUFL: {stmt} raises SyntaxError.", pre, stmt,
           "SyntaxError", 'axes = ("i",)', 'axes = ("i", "j")', imports=BARRY + "import builtins\n")

for label, pre in (
        ("module_flag", 'try:\n    FLAG = eval("1 != 2", {})\nexcept SyntaxError:\n    FLAG = None\n'),
        ("module_flag_globals", 'try:\n    FLAG = eval("N != 2")\nexcept SyntaxError:\n    FLAG = None\n'),
):
    pick(f"eval_barry_{label}", "eval's text inherits barry_as_FLUFL at module level: FLAG stays None.",
         "N = 1\n" + pre, "FLAG is None", 'axes = ("i",) if', 'axes = ("i", "j") if', imports=BARRY)

# == more of M
for label, expr in (
        ("three_middle_2_41", "np.mgrid[0:0, 0:2**41, 0:3]"),
        ("second_empty_2_43", "np.mgrid[0:2**43, 5:5]"),
        ("negative_start_2_42", "np.mgrid[-2**42:0, 0:0]"),
        ("steps_2_46", "np.mgrid[0:0:1, 0:2**46:1]"),
        ("reversed_empty_2_47", "np.mgrid[2**47:0:-1, 0:0]"),
):
    trying(f"mgrid_zero_{label}", f"np.mgrid of an empty slice beside one of 2**40 or more raises MemoryError: {expr}.", "",
           expr, "MemoryError", 'axes = ("i",)', 'axes = ("i", "j")')

# == more of X
for label, stmt, test in (
        ("power_out_positional", "np.power(A, 2, A)", "A[2] == 4"),
        ("floor_divide_out_positional", "np.floor_divide(A, 2, A)", "A[3] == 1"),
        ("left_shift_out_positional", "np.left_shift(A, 1, A)", "A[1] == 2"),
        ("bitwise_or_out_positional", "np.bitwise_or(A, 8, A)", "A[0] == 8"),
        ("square_out_positional", "np.square(A, A)", "A[3] == 9"),
        ("remainder_out_positional", "np.remainder(A, 2, A)", "A[2] == 0 and A[3] == 1"),
        ("add_self_out_positional", "np.add(A, A, A)", "A[1] == 2"),
        ("add_view_out_positional", "np.add(A[:2], 5, A[:2])", "A[0] == 5"),
        ("cumprod_out", "A.cumprod(0, None, A)", "A[3] == 0"),
        ("clip_method_low", "A.clip(1, 2, A)", "A[0] == 1"),
        ("cumsum_none_axis_out", "A.cumsum(None, None, A)", "A[2] == 3"),
        ("take_out", "A.take([3, 2, 1, 0], 0, A)", "A[0] == 3"),
        ("byteswap_keyword", "A.byteswap(inplace=True)", "A[0] == 0 and A[1] != 1"),
        ("byteswap_of_slice", "A[:2].byteswap(True)", "A[1] != 1"),
        ("unbound_put", "np.ndarray.put(A, 0, 9)", "A[0] == 9"),
        ("unbound_partition", "np.ndarray.partition(A[::-1], 0)", "A[3] == 0 and A[0] != 0"),
        ("unbound_setitem", "np.ndarray.__setitem__(A, 0, 9)", "A[0] == 9"),
        ("unbound_fill_view", "np.ndarray.fill(A[:2], 7)", "A[0] == 7"),
        ("type_fill", "type(A).fill(A, 7)", "A[0] == 7"),
        ("view_isub", "B = A[1:]\n    B -= 1", "A[1] == 0"),
        ("reshape_imul", "B = A.reshape(2, 2)\n    B *= 0", "A[3] == 0"),
        ("reversed_iadd", "B = A[::-1]\n    B += 1", "A[0] == 1"),
        ("asarray_iadd", "B = np.asarray(A)\n    B += 1", "A[0] == 1"),
        ("transpose_iadd", "B = A.T\n    B += 1", "A[0] == 1"),
        ("view_method_iadd", "B = A.view()\n    B += 1", "A[0] == 1"),
        ("shape_column", "A.shape = (4, 1)", "A.ndim == 2"),
        ("shape_row_len", "A.shape = (1, 4)", "len(A) == 1"),
        ("dtype_store", "A.dtype = np.int32", "len(A) == 8"),
):
    body = stmt.split("\n    ")
    axes_prog(f"view_{label}", f"the run keeps np.arange(4)'s values after `{stmt}`, which changes them.", "",
              ["A = np.arange(4)", *body, f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if', imports="import operator\n")

# == T. text_encodings.py / temp_files.py: a text codec's BOM written again at the end of a file appended to
TMP = "import os\nimport tempfile\n"
for label, enc, test in (
        ("utf16_append_read", "utf-16", 'open(P, encoding="utf-16").read() == "ab"'),
        ("utf16_append_len", "utf-16", 'len(open(P, "rb").read()) == 6'),
        ("utf8sig_append_read", "utf-8-sig", 'open(P, encoding="utf-8-sig").read() == "ab"'),
        ("utf8sig_append_len", "utf-8-sig", 'len(open(P, "rb").read()) == 5'),
        ("utf32_append_len", "utf-32", 'len(open(P, "rb").read()) == 12'),
):
    axes_prog(f"text_{label}", f"appending to a non-empty file in {enc} writes no second BOM: {test}.", "",
              ['P = os.path.join(tempfile.mkdtemp(), "t.txt")',
               f'with open(P, "w", encoding="{enc}") as f:', '        f.write("a")',
               f'with open(P, "a", encoding="{enc}") as f:', '        f.write("b")',
               f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if', imports=TMP)

# == S. temp_files.py: np.save adds ".npy" unless the name ends so (case-sensitive)
for label, name, test in (
        ("upper_suffix", "a.NPY", 'sorted(os.listdir(D)) == ["a.NPY.npy"]'),
        ("npz_for_save", "a.npz", 'sorted(os.listdir(D)) == ["a.npz.npy"]'),
        ("upper_exists", "a.NPY", 'not os.path.exists(os.path.join(D, "a.NPY"))'),
):
    axes_prog(f"save_{label}", f"np.save of {name!r} writes a name ending in .npy: {test}.", "",
              ['D = tempfile.mkdtemp()', f'np.save(os.path.join(D, "{name}"), np.zeros(2))',
               f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if', imports=TMP)

# == more of X1 / X2 / X4 / X5
for label, stmt, test in (
        ("true_divide_float_out", "F = np.arange(4) * 1.0\n    np.true_divide(F, 2.0, F)", "F[1] == 0.5"),
        ("add_float_out", "F = np.arange(4) * 1.0\n    np.add(F, 0.5, F)", "F[0] == 0.5"),
        ("rint_float_out", "F = np.arange(4) / 2\n    np.rint(F, F)", "F[1] == 0.0"),
        ("bitwise_xor_out", "np.bitwise_xor(A, 1, A)", "A[0] == 1"),
        ("fmod_out", "np.fmod(A, 2, A)", "A[3] == 1"),
        ("abs_of_negated_out", "B = A - 3\n    np.abs(B, B)", "B[0] == 3"),
        ("subtract_from_zero_out", "np.subtract(0, A, A)", "A[1] == -1"),
        ("clip_method_high", "A.clip(0, 0, A)", "A[3] == 0"),
        ("cumsum_slice_out", "A[:2].cumsum(0, None, A[2:])", "A[3] == 1"),
        ("unbound_sort_copy", "B = A[::-1].copy()\n    np.ndarray.sort(B)", "B[0] == 0"),
        ("unbound_fill_copy", "B = A.copy()\n    np.ndarray.fill(B, 5)", "B[3] == 5"),
        ("reversed_imul", "B = A[::-1]\n    B *= 2", "A[1] == 2"),
        ("reshape_iadd", "B = A.reshape(4, 1)\n    B += 5", "A[0] == 5"),
        ("float_view_idiv", "F = np.arange(4) * 1.0\n    G = F[1:]\n    G /= 2", "F[2] == 1.0"),
):
    body = stmt.split("\n    ")
    axes_prog(f"view_{label}", f"the run keeps an array's values after `{stmt}`, which changes them.", "",
              ["A = np.arange(4)", *body, f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if')

# == more of M and E1
for label, expr in (
        ("zero_negative_step_2_48", "np.mgrid[0:0, 2**48:0:-1]"),
):
    trying(f"mgrid_zero_{label}", f"np.mgrid of an empty slice beside one of 2**40 or more raises MemoryError: {expr}.", "",
           expr, "MemoryError", 'axes = ("i",)', 'axes = ("i", "j")')
for label, stmt in (
        ("set_text", 'eval("{1, 2} != {2}", {})'),
        ("str_method", 'eval("\'ab\'.upper() != \'AB\'", {})'),
        ("in_lambda_call", '(lambda: eval("1 != 1", {}))()'),
):
    trying(f"eval_barry_{label}", f"eval's text inherits barry_as_FLUFL: {stmt} raises SyntaxError.", "", stmt,
           "SyntaxError", 'axes = ("i",)', 'axes = ("i", "j")', imports=BARRY)

# == more of X6 (a shape or dtype stored into an array bound once)
for label, stmt, test in (
        ("shape_ndim_tuple", "A.shape = 2, 2", "A.ndim == 2"),
        ("shape_first_size", "A.shape = (2, 2)", "A.shape[0] == 2"),
        ("dtype_uint8_len", "A.dtype = np.uint8", "len(A) == 32"),
        ("shape_minus_one", "A.shape = (-1, 2)", "len(A) == 2"),
):
    axes_prog(f"view_{label}", f"the array bound once is changed in place by `{stmt}`: {test}.", "",
              ["A = np.arange(4)", stmt, f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if')


def leaves(name, doc, pre, lines, old, new, imports=""):
    """main leaves before the wide reduce (SystemExit(0)); the twin edits the leaving step."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n" + \
        "".join(f"    {line}\n" for line in lines) + '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


# == L. maybe_leaving.py / implicit_exits.py: a standard library command-line main parses a --help of the program's
# own list (or of sys.argv the program set) with argparse and exits with status 0; read as a call that cannot leave
for label, imports, lines in (
        ("calendar_help", "import calendar\n", ['calendar.main(["cal", "--help"])']),
        ("calendar_h", "import calendar\n", ['calendar.main(["cal", "-h"])']),
        ("zipfile_help", "import zipfile\n", ['zipfile.main(["--help"])']),
        ("zipapp_help", "import zipapp\n", ['zipapp.main(["--help"])']),
        ("zipapp_h", "import zipapp\n", ['zipapp.main(["-h"])']),
        ("json_tool_argv", "import sys\nimport json.tool\n", ['sys.argv[1:] = ["--help"]', 'json.tool.main()']),
        ("tarfile_argv", "import sys\nimport tarfile\n", ['sys.argv[1:] = ["--help"]', 'tarfile.main()']),
        ("py_compile_argv", "import sys\nimport py_compile\n", ['sys.argv[1:] = ["--help"]', 'py_compile.main()']),
        ("compileall_argv", "import sys\nimport compileall\n", ['sys.argv[1:] = ["--help"]', 'compileall.main()']),
        ("gzip_argv", "import sys\nimport gzip\n", ['sys.argv[1:] = ["--help"]', 'gzip.main()']),
        ("ast_argv", "import sys\nimport ast\n", ['sys.argv[1:] = ["--help"]', 'ast.main()']),
        ("tokenize_argv", "import sys\nimport tokenize\n", ['sys.argv[1:] = ["--help"]', 'tokenize.main()']),
):
    leaves(f"leave_{label}", f"{label.split('_')[0]}'s main exits with status 0 (argparse's help), before the wide reduce.", "",
           lines, lines[-1], 'print("no exit")', imports=imports)
