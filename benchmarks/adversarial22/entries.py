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


# == G. numpy_generators.py (NpGenerator, `made`): what the samplers give and which seeds are taken ==========
# G1: the samplers' `dtype=` (and permutation / choice of a typed array) is not the dtype the run gives
for label, expr, want in (
        ("integers_int8", "RNG.integers(0, 10, 3, dtype=np.int8)", "np.int8"),
        ("integers_uint8", "RNG.integers(0, 10, size=(2, 2), dtype=np.uint8)", "np.uint8"),
        ("integers_int32", "RNG.integers(0, 10, 4, dtype=np.int32)", "np.int32"),
        ("integers_bool", "RNG.integers(0, 2, 4, dtype=bool)", "np.bool_"),
        ("integers_int16_kw", "RNG.integers(low=0, high=5, size=6, dtype=np.int16)", "np.int16"),
        ("random_float32", "RNG.random(3, dtype=np.float32)", "np.float32"),
        ("random_float32_size_kw", "RNG.random(size=(2, 3), dtype=np.float32)", "np.float32"),
        ("standard_normal_float32", "RNG.standard_normal(4, dtype=np.float32)", "np.float32"),
        ("standard_exponential_float32", "RNG.standard_exponential(4, dtype=np.float32)", "np.float32"),
        ("standard_gamma_float32", "RNG.standard_gamma(2.0, 4, dtype=np.float32)", "np.float32"),
        ("permutation_int8", "RNG.permutation(np.arange(4, dtype=np.int8))", "np.int8"),
        ("permutation_float32", "RNG.permutation(np.ones(4, np.float32))", "np.float32"),
        ("choice_float32", "RNG.choice(np.ones(5, np.float32), 3)", "np.float32"),
        ("choice_int8", "RNG.choice(np.arange(5, dtype=np.int8), 2)", "np.int8"),
        ("permuted_float32", "RNG.permuted(np.ones((2, 3), np.float32))", "np.float32"),
        ("permuted_int16", "RNG.permuted(np.arange(6, dtype=np.int16), axis=0)", "np.int16"),
        ("choice_bool", "RNG.choice(np.array([True, False]), 4)", "np.bool_"),
        ("permutation_bool", "RNG.permutation(np.array([True, False, True]))", "np.bool_")):
    pick(f"draw_dtype_{label}", f"A draw of dtype {want[3:]} ({label.replace('_', ' ')}).", "RNG = np.random.default_rng(0)",
         f"{expr}.dtype == {want}", f".dtype == {want}", ".dtype == np.complex64")
# G1b: the same, as an itemsize / nbytes / kind
for label, expr, test in (
        ("integers_int8_itemsize", "RNG.integers(0, 10, 3, dtype=np.int8)", ".itemsize == 1"),
        ("random_float32_nbytes", "RNG.random(4, dtype=np.float32)", ".nbytes == 16"),
        ("integers_uint16_kind", "RNG.integers(0, 10, 3, dtype=np.uint16)", '.dtype.kind == "u"'),
        ("permutation_int8_nbytes", "RNG.permutation(np.arange(8, dtype=np.int8))", ".nbytes == 8")):
    pick(f"draw_dtype_{label}", f"A draw with a dtype= argument: {label.replace('_', ' ')}.", "RNG = np.random.default_rng(1)",
         f"{expr}{test}", test, ".ndim == 7")
# G2: shuffle works in place and gives None; bytes gives a Python bytes object
for label, test, old, new in (
        ("shuffle_none", "RNG.shuffle(np.arange(8)) is None", "is None", "is not None"),
        ("shuffle_not_array", 'not hasattr(RNG.shuffle(np.arange(8)), "shape")', "not hasattr", "hasattr"),
        ("shuffle_type_none", "type(RNG.shuffle(np.arange(4))) is type(None)", "is type(None)", "is not type(None)"),
        ("shuffle_isinstance", "not isinstance(RNG.shuffle(np.arange(4)), np.ndarray)", "not isinstance", "isinstance"),
        ("shuffle_getattr_default", 'getattr(RNG.shuffle(np.arange(4)), "dtype", None) is None', "is None", "is not None"),
        ("bytes_isinstance", "isinstance(RNG.bytes(4), bytes)", "isinstance(RNG", "not isinstance(RNG"),
        ("bytes_no_shape", 'not hasattr(RNG.bytes(4), "shape")', "not hasattr", "hasattr"),
        ("bytes_type", "type(RNG.bytes(3)) is bytes", "is bytes", "is not bytes"),
        ("bytes_no_dtype", 'getattr(RNG.bytes(2), "dtype", None) is None', "is None", "is not None"),
        ("bytes_not_ndarray", "not isinstance(RNG.bytes(8), np.ndarray)", "not isinstance", "isinstance")):
    pick(f"draw_{label}", f"Generator.shuffle works in place (None); bytes gives a Python bytes ({label.replace('_', ' ')}).",
         "RNG = np.random.default_rng(2)", test, old, new)
trying("draw_shuffle_result_sum", "`RNG.shuffle(a)` is None: `.sum()` of it raises AttributeError.",
       "RNG = np.random.default_rng(3)", "RNG.shuffle(np.arange(4)).sum()", "AttributeError",
       "RNG.shuffle(np.arange(4)).sum()", "RNG.permutation(np.arange(4)).sum()")
trying("draw_bytes_reshape", "`RNG.bytes(4)` is bytes: `.reshape` raises AttributeError.",
       "RNG = np.random.default_rng(3)", "RNG.bytes(4).reshape(2, 2)", "AttributeError",
       "RNG.bytes(4).reshape(2, 2)", "RNG.random(4).reshape(2, 2)")
trying("draw_shuffle_result_index", "`RNG.shuffle(a)[0]` subscripts None: TypeError.",
       "RNG = np.random.default_rng(3)", "RNG.shuffle(np.arange(4))[0]", "TypeError",
       "RNG.shuffle(np.arange(4))[0]", "RNG.permutation(np.arange(4))[0]")
# G3: `made` takes any seed: default_rng / Generator raise on seeds NumPy refuses
for label, stmt, kind, twin in (
        ("default_rng_negative", "np.random.default_rng(-1)", "ValueError", "np.random.default_rng(1)"),
        ("default_rng_negative_kw", "np.random.default_rng(seed=-5)", "ValueError", "np.random.default_rng(seed=5)"),
        ("default_rng_float", "np.random.default_rng(1.5)", "TypeError", "np.random.default_rng(15)"),
        ("default_rng_text", 'np.random.default_rng("seed")', "TypeError", 'np.random.default_rng(len("seed"))'),
        ("default_rng_negative_list", "np.random.default_rng([1, -2])", "ValueError", "np.random.default_rng([1, 2])"),
        ("default_rng_float_list", "np.random.default_rng([0.5])", "TypeError", "np.random.default_rng([5])"),
        ("default_rng_dict", 'np.random.default_rng({"seed": 0})', "TypeError", 'np.random.default_rng(0)'),
        ("default_rng_negative_array", "np.random.default_rng(np.array([-3]))", "ValueError", "np.random.default_rng(np.array([3]))"),
        ("generator_of_int", "np.random.Generator(5)", "AttributeError", "np.random.Generator(np.random.PCG64(5))"),
        ("generator_of_seedsequence", "np.random.Generator(np.random.SeedSequence(0))", "AttributeError",
         "np.random.Generator(np.random.PCG64(np.random.SeedSequence(0)))"),
        ("generator_of_none", "np.random.Generator(None)", "(AttributeError, TypeError)", "np.random.Generator(np.random.MT19937(0))"),
        ("generator_of_text", 'np.random.Generator("pcg")', "AttributeError", 'np.random.Generator(np.random.PCG64(3))'),
        ("generator_of_randomstate", "np.random.Generator(np.random.RandomState(0))", "(AttributeError, TypeError)",
         "np.random.Generator(np.random.Philox(0))")):
    trying(f"seed_{label}", f"NumPy refuses the seed ({label.replace('_', ' ')}): {kind}.", "", stmt, kind, stmt, twin)
# G4: a Generator's standard object protocol names are public in the listing? (its class is a type)
for label, test, old, new in (
        ("class_name", 'type(RNG).__name__ == "Generator"', '"Generator"', '"ndarray"'),
        ("isinstance_generator", "isinstance(RNG, np.random.Generator)", "isinstance(RNG", "not isinstance(RNG"),
        ("not_ndarray", "not isinstance(RNG, np.ndarray)", "not isinstance", "isinstance"),
        ("default_rng_same", "np.random.default_rng(RNG) is RNG", "is RNG", "is not RNG")):
    pick(f"generator_{label}", f"A Generator is what its class says ({label.replace('_', ' ')}).", "RNG = np.random.default_rng(4)", test, old, new)

# == M. numpy_grids.py (`item`): np.mgrid of slices NumPy refuses, or cannot allocate ==========================
for label, stmt, kind, twin in (
        ("empty_first_of_two", "np.mgrid[5:0, 0:2]", "ValueError", "np.mgrid[0:5, 0:2]"),
        ("empty_second_of_two", "np.mgrid[0:2, 4:1]", "ValueError", "np.mgrid[0:2, 1:4]"),
        ("negative_step_empty_of_two", "np.mgrid[0:8:-1, 0:3]", "ValueError", "np.mgrid[0:8:1, 0:3]"),
        ("empty_of_three", "np.mgrid[0:2, 0:3, 3:0]", "ValueError", "np.mgrid[0:2, 0:3, 0:3]"),
        ("negative_stop_of_two", "np.mgrid[0:-4, 0:2]", "ValueError", "np.mgrid[0:4, 0:2]"),
        ("too_big_one", "np.mgrid[0:2**62]", "ValueError", "np.mgrid[0:2**6]"),
        ("too_big_one_step", "np.mgrid[0:2**63:2]", "ValueError", "np.mgrid[0:2**6:2]"),
        ("too_big_two", "np.mgrid[0:10**7, 0:10**7]", "MemoryError", "np.mgrid[0:10, 0:10**2]"),
        ("too_big_three", "np.mgrid[0:10**5, 0:10**5, 0:10**5]", "MemoryError", "np.mgrid[0:10, 0:10, 0:10]"),
        ("too_big_two_value", "np.mgrid[0:2**40, 0:2**40]", "(MemoryError, ValueError)", "np.mgrid[0:2**4, 0:2**4]")):
    trying(f"mgrid_{label}", f"np.mgrid raises {kind} in NumPy ({label.replace('_', ' ')}).", "", stmt, kind, stmt, twin)

# == S. numpy_scalar_types.py (`scalar_instance`): NumPy scalars the run holds as Python numbers ================
for label, expr, cls in (
        ("finfo_eps", "np.finfo(np.float32).eps", "np.floating"),
        ("finfo_max", "np.finfo(np.float64).max", "np.floating"),
        ("finfo_tiny", "np.finfo(np.float32).tiny", "np.float32"),
        ("finfo_resolution", "np.finfo(np.float16).resolution", "np.generic"),
        ("float32_call", "np.float32(1.5)", "np.floating"),
        ("float64_call", "np.float64(2.0)", "np.float64"),
        ("int64_call", "np.int64(3)", "np.integer"),
        ("int32_call", "np.int32(7)", "np.signedinteger"),
        ("uint8_call", "np.uint8(7)", "np.unsignedinteger"),
        ("prod_of_shape", "np.prod((2, 3))", "np.integer"),
        ("sum_of_list", "np.sum([1, 2])", "np.integer"),
        ("sqrt_of_float", "np.sqrt(4.0)", "np.floating"),
        ("log_of_float", "np.log(2.0)", "np.inexact"),
        ("mean_of_list", "np.mean([1.0, 2.0])", "np.floating"),
        ("floor_of_float", "np.floor(2.5)", "np.floating"),
        ("maximum_of_ints", "np.maximum(1, 2)", "np.integer"),
        ("clip_of_int", "np.clip(5, 0, 3)", "np.integer"),
        ("isclose", "np.isclose(1.0, 1.0)", "np.bool_"),
        ("all_of_list", "np.all([True, True])", "np.bool_"),
        ("float64_times_int", "np.float64(2.0) * 3", "np.floating"),
        ("int64_plus_int", "np.int64(2) + 1", "np.integer"),
        ("true_", "np.True_", "np.bool_"),
        ("pi_times_float32", "np.float32(2) * np.float32(np.pi)", "np.float32"),
        ("round_of_float", "np.round(2.5)", "np.floating"),
        ("abs_of_int64", "abs(np.int64(-3))", "np.integer"),
        ("dtype_type_call", "np.dtype(np.float32).type(1)", "np.float32"),
        ("linalg_norm", "np.linalg.norm([3.0, 4.0])", "np.floating"),
        ("prod_of_host_shape", "np.prod(np.asarray(x).shape)", "np.integer"),
        ("host_size_times", "np.int64(np.asarray(x).size)", "np.integer"),
        ("dot_of_lists", "np.dot([1, 2], [3, 4])", "np.integer")):
    pick(f"scalar_type_{label}", f"A NumPy scalar ({label.replace('_', ' ')}) is an instance of {cls[3:]}.", "",
         f"isinstance({expr}, {cls})", f"isinstance({expr}, {cls})", f"not isinstance({expr}, {cls})")

# == T. temp_texts.py / temp_paths.py / temp_files.py: what the record of a fresh directory says ============
TMP_IMPORTS = "import json\nimport os\nimport pathlib\nimport tempfile\n"
TMPS = (
    # T1: text mode translates newlines on reading ("\r\n" and "\r" read as "\n")
    ("crlf_read", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w") as fh:', '    fh.write("a\\r\\nb")',
                   'with open(path) as fh:', '    axes = ("i", "j") if fh.read() == "a\\r\\nb" else ("i",)'],
     'if fh.read() == "a\\r\\nb"', 'if fh.read() == "a\\nb"', ''),
    ("cr_read", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w") as fh:', '    fh.write("a\\rb")',
                 'with open(path) as fh:', '    axes = ("i", "j") if "\\r" in fh.read() else ("i",)'],
     '"\\r" in fh.read()', '"\\n" in fh.read()', ''),
    ("crlf_lines", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w") as fh:', '    fh.write("a\\r\\nb\\r\\n")',
                    'with open(path) as fh:', '    lines = [line for line in fh]', '    axes = ("i", "j") if lines[0] == "a\\r\\n" else ("i",)'],
     'lines[0] == "a\\r\\n"', 'lines[0] == "a\\n"', ''),
    ("crlf_pathlib", ['path = pathlib.Path(tempfile.mkdtemp()) / "n.txt"', 'path.write_text("a\\r\\nb")',
                      'axes = ("i", "j") if path.read_text() == "a\\r\\nb" else ("i",)'],
     'path.read_text() == "a\\r\\nb"', 'path.read_text() == "a\\nb"', ''),
    ("cr_pathlib_len", ['path = pathlib.Path(tempfile.mkdtemp()) / "n.txt"', 'path.write_text("a\\r\\r\\nb")',
                        'axes = ("i", "j") if len(path.read_text()) == 5 else ("i",)'],
     'len(path.read_text()) == 5', 'len(path.read_text()) == 4', ''),
    # T2: json gives lists for tuples and str keys for int / bool / None keys
    ("json_tuple_list", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({"axes": ("i", "j")}, fh)',
                         'with open(path) as fh:', '    axes = ("i", "j") if json.load(fh)["axes"] == ("i", "j") else ("i",)'],
     'if json.load(fh)["axes"] == ("i", "j")', 'if json.load(fh)["axes"] == ["i", "j"]', ''),
    ("json_tuple_type", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump(("i", "j"), fh)',
                         'with open(path) as fh:', '    axes = ("i", "j") if type(json.load(fh)) is tuple else ("i",)'],
     'type(json.load(fh)) is tuple', 'type(json.load(fh)) is list', ''),
    ("json_int_key", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({1: "wide"}, fh)',
                      'with open(path) as fh:', '    axes = ("i", "j") if json.load(fh).get(1) == "wide" else ("i",)'],
     'json.load(fh).get(1) == "wide"', 'json.load(fh).get("1") == "wide"', ''),
    ("json_bool_key", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({True: "wide"}, fh)',
                       'with open(path) as fh:', '    axes = ("i", "j") if True in json.load(fh) else ("i",)'],
     'True in json.load(fh)', '"true" in json.load(fh)', ''),
    ("json_none_key", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({None: 1}, fh)',
                       'with open(path) as fh:', '    axes = ("i", "j") if None in json.load(fh) else ("i",)'],
     'None in json.load(fh)', '"null" in json.load(fh)', ''),
    ("json_float_key", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({0.5: 1}, fh)',
                        'with open(path) as fh:', '    axes = ("i", "j") if 0.5 in json.load(fh) else ("i",)'],
     '0.5 in json.load(fh)', '"0.5" in json.load(fh)', ''),
    ("json_nested_tuple", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({"mesh": {"axes": ("i",)}}, fh)',
                           'with open(path) as fh:', '    axes = ("i", "j") if isinstance(json.load(fh)["mesh"]["axes"], tuple) else ("i",)'],
     'isinstance(json.load(fh)["mesh"]["axes"], tuple)', 'isinstance(json.load(fh)["mesh"]["axes"], list)', ''),
    ("json_key_collision", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'with open(path, "w") as fh:', '    json.dump({1: "wide", "1": "narrow"}, fh)',
                            'with open(path) as fh:', '    axes = ("i", "j") if len(json.load(fh)) == 2 else ("i",)'],
     'len(json.load(fh)) == 2', 'len(json.load(fh)) == 1', ''),
    # T3: an empty name joins to the directory itself
    ("empty_name_exists", ['tmp = tempfile.mkdtemp()', 'axes = ("i",) if os.path.exists(os.path.join(tmp, "")) else ("i", "j")'],
     'os.path.exists(os.path.join(tmp, ""))', 'os.path.exists(os.path.join(tmp, "a"))', ''),
    ("empty_name_listdir", ['tmp = tempfile.mkdtemp()', 'open(os.path.join(tmp, "a.txt"), "w").close()',
                            'axes = ("i",) if os.listdir(os.path.join(tmp, "")) else ("i", "j")'],
     'open(os.path.join(tmp, "a.txt"), "w").close()', 'print(os.path.join(tmp, "a.txt"))', ''),
    ("empty_name_path_exists", ['tmp = pathlib.Path(tempfile.mkdtemp())', 'axes = ("i",) if (tmp / "").exists() else ("i", "j")'],
     '(tmp / "").exists()', '(tmp / "b").exists()', ''),
    ("empty_name_open_dir", ['tmp = tempfile.mkdtemp()', 'try:', '    open(os.path.join(tmp, ""), "w").close()', '    axes = ("i", "j")',
                             'except IsADirectoryError:', '    axes = ("i",)'],
     'open(os.path.join(tmp, ""), "w")', 'open(os.path.join(tmp, "c"), "w")', ''),
    ("trailing_empty_name_dir", ['tmp = tempfile.mkdtemp()', 'os.mkdir(os.path.join(tmp, "d"))',
                                 'axes = ("i",) if os.path.exists(os.path.join(tmp, "d", "")) else ("i", "j")'],
     'os.mkdir(os.path.join(tmp, "d"))', 'print(os.path.join(tmp, "d"))', ''),
    # T4: names the file system refuses (NUL, too long)
    ("nul_name_open", ['tmp = tempfile.mkdtemp()', 'try:', '    open(os.path.join(tmp, "a\\0b"), "w").close()', '    axes = ("i", "j")',
                       'except ValueError:', '    axes = ("i",)'],
     '"a\\0b"', '"ab"', ''),
    ("long_name_open", ['tmp = tempfile.mkdtemp()', 'try:', '    open(os.path.join(tmp, "n" * 300), "w").close()', '    axes = ("i", "j")',
                        'except OSError:', '    axes = ("i",)'],
     '"n" * 300', '"n" * 30', ''),
    ("long_name_mkdir", ['tmp = pathlib.Path(tempfile.mkdtemp())', 'try:', '    (tmp / ("d" * 256)).mkdir()', '    axes = ("i", "j")',
                         'except OSError:', '    axes = ("i",)'],
     '("d" * 256)', '("d" * 25)', ''),
    ("long_name_write_text", ['tmp = pathlib.Path(tempfile.mkdtemp())', 'try:', '    (tmp / ("w" * 400)).write_text("x")', '    axes = ("i", "j")',
                              'except OSError:', '    axes = ("i",)'],
     '("w" * 400)', '("w" * 40)', ''),
    ("nul_name_write_text", ['tmp = pathlib.Path(tempfile.mkdtemp())', 'try:', '    (tmp / "a\\0").write_text("x")', '    axes = ("i", "j")',
                             'except ValueError:', '    axes = ("i",)'],
     '"a\\0"', '"a0"', ''),
    # T5: encodings
    ("latin1_read_utf8", ['path = os.path.join(tempfile.mkdtemp(), "e.txt")', 'with open(path, "w", encoding="latin-1") as fh:', '    fh.write("\\xe9")',
                          'try:', '    with open(path, encoding="utf-8") as fh:', '        fh.read()', '    axes = ("i", "j")', 'except UnicodeDecodeError:', '    axes = ("i",)'],
     'fh.write("\\xe9")', 'fh.write("e")', ''),
    ("ascii_write", ['path = os.path.join(tempfile.mkdtemp(), "e.txt")', 'try:', '    with open(path, "w", encoding="ascii") as fh:', '        fh.write("\\xe9")',
                     '    axes = ("i", "j")', 'except UnicodeEncodeError:', '    axes = ("i",)'],
     'fh.write("\\xe9")', 'fh.write("e")', ''),
    ("surrogate_write", ['path = os.path.join(tempfile.mkdtemp(), "e.txt")', 'try:', '    with open(path, "w", encoding="utf-8") as fh:', '        fh.write("\\udc80")',
                         '    axes = ("i", "j")', 'except UnicodeEncodeError:', '    axes = ("i",)'],
     'fh.write("\\udc80")', 'fh.write("u")', ''),
    ("utf16_length", ['path = os.path.join(tempfile.mkdtemp(), "e.txt")', 'with open(path, "w", encoding="utf-16") as fh:', '    fh.write("ab")',
                      'with open(path, encoding="latin-1") as fh:', '    axes = ("i",) if len(fh.read()) == 6 else ("i", "j")'],
     'encoding="utf-16"', 'encoding="latin-1"', ''),
    ("pathlib_ascii", ['path = pathlib.Path(tempfile.mkdtemp()) / "e.txt"', 'try:', '    path.write_text("\\xe9", encoding="ascii")', '    axes = ("i", "j")',
                       'except UnicodeEncodeError:', '    axes = ("i",)'],
     'path.write_text("\\xe9", encoding="ascii")', 'path.write_text("e", encoding="ascii")', ''),
    # T6: a second read of a handle gives "" (the file was read to its end)
    ("second_read_empty", ['path = os.path.join(tempfile.mkdtemp(), "r.txt")', 'with open(path, "w") as fh:', '    fh.write("wide")',
                           'with open(path) as fh:', '    fh.read()', '    axes = ("i", "j") if fh.read() == "wide" else ("i",)'],
     '    fh.read()\n', '    fh.close\n', ''),
    ("read_after_lines", ['path = os.path.join(tempfile.mkdtemp(), "r.txt")', 'with open(path, "w") as fh:', '    fh.write("a\\nb\\n")',
                          'with open(path) as fh:', '    first = [line for line in fh]', '    axes = ("i", "j") if fh.read() else ("i",)'],
     'first = [line for line in fh]', 'first = fh.name', ''),
    # T7: directories made by calls the record does not follow
    ("mkdtemp_inside", ['tmp = tempfile.mkdtemp()', 'tempfile.mkdtemp(dir=tmp)', 'axes = ("i",) if os.listdir(tmp) else ("i", "j")'],
     'tempfile.mkdtemp(dir=tmp)', 'tempfile.mkdtemp()', ''),
    ("mkstemp_inside", ['tmp = tempfile.mkdtemp()', 'os.close(tempfile.mkstemp(dir=tmp)[0])', 'axes = ("i",) if os.listdir(tmp) else ("i", "j")'],
     'tempfile.mkstemp(dir=tmp)', 'tempfile.mkstemp()', ''),
    ("named_temporary_inside", ['tmp = tempfile.mkdtemp()', 'tempfile.NamedTemporaryFile(dir=tmp, delete=False).close()', 'axes = ("i",) if os.listdir(tmp) else ("i", "j")'],
     'dir=tmp, delete=False', 'delete=False', ''),
    ("temporary_directory_inside", ['tmp = tempfile.mkdtemp()', 'inner = tempfile.TemporaryDirectory(dir=tmp)', 'axes = ("i",) if os.listdir(tmp) else ("i", "j")', 'inner.cleanup()'],
     'tempfile.TemporaryDirectory(dir=tmp)', 'tempfile.TemporaryDirectory()', ''),
    ("path_touch", ['tmp = pathlib.Path(tempfile.mkdtemp())', '(tmp / "t").touch()', 'axes = ("i",) if (tmp / "t").exists() else ("i", "j")'],
     '(tmp / "t").touch()', '(tmp / "t").exists()', ''),
    ("os_open_creat", ['tmp = tempfile.mkdtemp()', 'os.close(os.open(os.path.join(tmp, "o"), os.O_CREAT | os.O_WRONLY))',
                       'axes = ("i",) if os.path.exists(os.path.join(tmp, "o")) else ("i", "j")'],
     'os.O_CREAT | os.O_WRONLY))', 'os.O_CREAT | os.O_WRONLY)) or os.remove(os.path.join(tmp, "o"))', ''),
    ("open_exclusive", ['tmp = tempfile.mkdtemp()', 'open(os.path.join(tmp, "x"), "x").close()', 'axes = ("i",) if os.path.exists(os.path.join(tmp, "x")) else ("i", "j")'],
     '"x").close()', '"x").close() or os.remove(os.path.join(tmp, "x"))', ''),
    ("open_binary", ['tmp = tempfile.mkdtemp()', 'open(os.path.join(tmp, "b"), "wb").close()', 'axes = ("i",) if os.path.exists(os.path.join(tmp, "b")) else ("i", "j")'],
     '"wb").close()', '"wb").close() or os.remove(os.path.join(tmp, "b"))', ''),
    ("tofile_array", ['tmp = tempfile.mkdtemp()', 'np.arange(3).dump(os.path.join(tmp, "d.pkl"))', 'axes = ("i",) if os.path.exists(os.path.join(tmp, "d.pkl")) else ("i", "j")'],
     'np.arange(3).dump(', 'np.arange(3).size or (', ''),
)
for label, lines, old, new, pre in TMPS:
    axes_prog(f"tempdir_{label}", f"A fresh directory's files ({label.replace('_', ' ')}).", pre, lines, old, new, imports=TMP_IMPORTS)

# == L. maybe_leaving.py (`may_leave_stmt`): statements that always leave (exit 0, or raise into main's handler)
#    read as going on, so the wide reduce after them is read as reached -------------------------------------------
def leaves(name, doc, pre, lines, old, new, imports=""):
    """main leaves before the wide reduce (SystemExit(0), or into its own handler); the twin edits the leaving step."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n" + \
        "".join(f"    {line}\n" for line in lines) + '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


def caught(name, doc, pre, stmt, kind, old, new, imports=""):
    """main's try: `stmt` always raises `kind`, so the wide reduce after it never runs; the handler reduces over i."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n    try:\n" + \
        f"        {stmt}\n" + f"    except {kind}:\n" + '        return reduce_rows(mesh, x, ("i",))\n' + \
        '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


LEAVE_IMPORTS = "import argparse\nimport sys\nimport unittest\n"
STOPPER = "class Stopper:\n    def {hook}(self{args}):\n        sys.exit(0)"
for label, hook, args, lines, old, new in (
        ("iter_hook", "__iter__", "", ['for _ in Stopper():', '    pass'], 'for _ in Stopper():', 'for _ in []:'),
        ("bool_hook", "__bool__", "", ['if Stopper():', '    pass'], 'if Stopper():', 'if not Stopper:'),
        ("len_hook", "__len__", "", ['len(Stopper())'], 'len(Stopper())', 'len([Stopper])'),
        ("str_hook", "__str__", "", ['str(Stopper())'], 'str(Stopper())', 'str(Stopper)'),
        ("format_hook", "__format__", ", spec", ['f"{Stopper()}"'], 'f"{Stopper()}"', 'f"{Stopper}"'),
        ("getitem_hook", "__getitem__", ", key", ['Stopper()[0]'], 'Stopper()[0]', '[Stopper][0]'),
        ("getattr_hook", "__getattr__", ", name", ['Stopper().anything'], 'Stopper().anything', 'Stopper().__class__'),
        ("eq_hook", "__eq__", ", other", ['Stopper() == 0'], 'Stopper() == 0', 'Stopper is None'),
        ("add_hook", "__add__", ", other", ['Stopper() + 1'], 'Stopper() + 1', '[Stopper] + [1]'),
        ("hash_hook", "__hash__", "", ['{Stopper()}'], '{Stopper()}', '{Stopper}'),
        ("contains_hook", "__contains__", ", item", ['0 in Stopper()'], '0 in Stopper()', '0 in [Stopper]'),
        ("index_hook", "__index__", "", ['[0, 1][Stopper()]'], '[0, 1][Stopper()]', '[0, 1][0]'),
        ("neg_hook", "__neg__", "", ['-Stopper()'], '-Stopper()', 'print(Stopper)'),
        ("setitem_hook", "__setitem__", ", key, value", ['Stopper()[0] = 1'], 'Stopper()[0] = 1', 'Stopper.z = 1'),
        ("repr_hook", "__repr__", "", ['repr(Stopper())'], 'repr(Stopper())', 'repr(Stopper)'),
        ("call_on_module_object", "__iter__", "", ['list(STOP)'], 'list(STOP)', 'list([STOP])')):
    pre = STOPPER.format(hook=hook, args=args) + ("\n\n\nSTOP = Stopper()" if label == "call_on_module_object" else "")
    leaves(f"leave_{label}", f"A Stopper's {hook} ends the job (SystemExit(0)) before the wide reduce.", pre, lines, old, new,
           imports=LEAVE_IMPORTS)
for label, pre, lines, old, new in (
        ("metaclass_call", "class Meta(type):\n    def __call__(cls):\n        sys.exit(0)\n\n\nclass Job(metaclass=Meta):\n    pass",
         ['Job()'], 'Job()', 'Job'),
        ("nested_def_default", "", ['def later(code=sys.exit(0)):', '    return code'], 'code=sys.exit(0)', 'code=sys.exc_info()'),
        ("nested_def_decorator", "", ['@lambda function: sys.exit(0)', 'def later():', '    return 0'], '@lambda function: sys.exit(0)', '@lambda function: function'),
        ("nested_async_default", "", ['async def later(code=sys.exit(0)):', '    return code'], 'code=sys.exit(0)', 'code=sys.exc_info()'),
        ("argparse_help", "", ['argparse.ArgumentParser(prog="job").parse_args(["--help"])'], '["--help"]', '[]'),
        ("argparse_version", "", ['parser = argparse.ArgumentParser(prog="job")', 'parser.add_argument("--version", action="version", version="1")',
                                  'parser.parse_args(["--version"])'], 'parse_args(["--version"])', 'parse_args([])'),
        ("argparse_help_short", "", ['argparse.ArgumentParser(prog="job", add_help=True).parse_known_args(["-h"])'], '["-h"]', '["-x"]'),
        ("unittest_main", "", ['unittest.main(argv=["job"])'], 'unittest.main(argv=["job"])', 'unittest.TestCase(methodName="run")'),
        ("exec_exit", "", ['exec("import sys; sys.exit(0)")'], 'exec("import sys; sys.exit(0)")', 'exec("import sys")'),
        ("eval_exit", "", ['eval("__import__(\'sys\').exit(0)")'], 'eval("__import__(\'sys\').exit(0)")', 'eval("0")'),
        ("getattr_joined_name", "", ['getattr(sys, "ex" + "it")(0)'], '"ex" + "it"', '"get" + "sizeof"'),
        ("exitfunc_alias_dict", "", ['vars(sys)["ex" + "it"](0)'], '"ex" + "it"', '"get" + "sizeof"')):
    leaves(f"leave_{label}", f"main always leaves (SystemExit(0)) before the wide reduce ({label.replace('_', ' ')}).", pre, lines, old, new,
           imports=LEAVE_IMPORTS)
for label, pre, stmt, kind, old, new in (
        ("helper_raises", "class Done(Exception):\n    pass\n\n\ndef finish():\n    raise Done()", "finish()", "Done", "    raise Done()", "    return Done()"),
        ("helper_raises_value", "def check():\n    raise ValueError(\"stop here\")", "check()", "ValueError", '    raise ValueError("stop here")', '    return ValueError("stop here")'),
        ("method_raises", "class Job:\n    def run(self):\n        raise RuntimeError(\"done\")", "Job().run()", "RuntimeError", '        raise RuntimeError("done")', '        return RuntimeError("done")'),
        ("key_error", "", '{}["missing"]', "KeyError", '{}["missing"]', '{"missing": 0}["missing"]'),
        ("index_error", "", "[][0]", "IndexError", "[][0]", "[0][0]"),
        ("zero_division", "", "1 / 0", "ZeroDivisionError", "1 / 0", "1 / 1"),
        ("int_of_text", "", 'int("wide")', "ValueError", 'int("wide")', 'int("7")'),
        ("next_of_empty", "", "next(iter(()))", "StopIteration", "next(iter(()))", "next(iter((0,)))"),
        ("attribute_of_none", "", "None.shape", "AttributeError", "None.shape", "None.__class__"),
        ("assert_nonconstant", "", "assert not True", "AssertionError", "assert not True", "assert not False"),
        ("assert_len", "", "assert len([]) > 0", "AssertionError", "assert len([]) > 0", "assert len([]) == 0"),
        ("unpack_too_many", "", "a, b = (1, 2, 3)", "ValueError", "a, b = (1, 2, 3)", "a, b = (1, 2)"),
        ("name_error", "", "undefined_name_here", "NameError", "undefined_name_here", "ValueError"),
        ("import_error", "", "import not_a_module_adv22", "ImportError", "import not_a_module_adv22", "import json"),
        ("type_error_add", "", '"a" + 1', "TypeError", '"a" + 1', '"a" + "1"'),
        ("numpy_shape_error", "", "np.ones(3) + np.ones(4)", "ValueError", "np.ones(3) + np.ones(4)", "np.ones(3) + np.ones(3)"),
        ("lambda_raises", "FAIL = lambda: {}[0]", "FAIL()", "KeyError", "FAIL = lambda: {}[0]", "FAIL = lambda: {0: 0}[0]"),
        ("generator_throw", "def gen():\n    yield 0", "gen().throw(ValueError())", "ValueError", "gen().throw(ValueError())", "gen().close()")):
    caught(f"raises_{label}", f"main's try: a statement that always raises ({label.replace('_', ' ')}) comes before the wide reduce.",
           pre, stmt, kind, old, new)

# == O. called_objects.py (`object_calls`): `Cls(...)(...)` read as a call of Cls.__call__, though the object
#    made is another class's (`__new__`, a metaclass, a class decorator) or `__call__` is replaced by a
#    spelling the scan does not see ----------------------------------------------------------------------------
NARROW = '''class Narrow:
    def __call__(self, mesh, x, axes):
        return reduce_rows(mesh, x, ("i",))

'''
WIDE_CALL = '''    def __call__(self, mesh, x, axes):
        def body(block):
            rows = jax.lax.psum(block, "j")
            return jax.lax.psum(rows, axes)
        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
'''
for label, pre, cls_head, extra, old, new, imports in (
        ("new_returns_other", "", "class Reduce:\n    def __new__(cls, *args):\n        return Narrow()\n\n", "",
         "        return Narrow()", "        return object.__new__(cls)", ""),
        ("new_returns_other_kw", "", "class Reduce:\n    def __new__(cls, scale=1):\n        return Narrow()\n\n", "",
         "        return Narrow()", "        return super().__new__(cls)", ""),
        ("metaclass_call", "class Maker(type):\n    def __call__(cls, *args):\n        return Narrow()\n\n\n",
         "class Reduce(metaclass=Maker):\n", "", "        return Narrow()", "        return type.__call__(cls, *args)", ""),
        ("class_decorator", "def narrowed(cls):\n    return Narrow\n\n\n", "@narrowed\nclass Reduce:\n", "",
         "    return Narrow\n", "    return cls\n", ""),
        ("setattr_joined_name", "", "class Reduce:\n", "\n\nsetattr(Reduce, \"__\" + \"call__\", Narrow.__dict__[\"__\" + \"call__\"])\n",
         'setattr(Reduce, "__" + "call__"', 'setattr(Reduce, "__" + "doc__"', ""),
        ("init_subclass_hook", "class Base:\n    def __init_subclass__(cls, **kwargs):\n        cls.__call__ = Narrow.__call__\n\n\n",
         "class Reduce(Base):\n", "", "        cls.__call__ = Narrow.__call__", "        cls.kind = Narrow.__call__", ""),
        ("new_returns_instance_of_other_module_object", "NARROW = Narrow()\n\n\n",
         "class Reduce:\n    def __new__(cls, *args):\n        return NARROW\n\n", "", "        return NARROW", "        return object.__new__(cls)", "")):
    text = "@REDUCE@\n\n" + NARROW + "\n" + pre + cls_head + WIDE_CALL + extra + \
        '\n\ndef main(mesh, x):\n    return Reduce()(mesh, x, ("i", "j"))\n'
    prog(f"called_object_{label}", f"`Reduce()(mesh, x, axes)` does not run Reduce.__call__ ({label.replace('_', ' ')}).", text, old, new,
         imports=imports)

# == V. classes.py (`_field_changers`): fields changed by spellings the scan for setattr / vars / __dict__ misses
FIELD_CLASS = '''class Plan:
    def __init__(self, axes):
        self.axes = axes
'''
for label, pre, change, old, new, imports in (
        ("getattr_dict_item", "", 'getattr(plan, "__dict__")["axes"] = ("i",)', '= ("i",)', '= ("i", "j")', ""),
        ("getattr_dict_update", "", 'getattr(plan, "__dict__").update(axes=("i",))', 'axes=("i",)', 'axes=("i", "j")', ""),
        ("builtins_setattr", "", 'getattr(builtins, "setattr")(plan, "axes", ("i",))', '"axes", ("i",)', '"axes", ("i", "j")', "import builtins\n"),
        ("operator_setitem_dict", "", 'operator.setitem(getattr(plan, "__dict__"), "axes", ("i",))', '"axes", ("i",)', '"axes", ("i", "j")', "import operator\n"),
        ("object_getattribute_dict", "", 'object.__getattribute__(plan, "__dict__")["axes"] = ("i",)', '= ("i",)', '= ("i", "j")', ""),
        ("exec_store", "", 'exec("plan.axes = (\'i\',)")', "(\'i\',)", "(\'i\', \'j\')", ""),
        ):
    text = "@REDUCE@\n\n" + FIELD_CLASS + pre + '\n\ndef main(mesh, x):\n    plan = Plan(("i", "j"))\n' + f"    {change}\n" + \
        "    return reduce_rows(mesh, x, plan.axes)\n"
    prog(f"field_{label}", f"The plan's axes are changed to (\"i\",) ({label.replace('_', ' ')}).", text, old, new, imports=imports)
# V2: a `__getattr__` that only reads `self.__dict__` (lookup_hooks.read_only_dicts) but hands out the live dict or
#     one of its methods
for label, hook, change, old, new in (
        ("getattr_hands_dict", 'if name == "fields":\n            return self.__dict__', 'plan.fields["axes"] = ("i",)', '= ("i",)', '= ("i", "j")'),
        ("getattr_hands_update", 'if name == "change":\n            return self.__dict__.update', 'plan.change(axes=("i",))', 'axes=("i",)', 'axes=("i", "j")'),
        ("getattr_hands_setitem", 'if name == "put":\n            return self.__dict__.__setitem__', 'plan.put("axes", ("i",))', '"axes", ("i",)', '"axes", ("i", "j")'),
        ("getattr_hands_pop", 'if name == "drop":\n            return self.__dict__.pop', 'plan.drop("axes")', 'plan.drop("axes")', 'plan.drop("kind")'),
        ("getattr_hands_setdefault", 'if name == "fields":\n            return self.__dict__', 'plan.fields.pop("axes")', 'plan.fields.pop("axes")', 'plan.fields.pop("kind")'),
        ("getattr_hands_clear", 'if name == "reset":\n            return self.__dict__.clear', 'plan.reset()', 'plan.reset()', 'plan.kind')):
    text = "@REDUCE@\n\n" + 'class Plan:\n    axes = tuple("i")\n\n    def __init__(self, axes):\n        self.axes = axes\n        self.kind = "plan"\n\n' + \
        f"    def __getattr__(self, name):\n        {hook}\n        raise AttributeError(name)\n" + \
        '\n\ndef main(mesh, x):\n    plan = Plan(("i", "j"))\n' + f"    {change}\n" + "    return reduce_rows(mesh, x, plan.axes)\n"
    prog(f"field_{label}", f"A __getattr__ reading self.__dict__ hands out what changes the object ({label.replace('_', ' ')}).", text, old, new)
# V3: `__getattr__` answers a name the object lacks
for label, hook, read, old, new in (
        ("getattr_answers_default", 'if name == "axes":\n            return ("i",)', 'getattr(plan, "axes", ("i", "j"))', 'return ("i",)', 'return ("i", "j")'),
        ("getattr_answers_hasattr", 'if name == "narrow":\n            return True', '("i",) if hasattr(plan, "narrow") else ("i", "j")', 'return True', 'raise AttributeError(name)'),
        ("getattr_answers_dict_lookup", 'return self.__dict__.get("_" + name, ("i",))', 'plan.axes', '("i",))', '("i", "j"))')):
    text = "@REDUCE@\n\n" + "class Plan:\n    def __init__(self):\n        self.kind = \"plan\"\n\n" + \
        f"    def __getattr__(self, name):\n        {hook}\n" + ("        raise AttributeError(name)\n" if "return self" not in hook else "") + \
        '\n\ndef main(mesh, x):\n    plan = Plan()\n' + f"    axes = {read}\n" + "    return reduce_rows(mesh, x, axes)\n"
    prog(f"field_{label}", f"A __getattr__ answers a name the object lacks ({label.replace('_', ' ')}).", text, old, new)

# == E. environment_copies.py / script_environment.py: copies of os.environ and stores the mapping does not see
ENV_IMPORTS = "import copy\nimport os\n"
for label, lines, old, new in (
        ("unsetenv_copy", ['os.environ["SF_ADV22_E1"] = "narrow"', 'os.unsetenv("SF_ADV22_E1")', 'env = dict(os.environ)',
                           'axes = ("i",) if env.get("SF_ADV22_E1") == "narrow" else ("i", "j")'],
         'os.environ["SF_ADV22_E1"] = "narrow"', 'os.environ["SF_ADV22_E1"] = "wide"'),
        ("unsetenv_environ", ['os.environ["SF_ADV22_E2"] = "narrow"', 'os.unsetenv("SF_ADV22_E2")',
                              'axes = ("i",) if "SF_ADV22_E2" in os.environ else ("i", "j")'],
         'os.environ["SF_ADV22_E2"] = "narrow"', 'os.environ["SF_ADV22_E2X"] = "narrow"'),
        ("copy_copy_shares", ['env = copy.copy(os.environ)', 'env["SF_ADV22_E3"] = "narrow"',
                              'axes = ("i",) if os.environ.get("SF_ADV22_E3") == "narrow" else ("i", "j")'],
         'env = copy.copy(os.environ)', 'env = os.environ.copy()'),
        ("copy_copy_then_dict", ['env = copy.copy(os.environ)', 'env["SF_ADV22_E4"] = "narrow"',
                                 'axes = ("i",) if "SF_ADV22_E4" in dict(os.environ) else ("i", "j")'],
         'env = copy.copy(os.environ)', 'env = dict(os.environ)'),
        ("ior_update_copy", ['os.environ |= {"SF_ADV22_E5": "narrow"}', 'env = dict(os.environ)',
                             'axes = ("i",) if env.get("SF_ADV22_E5") == "narrow" else ("i", "j")'],
         '{"SF_ADV22_E5": "narrow"}', '{"SF_ADV22_E5": "wide"}'),
        ("update_kw_copy", ['os.environ.update(SF_ADV22_E6="narrow")', 'env = os.environ.copy()',
                            'axes = ("i",) if env.get("SF_ADV22_E6") == "narrow" else ("i", "j")'],
         'SF_ADV22_E6="narrow"', 'SF_ADV22_E6="wide"'),
        ("putenv_then_copy", ['os.putenv("SF_ADV22_E7", "wide")', 'env = dict(os.environ)',
                              'axes = ("i", "j") if env.get("SF_ADV22_E7") == "wide" else ("i",)'],
         'env.get("SF_ADV22_E7") == "wide"', 'env.get("SF_ADV22_E7") is None'),
        ("copy_of_copy_store", ['env = dict(os.environ)', 'other = env.copy()', 'other["SF_ADV22_E8"] = "wide"',
                                'axes = ("i", "j") if "SF_ADV22_E8" in env else ("i",)'],
         'other = env.copy()', 'other = env')):
    axes_prog(f"environ_{label}", f"What os.environ and its copies hold ({label.replace('_', ' ')}).", "", lines, old, new, imports=ENV_IMPORTS)

# == G5. numpy_generators.py: draws with size None that are arrays anyway (vector parameters), and the text a
#    choice of letters gives (np.str_, not str) --------------------------------------------------------------
for label, expr in (
        ("multinomial", "RNG.multinomial(10, [0.5, 0.5])"), ("dirichlet", "RNG.dirichlet([1.0, 1.0])"),
        ("multivariate_normal", "RNG.multivariate_normal([0.0, 0.0], np.eye(2))"), ("permutation_int", "RNG.permutation(5)"),
        ("normal_vector_loc", "RNG.normal([0.0, 1.0])"), ("uniform_vector_low", "RNG.uniform(np.zeros(3), 1.0)"),
        ("integers_vector_high", "RNG.integers(np.array([5, 6]))"), ("poisson_vector", "RNG.poisson([1.0, 2.0])"),
        ("binomial_vector", "RNG.binomial([3, 4], 0.5)"), ("exponential_vector", "RNG.exponential(np.ones(4))"),
        ("multivariate_hypergeometric", "RNG.multivariate_hypergeometric([2, 3], 2)")):
    pick(f"draw_vector_{label}", f"A draw of size None with vector parameters is an array of rank 1 ({label.replace('_', ' ')}).",
         "RNG = np.random.default_rng(6)", f"{expr}.ndim == 1", ".ndim == 1", ".ndim == 3")
for label, test, old, new in (
        ("choice_letters_str_", "isinstance(RNG.choice([\"i\", \"j\"]), np.str_)", "isinstance(RNG", "not isinstance(RNG"),
        ("choice_letters_type", "type(RNG.choice([\"i\", \"j\"])) is not str", "is not str", "is str"),
        ("choice_letters_generic", "isinstance(RNG.choice([\"a\", \"b\"]), np.generic)", "isinstance(RNG", "not isinstance(RNG"),
        ("array_of_letters_item", "isinstance(np.array([\"i\", \"j\"])[0], np.str_)", "isinstance(np", "not isinstance(np"),
        ("choice_letters_has_dtype", "hasattr(RNG.choice([\"i\", \"j\"]), \"dtype\")", "hasattr(RNG", "not hasattr(RNG")):
    pick(f"draw_text_{label}", f"A NumPy text scalar is np.str_ ({label.replace('_', ' ')}).", "RNG = np.random.default_rng(7)", test, old, new)

# == M2. more np.mgrid slices NumPy refuses ====================================================================
for label, stmt, kind, twin in (
        ("empty_step_two", "np.mgrid[6:0:2, 0:2]", "ValueError", "np.mgrid[0:6:2, 0:2]"),
        ("reversed_second", "np.mgrid[0:3, 3:0:1]", "ValueError", "np.mgrid[0:3, 0:3:1]"),
        ("negative_bounds", "np.mgrid[-1:-5, 0:2]", "ValueError", "np.mgrid[-5:-1, 0:2]"),
        ("start_only_two", "np.mgrid[4:2, 1:3, 0:2]", "ValueError", "np.mgrid[2:4, 1:3, 0:2]"),
        ("too_big_one_big_step", "np.mgrid[0:2**64:4]", "ValueError", "np.mgrid[0:2**6:4]"),
        ("too_big_two_second", "np.mgrid[0:2, 0:10**13]", "MemoryError", "np.mgrid[0:2, 0:10**3]")):
    trying(f"mgrid_{label}", f"np.mgrid raises {kind} in NumPy ({label.replace('_', ' ')}).", "", stmt, kind, stmt, twin)

# == T2. more of what a file system / codec does that the record of a fresh directory does not ================
TMPS2 = (
    ("newline_crlf_write", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w", newline="\\r\\n") as fh:', '    fh.write("a\\nb")',
                            'with open(path, newline="") as fh:', '    axes = ("i", "j") if fh.read() == "a\\nb" else ("i",)'],
     'newline="\\r\\n"', 'newline="\\n"'),
    ("newline_cr_write", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w", newline="\\r") as fh:', '    fh.write("a\\nb")',
                          'with open(path, newline="") as fh:', '    axes = ("i", "j") if fh.read() == "a\\nb" else ("i",)'],
     'newline="\\r"', 'newline=None'),
    ("newline_keep_cr_read", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w") as fh:', '    fh.write("a\\rb")',
                              'with open(path, newline="") as fh:', '    axes = ("i",) if fh.read() == "a\\rb" else ("i", "j")'],
     'fh.write("a\\rb")', 'fh.write("a\\nb")'),
    ("crlf_split_lines", ['path = os.path.join(tempfile.mkdtemp(), "n.txt")', 'with open(path, "w") as fh:', '    fh.write("a\\r\\nb\\rc")',
                          'with open(path) as fh:', '    axes = ("i", "j") if len([line for line in fh]) == 2 else ("i",)'],
     '[line for line in fh]) == 2', '[line for line in fh]) == 3'),
    ("bom_utf8_sig", ['path = os.path.join(tempfile.mkdtemp(), "b.txt")', 'with open(path, "w", encoding="utf-8-sig") as fh:', '    fh.write("ab")',
                      'with open(path, encoding="utf-8") as fh:', '    axes = ("i",) if fh.read() != "ab" else ("i", "j")'],
     'encoding="utf-8-sig"', 'encoding="utf-8"'),
    ("utf8_read_ascii", ['path = os.path.join(tempfile.mkdtemp(), "e.txt")', 'with open(path, "w", encoding="utf-8") as fh:', '    fh.write("\\xe9")',
                         'try:', '    with open(path, encoding="ascii") as fh:', '        fh.read()', '    axes = ("i", "j")', 'except UnicodeDecodeError:', '    axes = ("i",)'],
     'fh.write("\\xe9")', 'fh.write("e")'),
    ("pathlib_read_ascii", ['path = pathlib.Path(tempfile.mkdtemp()) / "e.txt"', 'path.write_text("\\u00e9\\u00e8")', 'try:', '    path.read_text(encoding="ascii")',
                            '    axes = ("i", "j")', 'except UnicodeDecodeError:', '    axes = ("i",)'],
     'path.write_text("\\u00e9\\u00e8")', 'path.write_text("ee")'),
    ("latin1_roundtrip_length", ['path = os.path.join(tempfile.mkdtemp(), "e.txt")', 'with open(path, "w", encoding="utf-8") as fh:', '    fh.write("\\xe9")',
                                 'with open(path, encoding="latin-1") as fh:', '    axes = ("i",) if len(fh.read()) == 2 else ("i", "j")'],
     'fh.write("\\xe9")', 'fh.write("e")'),
    ("multibyte_long_name", ['tmp = tempfile.mkdtemp()', 'try:', '    open(os.path.join(tmp, "\\xe9" * 128), "w").close()', '    axes = ("i", "j")',
                             'except OSError:', '    axes = ("i",)'],
     '"\\xe9" * 128', '"\\xe9" * 127'),
    ("long_name_256", ['tmp = pathlib.Path(tempfile.mkdtemp())', 'try:', '    (tmp / ("f" * 256)).write_text("x")', '    axes = ("i", "j")',
                       'except OSError:', '    axes = ("i",)'],
     '("f" * 256)', '("f" * 255)'),
    ("long_name_mkdir_os", ['tmp = tempfile.mkdtemp()', 'try:', '    os.mkdir(os.path.join(tmp, "m" * 260))', '    axes = ("i", "j")',
                            'except OSError:', '    axes = ("i",)'],
     '"m" * 260', '"m" * 26'),
    ("nul_name_mkdir", ['tmp = tempfile.mkdtemp()', 'try:', '    os.mkdir(os.path.join(tmp, "d\\0"))', '    axes = ("i", "j")',
                        'except ValueError:', '    axes = ("i",)'],
     '"d\\0"', '"d0"'),
    ("nul_name_json_dump", ['tmp = tempfile.mkdtemp()', 'try:', '    with open(os.path.join(tmp, "c\\0.json"), "w") as fh:', '        json.dump({}, fh)', '    axes = ("i", "j")',
                            'except ValueError:', '    axes = ("i",)'],
     '"c\\0.json"', '"c0.json"'),
    ("surrogate_write_text", ['path = pathlib.Path(tempfile.mkdtemp()) / "s.txt"', 'try:', '    path.write_text("\\ud800")', '    axes = ("i", "j")',
                              'except UnicodeEncodeError:', '    axes = ("i",)'],
     'path.write_text("\\ud800")', 'path.write_text("u800")'),
    ("ascii_json_dump", ['path = os.path.join(tempfile.mkdtemp(), "c.json")', 'try:', '    with open(path, "w", encoding="ascii") as fh:',
                         '        fh.write("\\u2713")', '    axes = ("i", "j")', 'except UnicodeEncodeError:', '    axes = ("i",)'],
     'fh.write("\\u2713")', 'fh.write("v")'),
)
for label, lines, old, new in TMPS2:
    axes_prog(f"tempdir_{label}", f"A fresh directory's files ({label.replace('_', ' ')}).", "", lines, old, new, imports=TMP_IMPORTS)

# == L2. more statements that always leave: hooks the table does not list, descriptors, signal handlers, a name
#    rebound through globals() ---------------------------------------------------------------------------------
for label, hook, args, lines, old, new in (
        ("lt_hook", "__lt__", ", other", ['Stopper() < 1'], 'Stopper() < 1', '[Stopper] < [1]' if False else 'Stopper is not None'),
        ("int_hook", "__int__", "", ['int(Stopper())'], 'int(Stopper())', 'int(len([Stopper]))'),
        ("float_hook", "__float__", "", ['float(Stopper())'], 'float(Stopper())', 'float(len([Stopper]))'),
        ("abs_hook", "__abs__", "", ['abs(Stopper())'], 'abs(Stopper())', 'abs(len([Stopper]))'),
        ("iadd_hook", "__iadd__", ", other", ['total = Stopper()', 'total += 1'], 'total += 1', 'total = 1'),
        ("delitem_hook", "__delitem__", ", key", ['del Stopper()[0]'], 'del Stopper()[0]', 'del [Stopper][0]'),
        ("reversed_hook", "__reversed__", "", ['reversed(Stopper())'], 'reversed(Stopper())', 'reversed([Stopper])'),
        ("fspath_hook", "__fspath__", "", ['os.fspath(Stopper())'], 'os.fspath(Stopper())', 'os.fspath("job")'),
        ("next_hook", "__next__", "", ['next(Stopper())'], 'next(Stopper())', 'next(iter([Stopper]))'),
        ("bool_in_while", "__bool__", "", ['while Stopper():', '    pass'], 'while Stopper():', 'while not Stopper:'),
        ("matmul_hook", "__matmul__", ", other", ['Stopper() @ 1'], 'Stopper() @ 1', 'print(Stopper)'),
        ("length_hint_hook", "__length_hint__", "", ['operator.length_hint(Stopper())'], 'operator.length_hint(Stopper())', 'operator.length_hint([])')):
    leaves(f"leave_{label}", f"A Stopper's {hook} ends the job (SystemExit(0)) before the wide reduce.", STOPPER.format(hook=hook, args=args),
           lines, old, new, imports=LEAVE_IMPORTS + "import operator\nimport os\n")
for label, pre, lines, old, new in (
        ("descriptor_get", "class Stop:\n    def __get__(self, obj, owner):\n        sys.exit(0)\n\n\nclass Job:\n    done = Stop()",
         ['Job().done'], 'Job().done', 'Job()'),
        ("descriptor_set", "class Stop:\n    def __get__(self, obj, owner):\n        return 0\n\n    def __set__(self, obj, value):\n        sys.exit(0)\n\n\nclass Job:\n    done = Stop()",
         ['Job().done = 1'], 'Job().done = 1', 'Job().done'),
        ("missing_hook", "class Table(dict):\n    def __missing__(self, key):\n        sys.exit(0)", ['Table()["k"]'], 'Table()["k"]', 'Table(k=1)["k"]'),
        ("signal_handler", "def stop(signum, frame):\n    sys.exit(0)\n\n\nsignal.signal(signal.SIGUSR1, stop)",
         ['signal.raise_signal(signal.SIGUSR1)'], 'signal.raise_signal(signal.SIGUSR1)', 'signal.getsignal(signal.SIGUSR1)'),
        ("globals_rebinds_helper", "def stop():\n    sys.exit(0)\n\n\ndef report():\n    return None\n\n\nglobals()[\"re\" + \"port\"] = stop",
         ['report()'], 'globals()["re" + "port"] = stop', 'globals()["re" + "port"] = report'),
        ("defaults_swapped", "def stop(code=0):\n    sys.exit(code)\n\n\ndef report(message=0):\n    return message\n\n\nreport.__code__ = stop.__code__",
         ['report()'], 'report.__code__ = stop.__code__', 'report.__doc__ = stop.__doc__'),
        ("property_by_getattr_text", "class Job:\n    def __getattr__(self, name):\n        return getattr(sys, name)",
         ['Job().exit(0)'], 'Job().exit(0)', 'Job().getrecursionlimit()')):
    leaves(f"leave_{label}", f"main always leaves (SystemExit(0)) before the wide reduce ({label.replace('_', ' ')}).", pre, lines, old, new,
           imports=LEAVE_IMPORTS + "import signal\n")

# == V4. more field changes the scan misses ======================================================================
for label, pre, change, old, new, imports in (
        ("getattr_setattr_method", "", 'getattr(plan, "__setattr__")("axes", ("i",))', '"axes", ("i",)', '"axes", ("i", "j")', ""),
        ("getattr_init_again", "", 'getattr(plan, "__init__")(("i",))', '(("i",))', '(("i", "j"))', ""),
        ("class_getattr_init", "", 'getattr(Plan, "__init__")(plan, ("i",))', '(plan, ("i",))', '(plan, ("i", "j"))', ""),
        ("getattr_dict_pop_class_default", "", 'getattr(plan, "__dict__").pop("axes")', '.pop("axes")', '.pop("kind", None)', ""),
        ("getattr_dict_clear", "", 'getattr(plan, "__dict__").clear()', '.clear()', '.copy()', ""),
        ("del_getattr_dict_item", "", 'del getattr(plan, "__dict__")["axes"]', 'del getattr(plan, "__dict__")["axes"]', 'getattr(plan, "__dict__")["axes"]', ""),
        ("partial_setattr_method", "", 'functools.partial(getattr(plan, "__setattr__"), "axes")(("i",))', '"axes")(("i",))', '"axes")(("i", "j"))', "import functools\n"),
        ("operator_methodcaller", "", 'operator.methodcaller("__setattr__", "axes", ("i",))(plan)', '"axes", ("i",))', '"axes", ("i", "j"))', "import operator\n")):
    text = "@REDUCE@\n\n" + FIELD_CLASS.replace("class Plan:\n", 'class Plan:\n    axes = tuple("i")\n\n') + pre + \
        '\n\ndef main(mesh, x):\n    plan = Plan(("i", "j"))\n' + f"    {change}\n" + "    return reduce_rows(mesh, x, plan.axes)\n"
    prog(f"field_{label}", f"The plan's axes are changed to (\"i\",) ({label.replace('_', ' ')}).", text, old, new, imports=imports)
for label, change, old, new in (
        ("slots_member_set", 'Plan.axes.__set__(plan, ("i",))', 'plan, ("i",))', 'plan, ("i", "j"))'),
        ("slots_member_delete_class_default", 'Plan.axes.__set__(plan, tuple("i"))', 'tuple("i"))', 'tuple(["i", "j"]))')):
    text = "@REDUCE@\n\n" + 'class Plan:\n    __slots__ = ("axes",)\n\n    def __init__(self, axes):\n        self.axes = axes\n' + \
        '\n\ndef main(mesh, x):\n    plan = Plan(("i", "j"))\n' + f"    {change}\n" + "    return reduce_rows(mesh, x, plan.axes)\n"
    prog(f"field_{label}", f"A slot's member descriptor stores the field ({label.replace('_', ' ')}).", text, old, new)

# == O2. more `Cls(...)(...)` that do not reach Cls.__call__ ====================================================
for label, pre, cls_head, extra, old, new in (
        ("new_object_new_other", "", "class Reduce:\n    def __new__(cls, *args):\n        return object.__new__(Narrow)\n\n", "",
         "        return object.__new__(Narrow)", "        return object.__new__(cls)"),
        ("decorator_returns_lambda", "def narrowed(cls):\n    return lambda: Narrow()\n\n\n", "@narrowed\nclass Reduce:\n", "",
         "    return lambda: Narrow()", "    return cls"),
        ("decorator_returns_instance_maker", "def narrowed(cls):\n    return Narrow\n\n\n", "@narrowed\n@functools.total_ordering\nclass Reduce:\n    def __lt__(self, other):\n        return False\n\n", "",
         "    return Narrow\n", "    return cls\n"),
        ("globals_rebinds_class", "", "class Reduce:\n", '\n\nglobals()["Re" + "duce"] = Narrow\n', 'globals()["Re" + "duce"] = Narrow', 'globals()["Re" + "duced"] = Narrow'),
        ("module_setattr_class", "", "class Reduce:\n", '\n\nsetattr(sys.modules[__name__], "Re" + "duce", Narrow)\n',
         'setattr(sys.modules[__name__], "Re" + "duce", Narrow)', 'setattr(sys.modules[__name__], "Re" + "duced", Narrow)'),
        ("metaclass_new_other", "class Maker(type):\n    def __call__(cls, *args):\n        return Narrow.__new__(Narrow)\n\n\n",
         "class Reduce(metaclass=Maker):\n", "", "        return Narrow.__new__(Narrow)", "        return type.__call__(cls, *args)")):
    text = "@REDUCE@\n\n" + NARROW + "\n" + pre + cls_head + WIDE_CALL + extra + \
        '\n\ndef main(mesh, x):\n    return Reduce()(mesh, x, ("i", "j"))\n'
    prog(f"called_object_{label}", f"`Reduce()(mesh, x, axes)` does not run Reduce.__call__ ({label.replace('_', ' ')}).", text, old, new,
         imports="import functools\nimport sys\n")

# == T4. more of the fresh directory's record: a prefix the file system refuses, where NumPy's save and load land
TMPS3 = (
    ("long_prefix_mkdtemp", ['try:', '    tempfile.mkdtemp(prefix="p" * 300)', '    axes = ("i", "j")', 'except OSError:', '    axes = ("i",)'],
     '"p" * 300', '"p" * 30'),
    ("long_suffix_mkdtemp", ['try:', '    tempfile.mkdtemp(suffix="s" * 260)', '    axes = ("i", "j")', 'except OSError:', '    axes = ("i",)'],
     '"s" * 260', '"s" * 26'),
    ("long_prefix_temporary_directory", ['try:', '    with tempfile.TemporaryDirectory(prefix="q" * 300) as tmp:', '        axes = ("i", "j")',
                                         'except OSError:', '    axes = ("i",)'],
     '"q" * 300', '"q" * 30'),
    ("load_without_suffix", ['tmp = tempfile.mkdtemp()', 'np.save(os.path.join(tmp, "w"), np.ones(3))', 'try:', '    np.load(os.path.join(tmp, "w"))',
                             '    axes = ("i", "j")', 'except FileNotFoundError:', '    axes = ("i",)'],
     'np.load(os.path.join(tmp, "w"))', 'np.load(os.path.join(tmp, "w.npy"))'),
    ("exists_without_suffix", ['tmp = tempfile.mkdtemp()', 'np.save(os.path.join(tmp, "w"), np.ones(3))',
                               'axes = ("i", "j") if os.path.exists(os.path.join(tmp, "w")) else ("i",)'],
     'os.path.exists(os.path.join(tmp, "w"))', 'os.path.exists(os.path.join(tmp, "w.npy"))'),
    ("savez_of_npy_name", ['tmp = tempfile.mkdtemp()', 'np.savez(os.path.join(tmp, "w.npy"), a=np.ones(3))',
                           'axes = ("i", "j") if os.path.exists(os.path.join(tmp, "w.npy")) else ("i",)'],
     'os.path.exists(os.path.join(tmp, "w.npy"))', 'os.path.exists(os.path.join(tmp, "w.npy.npz"))'),
    ("save_upper_suffix", ['tmp = tempfile.mkdtemp()', 'np.save(os.path.join(tmp, "w.NPY"), np.ones(3))',
                           'axes = ("i", "j") if os.path.exists(os.path.join(tmp, "w.NPY")) else ("i",)'],
     'os.path.exists(os.path.join(tmp, "w.NPY"))', 'os.path.exists(os.path.join(tmp, "w.NPY.npy"))'),
    ("load_npz_files", ['tmp = tempfile.mkdtemp()', 'np.savez(os.path.join(tmp, "w"), a=np.ones(3))',
                        'axes = ("i",) if hasattr(np.load(os.path.join(tmp, "w.npz")), "files") else ("i", "j")'],
     'hasattr(np.load', 'not hasattr(np.load'),
    ("path_save_listdir", ['tmp = pathlib.Path(tempfile.mkdtemp())', 'np.save(tmp / "w.txt", np.ones(3))',
                           'axes = ("i", "j") if (tmp / "w.txt").exists() else ("i",)'],
     '(tmp / "w.txt").exists()', '(tmp / "w.txt.npy").exists()'),
)
for label, lines, old, new in TMPS3:
    axes_prog(f"tempdir_{label}", f"A fresh directory's files ({label.replace('_', ' ')}).", "", lines, old, new, imports=TMP_IMPORTS)

# == D. drawn_texts.py (DrawChoice, DrawnItems, str_method) via numpy_generators.py's `choice`: NumPy's str arrays
#    drop trailing NULs, so a drawn "\0" is "" (a one-letter alphabet member read as one letter) -----------------
for label, test, old, new in (
        ("join_length", 'len("".join(RNG.choice(["\\0", "\\0"], size=3))) == 0', ") == 0", ") == 3"),
        ("join_empty", 'not "".join(RNG.choice(["\\0"], size=4))', 'not "".join', '"".join'),
        ("join_length_of_two", 'len("".join(RNG.choice(("\\0", "\\0"), 2))) < 2', ") < 2", ") == 2"),
        ("join_text_length", 'len("-".join(RNG.choice(["\\0"], size=3))) == 2', ") == 2", ") == 5"),
        ("member_length", 'len(RNG.choice(["\\0"], size=1)[0]) == 0', ") == 0", ") == 1"),
        ("join_iter_count", 'sum(1 for _ in "".join(RNG.choice(["\\0"], size=5))) == 0', ") == 0", ") == 5")):
    pick(f"drawn_nul_{label}", f"A drawn NUL letter is an empty NumPy str ({label.replace('_', ' ')}).", "RNG = np.random.default_rng(8)", test, old, new)
