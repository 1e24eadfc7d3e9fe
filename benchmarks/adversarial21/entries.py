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


# -- library_members.py (array_presence, _HOST_COMMON): NumPy's random generators are held as host arrays,
#    but they have none of the names every ndarray / NumPy scalar has -------------------------------------------
for attr in ("sum", "mean", "astype", "reshape", "copy", "size", "item", "tolist", "flatten", "max", "min", "std",
             "nbytes", "ravel", "any", "all", "transpose", "view"):
    pick(f"hasattr_generator_{attr}", f"NumPy's random Generator has no `.{attr}` (every ndarray has).",
         "RNG = np.random.default_rng(0)", f'not hasattr(RNG, "{attr}")', f'"{attr}"', '"integers"')
for attr in ("sum", "shape", "reshape", "T", "dtype", "astype"):
    pick(f"hasattr_randomstate_{attr.lower()}", f"A legacy RandomState has no `.{attr}`.",
         "RS = np.random.RandomState(0)", f'not hasattr(RS, "{attr}")', f'"{attr}"', '"randint"')
for attr in ("sum", "shape", "copy"):
    pick(f"getattr_default_generator_{attr}", f"getattr(Generator, '{attr}', None) gives the default.",
         "RNG = np.random.default_rng(1)", f'getattr(RNG, "{attr}", None) is None', f'"{attr}"', '"random"')
for attr, kind in (("mean", "AttributeError"), ("sum", "(AttributeError, TypeError)"), ("reshape", "Exception")):
    trying(f"try_generator_{attr}_read", f"Reading `.{attr}` of a Generator raises AttributeError (caught by `except {kind}`).",
           "RNG = np.random.default_rng(2)", f'RNG.{attr}', kind, f'    RNG.{attr}', '    RNG.random')
pick("hasattr_bitgenerator_shape", "A PCG64 bit generator has no `.shape`.", "BG = np.random.PCG64(0)",
     'not hasattr(BG, "shape")', '"shape"', '"random_raw"')
pick("hasattr_seedsequence_sum", "A SeedSequence has no `.sum`.", "SEQ = np.random.SeedSequence(0)",
     'not hasattr(SEQ, "sum")', '"sum"', '"spawn"')
pick("hasattr_generator_from_spawn", "Generators from rng.spawn have no `.shape` either.",
     "KIDS = np.random.default_rng(0).spawn(2)", 'not hasattr(KIDS[0], "shape")', '"shape"', '"integers"')

# -- library_members.py, device side (_DEVICE_COMMON): objects the run may hold as jax arrays ------------------
pick("hasattr_typed_key_tolist", "A typed PRNG key array (jax.random.key) has no `.tolist`.", "KEY = jax.random.key(0)",
     'not hasattr(KEY, "tolist")', '"tolist"', '"shape"')
pick("hasattr_typed_key_tobytes", "A typed PRNG key array has no `.tobytes`.", "KEY = jax.random.key(1)",
     'not hasattr(KEY, "tobytes")', '"tobytes"', '"dtype"')
pick("getattr_default_typed_key_tolist", "getattr(key, 'tolist', None) of a typed key: the default.", "KEY = jax.random.key(2)",
     'getattr(KEY, "tolist", None) is None', '"tolist"', '"ndim"')
trying("hasattr_typed_key_real_raises", "hasattr(key, 'real') of a typed key raises NotImplementedError (not False).",
       "KEY = jax.random.key(3)", 'hasattr(KEY, "real")', "NotImplementedError", 'hasattr(KEY, "real")', 'hasattr(KEY, "shape")')
trying("hasattr_split_key_imag_raises", "hasattr(.., 'imag') of split typed keys raises NotImplementedError.",
       "", 'hasattr(jax.random.split(jax.random.key(0), 2), "imag")', "NotImplementedError", '"imag")', '"ndim")')
for attr in ("sum", "T", "astype", "reshape", "item", "mean"):
    pick(f"hasattr_shape_dtype_struct_{attr.lower()}", f"A jax.ShapeDtypeStruct has no `.{attr}`.",
         "SPEC = jax.ShapeDtypeStruct((8, 8), jnp.float32)", f'not hasattr(SPEC, "{attr}")', f'"{attr}"', '"shape"')
pick("hasattr_eval_shape_sum", "jax.eval_shape gives a ShapeDtypeStruct: no `.sum`.", "",
     'not hasattr(jax.eval_shape(jnp.sin, x), "sum")', '"sum"', '"shape"')
pick("hasattr_eval_shape_astype", "jax.eval_shape gives a ShapeDtypeStruct: no `.astype`.", "",
     'not hasattr(jax.eval_shape(lambda a: a * 2, x), "astype")', '"astype"', '"dtype"')
pick("hasattr_shard_shape", "An addressable Shard has no `.shape` (its `.data` has).", "",
     'not hasattr(x.addressable_shards[0], "shape")', '"shape"', '"data"')
pick("hasattr_shard_dtype", "An addressable Shard has no `.dtype`.", "",
     'not hasattr(x.addressable_shards[1], "dtype")', '"dtype"', '"device"')
pick("hasattr_item_dtype", "`.item()` of a jax array is a Python float: no `.dtype`.", "",
     'not hasattr(x.max().item(), "dtype")', '"dtype"', '"real"')
pick("hasattr_host_item_shape", "`.item()` of a NumPy scalar is a Python float: no `.shape`.", "",
     'not hasattr(np.asarray(x).sum().item(), "shape")', '"shape"', '"imag"')
pick("hasattr_tolist_shape", "`.tolist()` is a list: no `.shape`.", "",
     'not hasattr(np.asarray(x).tolist(), "shape")', '"shape"', '"copy"')
pick("hasattr_tobytes_shape", "`.tobytes()` is bytes: no `.shape`.", "",
     'not hasattr(np.asarray(x).tobytes(), "shape")', '"shape"', '"hex"')
pick("hasattr_dtype_sum", "An array's dtype has no `.sum`.", "",
     'not hasattr(np.asarray(x).dtype, "sum")', '"sum"', '"kind"')
pick("hasattr_flatiter_shape", "`.flat` (a flatiter) has no `.shape`.", "",
     'not hasattr(np.asarray(x).flat, "shape")', '"shape"', '"base"')
pick("hasattr_jax_item_ndim", "`.item()` of a jax array: no `.ndim`.", "",
     'not hasattr(x.sum().item(), "ndim")', '"ndim"', '"conjugate"')

# -- script_warnings.py: what makes warnings.warn raise besides an "error" filter --------------------------------
LOUD = '''
def loud(message, category, filename, lineno, file=None, line=None):
    raise RuntimeError(str(message))


def loud_format(message, category, filename, lineno, line=None):
    raise RuntimeError(str(message))
'''
for label, setter in (("showwarning", "warnings.showwarning = loud"), ("formatwarning", "warnings.formatwarning = loud_format")):
    axes_prog(f"warn_{label}_replaced", f"warnings.{label} replaced by a function that raises: warn raises RuntimeError.", LOUD,
              ['with warnings.catch_warnings():', f'    {setter}', '    try:', '        warnings.warn("old keyword", UserWarning)',
               '        axes = ("i", "j")', '    except RuntimeError:', '        axes = ("i",)'],
              f'    {setter}', f'    {setter.split(" = ")[0]}_saved = None', imports="import warnings\n")
axes_prog("warn_filters_list_insert", "An 'error' filter put straight into warnings.filters: warn raises.", "",
          ['with warnings.catch_warnings():', '    warnings.filters.insert(0, ("error", None, Warning, None, 0))', '    try:',
           '        warnings.warn("old keyword", UserWarning)', '        axes = ("i", "j")', '    except UserWarning:', '        axes = ("i",)'],
          '    warnings.filters.insert(0, ("error", None, Warning, None, 0))', '    warnings.filters.insert(0, ("ignore", None, Warning, None, 0))',
          imports="import warnings\n")
for label, setter in (("getattr", 'getattr(warnings, "simplefilter")("error")'), ("alias", 'quiet("error")'),
                      ("starred", 'warnings.simplefilter(*["error"])'), ("dict_action", 'warnings.simplefilter(**{"action": "error"})'),
                      ("partial", 'functools.partial(warnings.simplefilter, "error")()')):
    axes_prog(f"warn_error_filter_{label}", f"An 'error' filter added by {setter}: warn raises UserWarning.",
              "quiet = warnings.simplefilter" if label == "alias" else "",
              ['with warnings.catch_warnings():', f'    {setter}', '    try:', '        warnings.warn("old keyword", UserWarning)',
               '        axes = ("i", "j")', '    except UserWarning:', '        axes = ("i",)'],
              f'    {setter}', '    ' + setter.replace('"error"', '"ignore"'), imports="import functools\nimport warnings\n")
# NumPy's floating-point errors: np.errstate(all="raise") makes them FloatingPointError; an "error" filter makes
# NumPy's RuntimeWarning an exception
for label, expr in (("divide", "np.float64(1.0) / np.float64(0.0)"), ("log_zero", "np.log(np.float64(0.0))"),
                    ("sqrt_negative", "np.sqrt(np.float64(-1.0))"), ("overflow_mul", "np.float32(1e30) * np.float32(1e30)"),
                    ("int8_overflow", "np.int8(100) + np.int8(100)"), ("array_divide", "np.asarray(x) / 0.0"),
                    ("exp_overflow", "np.exp(np.float32(100.0))"), ("arccos_domain", "np.arccos(np.float64(2.0))")):
    twin = {"divide": "np.float64(1.0) / np.float64(2.0)", "log_zero": "np.log(np.float64(1.0))",
            "sqrt_negative": "np.sqrt(np.float64(1.0))", "overflow_mul": "np.float32(1e3) * np.float32(1e3)",
            "int8_overflow": "np.int8(10) + np.int8(10)", "array_divide": "np.asarray(x) / 2.0",
            "exp_overflow": "np.exp(np.float32(1.0))", "arccos_domain": "np.arccos(np.float64(0.5))"}[label]
    axes_prog(f"errstate_raise_{label}", f"Under np.errstate(all='raise'), {expr} raises FloatingPointError.", "",
              ['with np.errstate(all="raise"):', '    try:', f'        {expr}', '        axes = ("i", "j")',
               '    except FloatingPointError:', '        axes = ("i",)'], f'        {expr}', f'        {twin}')
    axes_prog(f"warn_error_numpy_{label}", f"Under an 'error' filter, NumPy's RuntimeWarning from {expr} raises.", "",
              ['with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    try:', f'        {expr}',
               '        axes = ("i", "j")', '    except RuntimeWarning:', '        axes = ("i",)'], f'        {expr}', f'        {twin}',
              imports="import warnings\n")
axes_prog("warn_error_jnp_float64", "Under an 'error' filter, jnp.asarray(.., float64) with x64 off raises UserWarning.", "",
          ['with warnings.catch_warnings():', '    warnings.simplefilter("error")', '    try:', '        jnp.asarray(x, dtype=jnp.float64)',
           '        axes = ("i", "j")', '    except UserWarning:', '        axes = ("i",)'], '        jnp.asarray(x, dtype=jnp.float64)',
          '        jnp.asarray(x, dtype=jnp.float32)', imports="import warnings\n")

# -- unknown_numbers.py / device_counts.py: arithmetic on device counts that raises on 8 devices -------------------
for label, stmt, kind, twin in (
        ("floordiv_zero", "16 // (jax.device_count() - 8)", "ZeroDivisionError", "16 // (jax.device_count() - 7)"),
        ("mod_zero", "16 % (jax.device_count() - 8)", "ZeroDivisionError", "16 % (jax.device_count() - 7)"),
        ("truediv_zero", "16 / (jax.device_count() - 8)", "ZeroDivisionError", "16 / (jax.device_count() - 7)"),
        ("divmod_zero", "divmod(16, jax.device_count() - 8)", "ZeroDivisionError", "divmod(16, jax.device_count() - 7)"),
        ("process_index_zero", "1 // jax.process_index()", "ZeroDivisionError", "1 // (jax.process_index() + 1)"),
        ("process_count_zero", "1 // (jax.process_count() - 1)", "ZeroDivisionError", "1 // jax.process_count()"),
        ("negative_power", "(jax.device_count() - 8) ** -1", "ZeroDivisionError", "(jax.device_count() - 7) ** -1"),
        ("pow_zero_negative", "pow(0, 7 - jax.device_count())", "ZeroDivisionError", "pow(0, 9 - jax.device_count())"),
        ("math_log_zero", "math.log(jax.device_count() - 8)", "ValueError", "math.log(jax.device_count() - 7)"),
        ("math_sqrt_negative", "math.sqrt(7 - jax.device_count())", "ValueError", "math.sqrt(9 - jax.device_count())"),
        ("math_factorial_negative", "math.factorial(7 - jax.device_count())", "ValueError", "math.factorial(9 - jax.device_count())"),
        ("math_isqrt_negative", "math.isqrt(7 - jax.device_count())", "ValueError", "math.isqrt(9 - jax.device_count())"),
        ("math_comb_negative", "math.comb(7 - jax.device_count(), 1)", "ValueError", "math.comb(9 - jax.device_count(), 1)"),
        ("range_zero_step", "range(0, 16, jax.device_count() - 8)", "ValueError", "range(0, 16, jax.device_count() - 7)"),
        ("devices_index", "jax.devices()[8]", "IndexError", "jax.devices()[7]"),
        ("devices_index_count", "jax.devices()[jax.device_count()]", "IndexError", "jax.devices()[jax.device_count() - 1]"),
        ("local_devices_index", "jax.local_devices()[jax.local_device_count()]", "IndexError", "jax.local_devices()[0]"),
        ("bytes_negative", "bytes(7 - jax.device_count())", "ValueError", "bytes(9 - jax.device_count())"),
        ("np_ones_negative", "np.ones(7 - jax.device_count())", "ValueError", "np.ones(9 - jax.device_count())"),
        ("np_split_uneven", "np.split(np.arange(8), jax.device_count() - 5)", "ValueError", "np.split(np.arange(8), jax.device_count() - 4)"),
        ("host_reshape_uneven", "np.asarray(x).reshape(jax.device_count() - 5, -1)", "ValueError", "np.asarray(x).reshape(jax.device_count() - 4, -1)"),
        ("list_index_count", '["i", "j"][jax.device_count()]', "IndexError", '["i", "j"][jax.device_count() - 7]'),
        ("str_index_count", '"ij"[jax.device_count()]', "IndexError", '"ij"[jax.device_count() - 7]'),
        ("shape_floordiv_zero", "x.shape[0] // (jax.device_count() - 8)", "ZeroDivisionError", "x.shape[0] // (jax.device_count() - 7)"),
        ("len_devices_floordiv", "16 // (len(jax.devices()) - 8)", "ZeroDivisionError", "16 // (len(jax.devices()) - 7)"),
        ("local_count_floordiv", "16 // (jax.local_device_count() - 8)", "ZeroDivisionError", "16 // (jax.local_device_count() - 7)"),
        ("count_mod_eight_zero", "16 // (jax.device_count() % 8)", "ZeroDivisionError", "16 // (jax.device_count() % 8 + 1)"),
        ("shards_index", "x.addressable_shards[jax.device_count()]", "IndexError", "x.addressable_shards[jax.device_count() - 1]")):
    trying(f"count_{label}", f"`{stmt}` raises {kind} on 8 devices (caught).", "", stmt, kind, f"    {stmt}", f"    {twin}",
           imports="import math\n")

# -- handed_errors.py: the caller's handler hands the exception back; the caller tests what it got -----------------
CALLS = (("jax_reshape", "x.reshape(3, 5)", "x.reshape(8, 8)", "TypeError"),
         ("host_reshape", "np.asarray(x).reshape(3, 5)", "np.asarray(x).reshape(4, 16)", "ValueError"),
         ("jnp_dot", "jnp.dot(x, jnp.ones(3))", "jnp.dot(x, jnp.ones(8))", "TypeError"),
         ("broadcast_add", "x + jnp.ones(3)", "x + jnp.ones(8)", "ValueError"),
         ("float_of_matrix", "float(x)", "float(x[0, 0])", "TypeError"),
         ("host_item", "np.asarray(x).item()", "np.asarray(x)[0, 0].item()", "ValueError"),
         ("jnp_concatenate", "jnp.concatenate([x, jnp.ones(3)])", "jnp.concatenate([x, jnp.ones((1, 8))])", "TypeError"),
         ("linalg_inv", "np.linalg.inv(np.zeros((2, 2)))", "np.linalg.inv(np.eye(2))", "np.linalg.LinAlgError"))
for label, call, ok, kind in CALLS:
    pre = f"def check(x):\n    return {call}\n\n\ndef attempt(x):\n    try:\n        check(x)\n    except Exception as exc:\n        return exc\n    return None"
    axes_prog(f"handed_back_isinstance_{label}", f"{call} raises {kind}; the caller's handler hands it back and the caller tests its class.",
              pre, ['err = attempt(x)', f'axes = ("i",) if isinstance(err, {kind}) else ("i", "j")'], f"    return {call}", f"    return {ok}")
TESTS = (("type_name", 'type(err).__name__ == "TypeError"'), ("message", '"reshape" in str(err)'),
         ("class_is", "err.__class__ is TypeError"), ("tuple_of_classes", "isinstance(err, (TypeError, LookupError))"),
         ("not_runtime", "err is not None and not isinstance(err, RuntimeError)"))
for label, test in TESTS:
    pre = "def check(x):\n    return x.reshape(3, 5)\n\n\ndef attempt(x):\n    try:\n        check(x)\n    except Exception as exc:\n        return exc\n    return None"
    axes_prog(f"handed_back_{label}", f"x.reshape(3, 5) raises TypeError; handed back, the caller tests `{test}`.",
              pre, ['err = attempt(x)', f'axes = ("i",) if {test} else ("i", "j")'], "    return x.reshape(3, 5)", "    return x.reshape(8, 8)")
axes_prog("handed_back_pair", "The handler returns (None, exc); the caller tests the class.",
          "def check(x):\n    return x.reshape(3, 5)\n\n\ndef attempt(x):\n    try:\n        return check(x), None\n    except Exception as exc:\n        return None, exc",
          ['_, err = attempt(x)', 'axes = ("i",) if isinstance(err, TypeError) else ("i", "j")'], "    return x.reshape(3, 5)", "    return x.reshape(8, 8)")
axes_prog("handed_back_dict", "The handler returns {'error': exc}; the caller tests the class.",
          "def check(x):\n    return x.reshape(3, 5)\n\n\ndef attempt(x):\n    try:\n        check(x)\n    except Exception as exc:\n        return {\"error\": exc}\n    return {\"error\": None}",
          ['err = attempt(x)["error"]', 'axes = ("i",) if isinstance(err, TypeError) else ("i", "j")'], "    return x.reshape(3, 5)", "    return x.reshape(8, 8)")
axes_prog("handed_back_two_classes", "except (TypeError, ValueError) hands back a TypeError; the caller tests TypeError.",
          "def check(x):\n    return x.reshape(3, 5)\n\n\ndef attempt(x):\n    try:\n        check(x)\n    except (TypeError, ValueError) as exc:\n        return exc\n    return None",
          ['err = attempt(x)', 'axes = ("i",) if isinstance(err, TypeError) else ("i", "j")'], "    return x.reshape(3, 5)", "    return x.reshape(8, 8)")
axes_prog("handed_back_future", "A worker sets its future's exception; the caller tests future.exception()'s class.",
          "def check(x):\n    return x.reshape(3, 5)\n\n\ndef attempt(x, future):\n    try:\n        future.set_result(check(x))\n    except Exception as exc:\n        future.set_exception(exc)",
          ['future = concurrent.futures.Future()', 'attempt(x, future)', 'axes = ("i",) if isinstance(future.exception(), TypeError) else ("i", "j")'],
          "    return x.reshape(3, 5)", "    return x.reshape(8, 8)", imports="import concurrent.futures\n")
axes_prog("handed_back_gpu_message", "jax.devices('gpu') raises RuntimeError; handed back, the caller reads its message.",
          "def check():\n    return jax.devices(\"gpu\")\n\n\ndef attempt():\n    try:\n        check()\n    except Exception as exc:\n        return exc\n    return None",
          ['err = attempt()', 'axes = ("i",) if "gpu" in str(err) else ("i", "j")'], '    return jax.devices("gpu")', '    return jax.devices("cpu")')

# -- temp_files.py / temp_paths.py: files made in a fresh directory by calls the model does not list ---------------
for label, make, test, undo in (
        ("os_makedirs", 'os.makedirs(os.path.join(tmp, "sub"))', 'os.path.exists(os.path.join(tmp, "sub"))', 'os.path.join(tmp, "sub")'),
        ("os_mkdir", 'os.mkdir(os.path.join(tmp, "sub"))', 'os.path.exists(os.path.join(tmp, "sub"))', 'os.path.join(tmp, "sub")'),
        ("savetxt", 'np.savetxt(os.path.join(tmp, "w.txt"), np.asarray(x))', 'os.path.exists(os.path.join(tmp, "w.txt"))', 'os.path.join(tmp, "w.txt")'),
        ("tofile", 'np.asarray(x).tofile(os.path.join(tmp, "w.raw"))', 'os.path.exists(os.path.join(tmp, "w.raw"))', 'os.path.join(tmp, "w.raw")'),
        ("savez_compressed", 'np.savez_compressed(os.path.join(tmp, "w"), a=np.asarray(x))', 'os.path.exists(os.path.join(tmp, "w.npz"))', 'os.path.join(tmp, "w")'),
        ("jnp_save", 'jnp.save(os.path.join(tmp, "w"), x)', 'os.path.exists(os.path.join(tmp, "w.npy"))', 'os.path.join(tmp, "w")'),
        ("os_open_creat", 'os.close(os.open(os.path.join(tmp, "lock"), os.O_CREAT | os.O_WRONLY))', 'os.path.exists(os.path.join(tmp, "lock"))', 'os.path.join(tmp, "lock")'),
        ("mkstemp_listdir", 'os.close(tempfile.mkstemp(dir=tmp)[0])', 'len(os.listdir(tmp)) == 1', 'tempfile.gettempdir()'),
        ("named_temp_glob", 'tempfile.NamedTemporaryFile(dir=tmp, suffix=".ckpt", delete=False).close()', 'len(glob.glob(os.path.join(tmp, "*.ckpt"))) == 1', 'tempfile.gettempdir()'),
        ("makedirs_listdir", 'os.makedirs(os.path.join(tmp, "step_1"))', 'os.listdir(tmp) == ["step_1"]', 'os.path.join(tmp, "step_1")'),
        ("makedirs_glob", 'os.makedirs(os.path.join(tmp, "step_1"))', 'len(glob.glob(os.path.join(tmp, "step_*"))) == 1', 'os.path.join(tmp, "step_1")'),
        ("path_touch", 'pathlib.Path(tmp, "done").touch()', 'os.path.exists(os.path.join(tmp, "done"))', 'pathlib.Path(tmp, "done")'),
        ("write_bytes", 'pathlib.Path(tmp, "w.bin").write_bytes(b"0")', 'os.path.exists(os.path.join(tmp, "w.bin"))', 'pathlib.Path(tmp, "w.bin")'),
        ("open_append", 'open(os.path.join(tmp, "log.txt"), "a").close()', 'os.path.exists(os.path.join(tmp, "log.txt"))', 'os.path.join(tmp, "log.txt")'),
        ("symlink", 'os.symlink(tmp, os.path.join(tmp, "link"))', 'os.path.exists(os.path.join(tmp, "link"))', 'os.path.join(tmp, "link")'),
        ("path_mkdir_then_exists_method", 'os.mkdir(os.path.join(tmp, "sub"))', 'pathlib.Path(tmp, "sub").exists()', 'os.path.join(tmp, "sub")')):
    axes_prog(f"tempdir_{label}", f"A call the temp-file model does not list ({label}) makes an entry in a fresh directory; the test finds it.", "",
              ['tmp = tempfile.mkdtemp()', make, f'axes = ("i",) if {test} else ("i", "j")'], make, undo,
              imports="import glob\nimport os\nimport pathlib\nimport tempfile\n")
for label, make, gone, undo in (
        ("os_remove", 'os.remove(path)', 'os.path.exists(path)', 'os.path.basename(path)'),
        ("os_rename", 'os.rename(path, os.path.join(tmp, "b.json"))', 'os.path.exists(path)', 'os.path.join(tmp, "b.json")'),
        ("os_replace", 'os.replace(path, os.path.join(tmp, "b.json"))', 'os.path.exists(path)', 'os.path.join(tmp, "b.json")'),
        ("shutil_move", 'shutil.move(path, os.path.join(tmp, "b.json"))', 'os.path.exists(path)', 'os.path.join(tmp, "b.json")'),
        ("os_unlink_listdir", 'os.unlink(path)', 'os.listdir(tmp)', 'os.path.basename(path)')):
    axes_prog(f"tempfile_{label}", f"A file written through the model, then {label} removes it: the test finds it gone.", "",
              ['tmp = tempfile.mkdtemp()', 'path = os.path.join(tmp, "a.json")', 'with open(path, "w") as fh:', '    json.dump({"axes": 1}, fh)',
               make, f'axes = ("i", "j") if {gone} else ("i",)'], make, undo, imports="import json\nimport os\nimport shutil\nimport tempfile\n")
axes_prog("tempfile_shutil_copy", "shutil.copy of a written file makes the copy.", "",
          ['tmp = tempfile.mkdtemp()', 'path = os.path.join(tmp, "a.json")', 'with open(path, "w") as fh:', '    json.dump({"axes": 1}, fh)',
           'shutil.copy(path, os.path.join(tmp, "b.json"))', 'axes = ("i",) if os.path.exists(os.path.join(tmp, "b.json")) else ("i", "j")'],
          'shutil.copy(path, os.path.join(tmp, "b.json"))', 'os.path.join(tmp, "b.json")', imports="import json\nimport os\nimport shutil\nimport tempfile\n")
axes_prog("tempfile_overwrite_other_handle", "A file rewritten by os.open/os.write after the model's write: json reads the new text.", "",
          ['tmp = tempfile.mkdtemp()', 'path = os.path.join(tmp, "a.json")', 'with open(path, "w") as fh:', '    json.dump({"wide": True}, fh)',
           'fd = os.open(path, os.O_WRONLY | os.O_TRUNC)', 'os.write(fd, b"{\\"wide\\": false}")', 'os.close(fd)',
           'with open(path) as fh:', '    wide = json.load(fh)["wide"]', 'axes = ("i", "j") if wide else ("i",)'],
          'os.write(fd, b"{\\"wide\\": false}")', 'os.write(fd, b"{\\"wide\\": true}")', imports="import json\nimport os\nimport tempfile\n")
trying("temppath_mkdir_exists", "os.mkdir made the directory: Path.mkdir() raises FileExistsError.", "",
       'pathlib.Path(tmp, "sub").mkdir()', "FileExistsError", 'os.mkdir(os.path.join(tmp, "sub"))', 'os.path.join(tmp, "sub")',
       imports="import os\nimport pathlib\nimport tempfile\n")
P["temppath_mkdir_exists"] = (P["temppath_mkdir_exists"][0], P["temppath_mkdir_exists"][1].replace(
    "def main(mesh, x):\n", 'def main(mesh, x):\n    tmp = tempfile.mkdtemp()\n    os.mkdir(os.path.join(tmp, "sub"))\n'), *P["temppath_mkdir_exists"][2:])
trying("temppath_unlink_removed", "os.remove took the file: Path.unlink() raises FileNotFoundError.", "",
       'pathlib.Path(tmp, "a.txt").unlink()', "FileNotFoundError", 'os.remove(os.path.join(tmp, "a.txt"))', 'os.path.join(tmp, "a.txt")',
       imports="import os\nimport pathlib\nimport tempfile\n")
P["temppath_unlink_removed"] = (P["temppath_unlink_removed"][0], P["temppath_unlink_removed"][1].replace(
    "def main(mesh, x):\n", 'def main(mesh, x):\n    tmp = tempfile.mkdtemp()\n    pathlib.Path(tmp, "a.txt").write_text("x")\n    os.remove(os.path.join(tmp, "a.txt"))\n'),
    *P["temppath_unlink_removed"][2:])
trying("temppath_write_text_in_removed_dir", "os.rmdir took the directory: write_text raises FileNotFoundError.", "",
       'pathlib.Path(tmp, "sub", "a.txt").write_text("x")', "FileNotFoundError", 'os.rmdir(os.path.join(tmp, "sub"))', 'os.path.join(tmp, "sub")',
       imports="import os\nimport pathlib\nimport tempfile\n")
P["temppath_write_text_in_removed_dir"] = (P["temppath_write_text_in_removed_dir"][0], P["temppath_write_text_in_removed_dir"][1].replace(
    "def main(mesh, x):\n", 'def main(mesh, x):\n    tmp = tempfile.mkdtemp()\n    pathlib.Path(tmp, "sub").mkdir()\n    os.rmdir(os.path.join(tmp, "sub"))\n'),
    *P["temppath_write_text_in_removed_dir"][2:])
axes_prog("tempdir_rmdir_root", "os.rmdir removes the fresh (empty) directory: it no longer exists.", "",
          ['tmp = tempfile.mkdtemp()', 'os.rmdir(tmp)', 'axes = ("i", "j") if os.path.exists(tmp) else ("i",)'], 'os.rmdir(tmp)', 'os.path.isdir(tmp)',
          imports="import os\nimport tempfile\n")
axes_prog("tempdir_context_makedirs", "Inside TemporaryDirectory(), os.makedirs makes a subdirectory.", "",
          ['with tempfile.TemporaryDirectory() as tmp:', '    os.makedirs(os.path.join(tmp, "ckpt"))',
           '    axes = ("i",) if os.path.exists(os.path.join(tmp, "ckpt")) else ("i", "j")'],
          '    os.makedirs(os.path.join(tmp, "ckpt"))', '    os.path.join(tmp, "ckpt")', imports="import os\nimport tempfile\n")

# -- concrete_scalars.py: transforms not in its list trace the function (a rank-0 compare raises there) ----------
MAG = "def magnitude(v):\n    return v if v > 0.0 else -v"
for label, stmt in (("lax_cond", "jax.lax.cond(True, magnitude, magnitude, jnp.asarray(2.0))"),
                    ("lax_switch", "jax.lax.switch(0, [magnitude, magnitude], jnp.asarray(2.0))"),
                    ("lax_map", "jax.lax.map(magnitude, jnp.ones(2))"),
                    ("eval_shape", "jax.eval_shape(magnitude, jnp.asarray(2.0))"),
                    ("make_jaxpr", "jax.make_jaxpr(magnitude)(jnp.asarray(2.0))"),
                    ("jnp_vectorize", "jnp.vectorize(magnitude)(jnp.ones(2))"),
                    ("remat_alias", "jax.remat(magnitude)(jnp.asarray(2.0))"),
                    ("jit_lower", "jax.jit(magnitude).lower(jnp.asarray(2.0))"),
                    ("jit_trace", "jax.jit(magnitude).trace(jnp.asarray(2.0))"),
                    ("closure_convert", "jax.closure_convert(magnitude, jnp.asarray(2.0))"),
                    ("pmap", "jax.pmap(magnitude)(jnp.ones(8))"),
                    ("jit_eval_shape", "jax.jit(magnitude).eval_shape(jnp.asarray(2.0))")):
    trying(f"traced_compare_{label}", f"`{stmt}` traces magnitude: `v > 0.0` raises TracerBoolConversionError.", MAG,
           stmt, "jax.errors.TracerBoolConversionError", "    return v if v > 0.0 else -v", "    return jnp.abs(v)")

# -- guard_clauses.py (NumPy-value guard) + task_errors.py: the guard's exception is returned, not raised ------------
GUARD = '''
STATE = {"axes": ("i",)}


async def widen(x):
    if np.asarray(x)[0, 0] == 0.0:
        raise ValueError("first entry is zero")
    STATE["axes"] = ("i", "j")
'''
for label, call in (("gather_return_exceptions", "await asyncio.gather(widen(x), return_exceptions=True)"),
                    ("wait_unread", "await asyncio.wait([asyncio.ensure_future(widen(x))])"),
                    ("task_never_awaited", "asyncio.ensure_future(widen(x))\n    await asyncio.sleep(0)")):
    axes_prog(f"numpy_guard_{label}", f"The guard raises (x[0, 0] is 0.0); `{call.splitlines()[0]}` keeps the exception from the caller.",
              GUARD + f"\n\nasync def checks(x):\n    {call}", ['asyncio.run(checks(x))', 'axes = STATE["axes"]'],
              '    if np.asarray(x)[0, 0] == 0.0:', '    if np.asarray(x)[0, 0] == 1.0:', imports="import asyncio\n")
SYNC_GUARD = GUARD.replace("async def", "def")
axes_prog("numpy_guard_executor_submit", "The guard raises in an executor's job; the future holds it, unread.",
          SYNC_GUARD, ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    pool.submit(widen, x)', 'axes = STATE["axes"]'],
          '    if np.asarray(x)[0, 0] == 0.0:', '    if np.asarray(x)[0, 0] == 1.0:', imports="import concurrent.futures\n")
axes_prog("numpy_guard_future_exception", "The guard raises in an executor's job; the caller reads future.exception().",
          SYNC_GUARD, ['with concurrent.futures.ThreadPoolExecutor(1) as pool:', '    failed = pool.submit(widen, x).exception()', 'axes = STATE["axes"]'],
          '    if np.asarray(x)[0, 0] == 0.0:', '    if np.asarray(x)[0, 0] == 1.0:', imports="import concurrent.futures\n")
axes_prog("numpy_guard_del_hook", "The guard raises inside __del__: Python prints it and goes on.",
          SYNC_GUARD + "\n\nclass Probe:\n    def __init__(self, x):\n        self.x = x\n\n    def __del__(self):\n        widen(self.x)",
          ['probe = Probe(x)', 'del probe', 'axes = STATE["axes"]'],
          '    if np.asarray(x)[0, 0] == 0.0:', '    if np.asarray(x)[0, 0] == 1.0:')
axes_prog("numpy_guard_logging_str", "The guard raises in __str__ that logging formats: logging reports it and goes on.",
          SYNC_GUARD + "\n\nclass Probe:\n    def __init__(self, x):\n        self.x = x\n\n    def __str__(self):\n        widen(self.x)\n        return \"probe\"",
          ['logging.getLogger("adv21").warning("%s", Probe(x))', 'axes = STATE["axes"]'],
          '    if np.asarray(x)[0, 0] == 0.0:', '    if np.asarray(x)[0, 0] == 1.0:', imports="import logging\n")

# -- host_local_arrays.py: make_array_from_process_local_data checks the model does not make -------------------------
for label, call, ok in (
        ("global_rows_doubled", 'jax.make_array_from_process_local_data(SHARD, np.ones((8, 8), np.float32), global_shape=(16, 8))',
         'jax.make_array_from_process_local_data(SHARD, np.ones((8, 8), np.float32), global_shape=(8, 8))'),
        ("global_cols_doubled", 'jax.make_array_from_process_local_data(SHARD, np.ones((8, 8), np.float32), (8, 16))',
         'jax.make_array_from_process_local_data(SHARD, np.ones((8, 8), np.float32), (8, 8))'),
        ("local_rows_uneven", 'jax.make_array_from_process_local_data(SHARD, np.ones((5, 8), np.float32))',
         'jax.make_array_from_process_local_data(SHARD, np.ones((6, 8), np.float32))')):
    trying(f"process_local_{label}", f"{call.split('(', 1)[0]}: JAX raises ValueError on one process (caught).", "",
           call, "ValueError", call, ok)
    P[f"process_local_{label}"] = (P[f"process_local_{label}"][0], P[f"process_local_{label}"][1].replace(
        "def main(mesh, x):\n", 'def main(mesh, x):\n    SHARD = jax.sharding.NamedSharding(mesh, P("i", "j"))\n'), *P[f"process_local_{label}"][2:])
trying("device_mesh_too_big", "create_device_mesh((4, 4)) raises ValueError on 8 devices (caught).", "",
       "mesh_utils.create_device_mesh((4, 4))", "ValueError", "mesh_utils.create_device_mesh((4, 4))", "mesh_utils.create_device_mesh((2, 4))",
       imports="from jax.experimental import mesh_utils\n")

# -- leaving_calls.py: statements that always leave, not in its list (the wide reduce never runs) ----------------------
def leaves(name, doc, pre, lines, old, new, imports=""):
    """main ends the job (SystemExit(0)) before the wide reduce; the twin removes the leaving step."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + "\n\ndef main(mesh, x):\n" + \
        "".join(f"    {line}\n" for line in lines) + '    return reduce_rows(mesh, x, ("i", "j"))\n'
    prog(name, doc, text, old, new, imports=imports)


for label, pre, lines, old in (
        ("for_over_str", "", ['for _ in "a":', '    sys.exit(0)'], '    sys.exit(0)'),
        ("for_range_start_stop", "", ['for _ in range(1, 2):', '    sys.exit(0)'], '    sys.exit(0)'),
        ("for_itertools_count", "", ['for _ in itertools.count():', '    sys.exit(0)'], '    sys.exit(0)'),
        ("while_true_string", "", ['while "run":', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_nullcontext", "", ['with contextlib.nullcontext():', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_open_file", "", ['with open(__file__):', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_empty_exitstack", "", ['with contextlib.ExitStack():', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_catch_warnings", "", ['with warnings.catch_warnings():', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_errstate", "", ['with np.errstate(all="ignore"):', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_local_lock", "", ['lock = threading.Lock()', 'with lock:', '    sys.exit(0)'], '    sys.exit(0)'),
        ("with_suppress_nothing", "", ['with contextlib.suppress():', '    sys.exit(0)'], '    sys.exit(0)'),
        ("try_reraise_systemexit", "", ['try:', '    sys.exit(0)', 'except SystemExit:', '    raise'], '    sys.exit(0)'),
        ("try_finally_leaves", "", ['try:', '    print("work")', 'finally:', '    sys.exit(0)'], '    sys.exit(0)'),
        ("if_true_no_else", "", ['if True:', '    sys.exit(0)'], '    sys.exit(0)'),
        ("assign_exit_result", "", ['_ = sys.exit(0)'], '_ = sys.exit(0)'),
        ("print_of_exit", "", ['print(sys.exit(0))'], 'print(sys.exit(0))'),
        ("getattr_exit", "", ['getattr(sys, "exit")(0)'], 'getattr(sys, "exit")(0)'),
        ("dunder_import_exit", "", ['__import__("sys").exit(0)'], '__import__("sys").exit(0)'),
        ("builtins_exit", "", ['builtins.exit(0)'], 'builtins.exit(0)'),
        ("staticmethod_stop", 'class Job:\n    @staticmethod\n    def stop():\n        sys.exit(0)', ['Job.stop()'], '        sys.exit(0)'),
        ("module_alias_of_exit", 'finish = sys.exit', ['finish(0)'], 'finish = sys.exit'),
        ("helper_returns_exit", 'def finish():\n    return sys.exit(0)', ['finish()'], '    return sys.exit(0)'),
        ("five_deep_helpers", 'def a():\n    sys.exit(0)\n\n\ndef b():\n    a()\n\n\ndef c():\n    b()\n\n\ndef d():\n    c()\n\n\ndef e():\n    d()',
         ['e()'], '    sys.exit(0)'),
        ("nested_def_exit", "", ['def finish():', '    sys.exit(0)', 'finish()'], '    sys.exit(0)'),
        ("inline_lambda_exit", "", ['(lambda: sys.exit(0))()'], '(lambda: sys.exit(0))()'),
        ("match_single_wildcard", 'MODE = "dry"', ['match MODE:', '    case _:', '        sys.exit(0)'], '        sys.exit(0)'),
        ("raise_stored_exit", 'STOP = SystemExit(0)', ['raise STOP'], 'STOP = SystemExit(0)')):
    new = old.replace("sys.exit(0)", "break") if label.startswith(("for_", "while_")) else \
        old.replace("sys.exit(0)", 'print("go on")') if "sys.exit(0)" in old else \
        {"raise_stored_exit": 'STOP = ValueError(0)', "module_alias_of_exit": "finish = print", "builtins_exit": "builtins.print(0)",
         "getattr_exit": 'getattr(sys, "getrecursionlimit")()', "dunder_import_exit": '__import__("sys").getrecursionlimit()'}[label]
    if label == "raise_stored_exit":
        new = 'STOP = None'
        lines = ['if STOP is not None:', '    raise STOP']
    leaves(f"leave_{label}", f"main always leaves (SystemExit(0)) before the wide reduce ({label.replace('_', ' ')}).", pre, lines, old, new,
           imports="import builtins\nimport contextlib\nimport itertools\nimport sys\nimport threading\nimport warnings\n")

# -- swallowing_blocks.py / guard_clauses.py: a NumPy-value guard (x[0, 0] is 0.0: it raises) inside a block whose exit
#    swallows the exception; the block's later line never runs --------------------------------------------------------
CTXS = (("exitstack_push_true", "", ['with contextlib.ExitStack() as stack:', '    stack.push(lambda *exc: True)']),
        ("lambda_exit_true", "class Quiet:\n    __enter__ = lambda self: self\n    __exit__ = lambda self, *exc: True", ['with Quiet():']),
        ("exit_returns_attribute", "class Quiet:\n    swallow = True\n\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n        return self.swallow",
         ['with Quiet():']),
        ("exit_isinstance_test", "class Quiet:\n    def __enter__(self):\n        return self\n\n    def __exit__(self, kind, error, trace):\n        return isinstance(error, ValueError)",
         ['with Quiet():']),
        ("exit_returns_string", "class Quiet:\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n        return \"swallowed\"",
         ['with Quiet():']),
        ("exit_inherited", "class Base:\n    def __exit__(self, *exc):\n        return True\n\n\nclass Quiet(Base):\n    def __enter__(self):\n        return self",
         ['with Quiet():']),
        ("suppress_subclass", "class Quiet(contextlib.suppress):\n    pass", ['with Quiet(ValueError):']),
        ("suppress_starred_kinds", "KINDS = (ValueError,)", ['with contextlib.suppress(*KINDS):']),
        ("suppress_exception", "", ['with contextlib.suppress(Exception):']),
        ("exitstack_enter_suppress", "", ['with contextlib.ExitStack() as stack:', '    stack.enter_context(contextlib.suppress(ValueError))']),
        ("generator_manager_except", "@contextlib.contextmanager\ndef quiet():\n    try:\n        yield\n    except ValueError:\n        pass", ['with quiet():']),
        ("exit_via_setattr", "class Quiet:\n    def __enter__(self):\n        return self\n\n\nsetattr(Quiet, \"__exit__\", lambda self, *exc: True)", ['with Quiet():']))
for label, pre, head in CTXS:
    body = '        ' if len(head) == 2 else '    '
    lines = ['axes = ("i",)'] + head[:1] + [h for h in head[1:]] + \
        [f'{body}if np.asarray(x)[0, 0] == 0.0:', f'{body}    raise ValueError("first entry is zero")', f'{body}axes = ("i", "j")']
    if len(head) == 2:  # (the with's second line sits in its block; the guard too)
        lines = ['axes = ("i",)', head[0], head[1], '    if np.asarray(x)[0, 0] == 0.0:', '        raise ValueError("first entry is zero")', '    axes = ("i", "j")']
    axes_prog(f"swallow_{label}", f"A NumPy-value guard raises (x[0, 0] is 0.0) inside a block that swallows it ({label.replace('_', ' ')}).",
              pre, lines, 'if np.asarray(x)[0, 0] == 0.0:', 'if np.asarray(x)[0, 0] == 1.0:', imports="import contextlib\nimport unittest\n")

# -- str defaults and settings the program overrides (state_runs._overridden, function_defaults, script_environment,
#    script_argparse) -------------------------------------------------------------------------------------------------
for label, pre, get, old, new, imports in (
        ("kwdefaults_item", 'def mode_of(*, mode="wide"):\n    return mode\n\n\nmode_of.__kwdefaults__["mode"] = "narrow"', "mode_of()",
         'mode_of.__kwdefaults__["mode"] = "narrow"', 'mode_of.__kwdefaults__["mode"] = "wide"', ""),
        ("kwdefaults_replaced", 'def mode_of(*, mode="wide"):\n    return mode\n\n\nmode_of.__kwdefaults__ = {"mode": "narrow"}', "mode_of()",
         'mode_of.__kwdefaults__ = {"mode": "narrow"}', 'mode_of.__kwdefaults__ = {"mode": "wide"}', ""),
        ("partial_rebinds_name", 'def mode_of(mode="wide"):\n    return mode\n\n\nmode_of = functools.partial(mode_of, mode="narrow")', "mode_of()",
         'mode_of = functools.partial(mode_of, mode="narrow")', 'mode_of = functools.partial(mode_of, mode="wide")', "import functools\n"),
        ("environ_set_then_get", 'os.environ["SF_ADV21_MODE_A"] = "narrow"', 'os.environ.get("SF_ADV21_MODE_A", "wide")',
         'os.environ["SF_ADV21_MODE_A"] = "narrow"', 'os.environ["SF_ADV21_MODE_A"] = "wide"', "import os\n"),
        ("environ_setdefault_getenv", 'os.environ.setdefault("SF_ADV21_MODE_B", "narrow")', 'os.getenv("SF_ADV21_MODE_B", "wide")',
         'os.environ.setdefault("SF_ADV21_MODE_B", "narrow")', 'os.environ.setdefault("SF_ADV21_MODE_B", "wide")', "import os\n"),
        ("putenv_not_in_environ", 'os.putenv("SF_ADV21_MODE_C", "wide")', 'os.environ.get("SF_ADV21_MODE_C", "narrow")',
         'os.environ.get("SF_ADV21_MODE_C", "narrow")', 'os.environ.get("SF_ADV21_MODE_C", "wide")', "import os\n"),
        ("argparse_set_defaults", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--mode", default="wide")\nPARSER.set_defaults(mode="narrow")',
         'PARSER.parse_args([]).mode', 'PARSER.set_defaults(mode="narrow")', 'PARSER.set_defaults(mode="wide")', "import argparse\n"),
        ("argparse_argument_default", 'PARSER = argparse.ArgumentParser(argument_default="narrow")\nPARSER.add_argument("--mode")',
         'PARSER.parse_args([]).mode', 'argument_default="narrow"', 'argument_default="wide"', "import argparse\n"),
        ("argparse_first_argument_default", 'PARSER = argparse.ArgumentParser()\nPARSER.add_argument("--mode", default="narrow")\nPARSER.add_argument("--style", dest="mode", default="wide")',
         'PARSER.parse_args([]).mode', '"--mode", default="narrow"', '"--mode", default="wide"', "import argparse\n"),
        ("namedtuple_new_defaults", 'Cfg = collections.namedtuple("Cfg", "mode", defaults=["wide"])\nCfg.__new__.__defaults__ = ("narrow",)',
         'Cfg().mode', 'Cfg.__new__.__defaults__ = ("narrow",)', 'Cfg.__new__.__defaults__ = ("wide",)', "import collections\n"),
        ("chainmap_first_wins", 'SETTINGS = collections.ChainMap({"mode": "narrow"}, {"mode": "wide"})', 'SETTINGS["mode"]',
         '{"mode": "narrow"}', '{"mode": "wide"}', "import collections\n"),
        ("typed_namedtuple_replace", 'class Cfg(typing.NamedTuple):\n    mode: str = "wide"', 'Cfg()._replace(mode="narrow").mode',
         '_replace(mode="narrow")', '_replace(mode="wide")', "import typing\n")):
    pick(f"default_{label}", f"The program overrides the str default \"wide\" ({label.replace('_', ' ')}): the mode is \"narrow\".",
         pre, f'{get} == "narrow"', old, new, imports=imports)

# (a control for handed_errors: the handler catches TypeError only, so the run made again raises a TypeError)
axes_prog("handed_back_control_typeerror_handler", "except TypeError hands back the TypeError; the caller tests TypeError (control).",
          "def check(x):\n    return x.reshape(3, 5)\n\n\ndef attempt(x):\n    try:\n        check(x)\n    except TypeError as exc:\n        return exc\n    return None",
          ['err = attempt(x)', 'axes = ("i",) if isinstance(err, TypeError) else ("i", "j")'], "    return x.reshape(3, 5)", "    return x.reshape(8, 8)")

# -- guard_clauses.py / exact_host_arrays.py: a guard on NumPy values the program sets (known to a reader), whose
#    NumPy answer is not the arithmetic one; the guard raises and the handler narrows ---------------------------------
for label, setup, test, old, new in (
        ("int8_add_wraps", "w = np.array([100, 1], dtype=np.int8) + np.int8(100)", "np.any(w < 0)", "np.int8(100)", "np.int8(10)"),
        ("uint8_add_wraps", "w = np.array([250, 200], dtype=np.uint8) + 10", "np.any(w < 100)", "dtype=np.uint8) + 10", "dtype=np.uint8) + 1"),
        ("uint8_sub_wraps", "w = np.arange(3, dtype=np.uint8) - 1", "np.any(w > 2)", "np.arange(3, dtype=np.uint8) - 1", "np.arange(3, dtype=np.uint8) + 0"),
        ("int32_scalar_wraps", "w = np.array([2**31 - 1], dtype=np.int32) + np.int32(1)", "np.any(w < 0)", "+ np.int32(1)", "- np.int32(1)"),
        ("float16_overflow_inf", "w = np.array([70000.0], dtype=np.float32).astype(np.float16)", "np.any(np.isinf(w))", "[70000.0]", "[7000.0]"),
        ("nan_max", "w = np.array([1.0, np.nan])", "np.isnan(w.max())", "[1.0, np.nan]", "[1.0, 2.0]"),
        ("float_sum_not_exact", "w = np.array([0.1, 0.2])", "w.sum() != 0.3", "[0.1, 0.2]", "[0.25, 0.05]"),
        ("round_half_even", "w = np.round(np.array([2.5]))", "np.any(w != 3.0)", "[2.5]", "[2.75]"),
        ("floor_divide_negative", "w = np.array([3]) // np.array([-2])", "np.any(w != -1)", "np.array([3]) // np.array([-2])", "np.array([2]) // np.array([-2])"),
        ("mod_negative", "w = np.array([-7]) % 3", "np.any(w >= 0)", "np.array([-7]) % 3", "np.array([-7]) % -3"),
        ("float32_precision", "w = np.array([16777217], dtype=np.float32)", "np.any(w.astype(np.float64) != 16777217)", "[16777217], dtype=np.float32)", "[16777217], dtype=np.float64)"),
        ("int_truncation_astype", "w = np.array([-1.5]).astype(np.int64)", "np.any(w != -2)", "[-1.5]", "[-2.0]"),
        ("argmax_first", "w = np.array([np.argmax(np.array([1, 3, 3]))])", "np.any(w != 2)", "[1, 3, 3]", "[1, 2, 3]"),
        ("bool_sum_counts", "w = np.array([True, True, True]).sum(keepdims=True)", "np.any(w != 1)", "[True, True, True]", "[True, False, False]"),
        ("clip_swapped_bounds", "w = np.clip(np.array([5.0]), 4.0, 1.0)", "np.any(w != 4.0)", "4.0, 1.0)", "4.0, 4.0)"),
        ("sqrt_negative_nan", "w = np.sqrt(np.array([-1.0]))", "np.any(np.isnan(w))", "[-1.0]", "[1.0]")):
    axes_prog(f"numpy_known_{label}", f"The program's NumPy values ({label.replace('_', ' ')}) make the guard raise; the handler narrows.", "",
              ['with np.errstate(all="ignore"):', f'    {setup}', 'try:', f'    if {test}:', '        raise ValueError("bad weights")',
               '    axes = ("i", "j")', 'except ValueError:', '    axes = ("i",)'], old, new)

# -- library_members.py / array_reads.py: draws of size None are Python numbers, not arrays ----------------------------
for label, expr, attr, twin in (
        ("generator_random", "RNG.random()", "shape", "real"), ("generator_normal", "RNG.normal()", "dtype", "real"),
        ("generator_uniform", "RNG.uniform()", "sum", "imag"), ("generator_standard_normal", "RNG.standard_normal()", "ndim", "real"),
        ("generator_exponential", "RNG.exponential()", "size", "real"), ("generator_choice_int", "RNG.choice(4)", "dtype", "real"),
        ("legacy_rand", "np.random.rand()", "shape", "real"), ("legacy_randint", "np.random.randint(8)", "dtype", "real"),
        ("randomstate_randn", "np.random.RandomState(0).randn()", "shape", "real"),
        ("generator_bit_generator", "RNG.bit_generator", "shape", "random_raw"),
        ("iinfo", "np.iinfo(np.int8)", "shape", "max"), ("device", "jax.devices()[0]", "shape", "platform")):
    pick(f"hasattr_draw_{label}_{attr}", f"`{expr}` is no array: it has no `.{attr}`.", "RNG = np.random.default_rng(5)",
         f'not hasattr({expr}, "{attr}")', f'"{attr}")', f'"{twin}")')
