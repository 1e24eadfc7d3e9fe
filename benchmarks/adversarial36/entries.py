# Entries of gen_clean.py (exec'd there). Each program picks `axes` by a test that is True on NumPy 2 /
# jax 0.10.2 (("i",): runs) and hands it to reduce_rows; its twin swaps the branch (("i", "j"): SF105's error).
# Family S (host_scalar_casts.py): `np.<scalar type>(a)` of a rank-0 host array is a NumPy SCALAR, not a
# 0-d ndarray (np.float64 / np.double of it even a Python float subclass); a rank>=1 float64 array cast by
# np.float64 is returned itself. Family C: controls on the other readings (try/except around JAX's own
# refusals, slotted dataclasses in a WeakValueDictionary, identity of picked records, ...).
import pathlib as _pathlib

IMPORTS = "import numbers\n"
_OPERANDS = {  # name -> line making `a`: a host array of rank 0 whose values the run does not know
    "mean": "a = rng.normal(size=(3,)).mean()",
    "normal0": "a = rng.normal(size=())",
    "ints0": "a = rng.integers(0, 5, size=())",
    "absmax": "a = np.abs(rng.normal(size=(4, 2))).max()",
    "elem": "a = rng.normal(size=(3,))[1]",
}
_SCALARS = ["float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
            "uint64", "bool_", "single", "double", "half", "int_", "intc"]
_ND_TESTS = {"not_nd": "not isinstance(v, np.ndarray)", "nd_false": "isinstance(v, np.ndarray) is False"}
_FLOAT_TESTS = {"isfloat": "isinstance(v, float)", "isnum": "isinstance(v, (int, float))"}


def _scalar_prog(name, doc, pre, test, where):
    """where: 'main' (test in main) or 'helper' (a helper makes v and answers the test)."""
    if where == "main":
        text = ("@REDUCE@\n\n\ndef main(mesh, x):\n    rng = np.random.default_rng(0)\n"
                + "".join(f"    {line}\n" for line in pre)
                + f'    axes = ("i",) if {test} else ("i", "j")\n    return reduce_rows(mesh, x, axes)\n')
    else:
        text = ("@REDUCE@\n\n\ndef pick(rng):\n" + "".join(f"    {line}\n" for line in pre)
                + f'    axes = ("i",) if {test} else ("i", "j")\n    return axes\n\n\n'
                + "def main(mesh, x):\n    rng = np.random.default_rng(0)\n    return reduce_rows(mesh, x, pick(rng))\n")
    prog(name, doc, text, 'axes = ("i",) if', 'axes = ("i", "j") if', imports=IMPORTS)


for _t in _SCALARS:
    for _o, _line in _OPERANDS.items():
        for _k, _test in _ND_TESTS.items():
            _scalar_prog(f"nd_{_t}_{_o}_{_k}", f"np.{_t} of a rank-0 host array ({_o}) is a NumPy scalar, not an ndarray.",
                         [_line, f"v = np.{_t}(a)"], _test, "main")
    _scalar_prog(f"nd_{_t}_type", f"type(np.{_t}(a)) of a rank-0 host array is np.{_t}, not ndarray.",
                 [_OPERANDS["mean"], f"v = np.{_t}(a)"], "type(v) is not np.ndarray", "main")
    _scalar_prog(f"nd_{_t}_helper", f"np.{_t} of a rank-0 host array, tested in a helper.",
                 [_OPERANDS["mean"], f"v = np.{_t}(a)"], _ND_TESTS["not_nd"], "helper")
for _t in ("float64", "double"):
    for _o, _line in _OPERANDS.items():
        for _k, _test in _FLOAT_TESTS.items():
            for _w in ("main", "helper"):
                _scalar_prog(f"fl_{_t}_{_o}_{_k}_{_w}", f"np.{_t} of a rank-0 host array ({_o}) is a Python float subclass.",
                             [_line, f"v = np.{_t}(a)"], _test, _w)
for _t in ("float64", "double"):
    for _o, _line in {"normal1": "a = rng.normal(size=(3,))", "normal2": "a = rng.normal(size=(2, 2))"}.items():
        _scalar_prog(f"alias_{_t}_{_o}", f"np.{_t} of a float64 array returns that array itself.",
                     [_line, f"v = np.{_t}(a)"], "v is a", "main")
_scalar_prog("alias_float32", "np.float32 of a float32 array returns that array itself.",
             ["a = rng.normal(size=(3,)).astype(np.float32)", "v = np.float32(a)"], "v is a", "main")
_scalar_prog("alias_shares", "np.float64 of a float64 array shares its memory.",
             ["a = rng.normal(size=(3,))", "v = np.float64(a)"], "np.shares_memory(v, a)", "main")

# Controls (probes on the other readings: none flagged on main 959216af). Kept as written in /tmp probes.
_CONTROLS = _pathlib.Path(__file__).resolve().parent / "controls"
for _path in sorted(_CONTROLS.glob("*.py")):
    _text = _path.read_text()
    _old, _new = ('STATE = {"axes": ("i",)}', 'STATE = {"axes": ("i", "j")}') if "STATE = " in _text else \
        ('axes = ("i",)', 'axes = ("i", "j")')
    prog("ctl_" + _path.stem, "Control: " + _path.stem, _text, _old, _new)

# Family R: the same conflation without a cast: what a reduction or a full index of a host array gives is a
# NumPy scalar too (np.float64 of a float64 array: a Python float subclass).
_REDUCED = {"mean": ("rng.normal(size=(3,))", "a.mean()", True), "sum": ("rng.normal(size=(3,))", "a.sum()", True),
            "max": ("rng.normal(size=(2, 3))", "a.max()", True), "min": ("rng.normal(size=(3,))", "np.min(a)", True),
            "elem": ("rng.normal(size=(3,))", "a[1]", True), "elem2": ("rng.normal(size=(2, 3))", "a[1, 2]", True),
            "ielem": ("rng.integers(0, 5, size=(3,))", "a[0]", False), "isum": ("rng.integers(0, 5, size=(3,))", "a.sum()", False)}
for _r, (_arr, _expr, _isfloat) in _REDUCED.items():
    _tests = dict(_ND_TESTS, **(_FLOAT_TESTS if _isfloat else {}))
    for _k, _test in _tests.items():
        _scalar_prog(f"red_{_r}_{_k}", f"{_expr} of a host array is a NumPy scalar, not an ndarray.",
                     [f"a = {_arr}", f"v = {_expr}"], _test, "main")
