# Entries of gen_clean.py (exec'd there). Every program computes `axes` on the host so that it is ("i",) at run
# time (8 CPU devices) and hands it to a psum of a value varying on i only; read otherwise it gives ("i", "j"),
# which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old='axes = ("i",) if', new='axes = ("i", "j") if', imports="", lines=()):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    axes_prog(name, doc, pre, [*lines, f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old='    axes = ("i",)', new='    axes = ("i", "j")', imports=""):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j")."""
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              old, new, imports=imports)


def finally_prog(name, doc, pre, stmts, imports=""):
    """axes = ("i",) once `stmts` (which run cleanly) are passed; a `finally` block reduces over axes, so a
    reading in which a statement raises reduces over ("i", "j") there (the program itself never raises)."""
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        '\n\ndef main(mesh, x):\n    axes = ("i", "j")\n    out = None\n    try:\n' + \
        "".join(f"        {s}\n" for s in stmts) + \
        '        axes = ("i",)\n    finally:\n        out = reduce_rows(mesh, x, axes)\n    return out\n'
    prog(name, doc, text, '        axes = ("i",)', '        axes = ("i", "j")', imports=imports)


WITH_CLASS = '''
class Reducing:
    def __init__(self, mesh, x):
        self.mesh, self.x, self.axes, self.out = mesh, x, ("i", "j"), None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.out = reduce_rows(self.mesh, self.x, self.axes)
        return None
'''
WITH_GEN = '''
@contextlib.contextmanager
def reducing(mesh, x, state):
    try:
        yield state
    finally:
        state["out"] = reduce_rows(mesh, x, state["axes"])
'''


def with_class_prog(name, doc, pre, stmts):
    text = "@REDUCE@\n" + WITH_CLASS + (("\n\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n    with Reducing(mesh, x) as r:\n" + "".join(f"        {s}\n" for s in stmts) + \
        '        r.axes = ("i",)\n    return r.out\n'
    prog(name, doc, text, '        r.axes = ("i",)', '        r.axes = ("i", "j")')


def with_gen_prog(name, doc, pre, stmts):
    text = "@REDUCE@\n" + WITH_GEN + (("\n\n" + pre.strip("\n") + "\n") if pre else "") + \
        '\n\ndef main(mesh, x):\n    state = {"axes": ("i", "j")}\n    with reducing(mesh, x, state):\n' + \
        "".join(f"        {s}\n" for s in stmts) + '        state["axes"] = ("i",)\n    return state["out"]\n'
    prog(name, doc, text, '        state["axes"] = ("i",)', '        state["axes"] = ("i", "j")', imports="import contextlib\n")


# == controls: nothing raises before the final block (not flagged) ==============================================
finally_prog("control_finally_jax_add", "Control: a broadcast that passes, then the final block.", "",
             ["y = jnp.ones(3) + jnp.ones(3)"])
finally_prog("control_finally_matmul_ok", "Control: a matmul of matching shapes.", "", ["y = jnp.ones((2, 3)) @ jnp.ones((3, 4))"])
finally_prog("control_finally_array_iadd_fits", "Control: NumPy's in-place `+=` whose broadcast shape is the target's.", "",
             ["s = np.zeros(4)", "s += np.ones(4)"])

# == S. shape_errors.operator_error (in_place) via known_shapes.in_place_step: a NumPy SCALAR has no in-place
# operator; `s += arr` rebinds s to `s + arr` (a new array of the broadcast shape), NumPy raises only for a
# mutable 0-d ndarray. The run reads the scalar as a 0-d host array and believes "non-broadcastable output".
SCALARS = (("f64", "np.float64(0.0)"), ("f32", "np.float32(1.0)"), ("i64", "np.int64(1)"), ("sum", "np.ones(3).sum()"),
           ("npsum", "np.sum(np.ones((2, 3)))"), ("index", "np.ones(4)[0]"), ("npmax", "np.max(np.arange(5.0))"),
           ("mean", "np.zeros(4).mean()"), ("index2", "np.arange(6.0).reshape(2, 3)[1, 2]"), ("npprod", "np.prod(np.ones(3))"),
           ("min", "np.arange(4.0).min()"), ("npmean", "np.mean(np.ones(5))"))
OPS = (("iadd", "+=", "np.ones(3)"), ("isub", "-=", "np.ones((2, 3))"), ("imul", "*=", "np.ones((2, 2))"),
       ("idiv", "/=", "np.ones((2, 2))"), ("ipow", "**=", "np.ones(3)"), ("ifloordiv", "//=", "np.ones(5)"),
       ("imod", "%=", "np.ones((3, 1)) + 1.0"))
for i, (slabel, scalar) in enumerate(SCALARS):
    for j, (olabel, op, right) in enumerate(OPS):
        if (i + j) % 2:
            continue
        finally_prog(f"scalar_{slabel}_{olabel}_finally", f"`s = {scalar}; s {op} {right}` rebinds s (a NumPy scalar has no in-place op).",
                     "", [f"s = {scalar}", f"s {op} {right}"])
for slabel, scalar in SCALARS[:6]:
    with_class_prog(f"scalar_{slabel}_with_exit", f"`s += np.ones(3)` of s = {scalar} passes; a class's __exit__ reduces.", "",
                    [f"s = {scalar}", "s += np.ones(3)"])
    with_gen_prog(f"scalar_{slabel}_contextmanager", f"`s *= np.ones((2, 2))` of s = {scalar} passes; a contextmanager's finally reduces.", "",
                  [f"s = {scalar}", "s *= np.ones((2, 2))"])
ACC = '''
def accumulate(values):
    total = np.float64(0.0)
    total += values
    return total
'''
finally_prog("scalar_in_helper_finally", "The in-place add of a NumPy scalar is in a helper the main calls.", ACC,
             ["accumulate(np.ones(3))"])
finally_prog("scalar_loop_finally", "A loop's `s *= vector` of a float32 scalar.", "",
             ["for n in (2, 3):", "    s = np.float32(1.0)", "    s *= np.ones(n, dtype=np.float32)"])
finally_prog("scalar_dict_item_finally", "`d['s'] += arr` of a NumPy scalar item rebinds the item.", "",
             ['d = {"s": np.float64(0.0)}', 'd["s"] += np.ones(3)'])
finally_prog("scalar_list_item_finally", "`acc[0] += arr` of a NumPy scalar item rebinds the item.", "",
             ["acc = [np.float64(1.0)]", "acc[0] += np.ones((2, 3))"])
STATS = '''
class Stats:
    def __init__(self):
        self.total = np.float64(0.0)

    def add(self, values):
        self.total += values
        return self
'''
finally_prog("scalar_attribute_finally", "`self.total += arr` of a NumPy scalar attribute.", STATS,
             ["Stats().add(np.ones(3))"])
finally_prog("scalar_sum_then_grow", "A running sum (a NumPy scalar) grown into a vector by `+=`.", "",
             ["s = np.ones(3).sum()", "s += np.ones(3)", "y = s.reshape(3, 1)"])
finally_prog("scalar_norm_scaled", "`n = np.linalg.norm(v); n *= v` (a scalar times a vector).", "",
             ["v = np.ones(4)", "n = np.sum(v * v)", "n *= v"])
finally_prog("scalar_dot_iadd", "`d = v @ v` (a NumPy scalar) then `d += v`.", "",
             ["v = np.ones(3)", "d = np.ones(3).sum()", "d -= v"])
finally_prog("scalar_generator_integer", "A Generator's `integers(0, 5)` is a NumPy int64 scalar: `k += arange` rebinds k.",
             "RNG = np.random.default_rng(0)", ["k = RNG.integers(0, 5)", "k += np.arange(3)"])

# == R. script_run.py (`eval` of UnaryOp) with draw_ranges.bounds: `-u` / `~k` of an unknown Python number hands
# back the SAME object, so a drawn number's interval (draw_ranges.py) is read as its negation's: `-u < 0` of
# u = rng.uniform(10, 20) decided False. ===========================================================================
SAMPLES = (("gen_uniform", "RNG.uniform(10.0, 20.0)"), ("gen_uniform_kw", "RNG.uniform(low=10.0, high=20.0)"),
           ("rs_uniform", "RS.uniform(10.0, 20.0)"), ("rs_randint", "RS.randint(10, 20)"), ("rs_randint_kw", "RS.randint(low=10, high=20)"),
           ("rs_uniform_int_bounds", "RS.uniform(3, 7)"), ("rs_random_sample_scaled", "RS.random_sample() * 10.0 + 10.0"),
           ("gen_random_scaled", "RNG.random() * 5.0 + 3.0"))
UNIT = (("gen_random", "RNG.random()"), ("rs_rand", "RS.rand()"), ("rs_random_sample", "RS.random_sample()"),
        ("rs_random", "RS.random()"), ("rs_uniform_default", "RS.uniform()"))
DRAWS = "RNG = np.random.default_rng(0)\nRS = np.random.RandomState(0)"
NEGS = (("neg_lt0", ["m = -u"], "m < 0"), ("neg_lt1", ["m = -u"], "m < 1"), ("neg_exp", ["m = -u"], "np.exp(m) < 1.0"),
        ("neg_round", ["m = -u"], "np.round(m) < 0"), ("neg_scaled", ["m = -u * 2.0"], "m < 0"),
        ("neg_shift", ["m = -u + 100"], "m < 100"), ("neg_of_sum", ["m = -(u + 1)"], "m < 0"),
        ("pos_neg", ["m = +(-u)"], "m < 0"), ("neg_abs", ["m = -u"], "np.abs(m) > 0 and m < 0"), ("neg_clip", ["m = np.clip(-u, -100, 100)"], "m < 0"))
for i, (slabel, sample) in enumerate(SAMPLES):
    for j, (nlabel, lines, test) in enumerate(NEGS):
        if (i + j) % 3:
            continue
        pick(f"neg_{slabel}_{nlabel}", f"u = {sample} lies in [3, 20]; {lines[-1]}: `{test}` holds.", DRAWS, test,
             lines=[f"u = {sample}", *lines])
for slabel, sample in SAMPLES:
    if "randint" in slabel:
        pick(f"invert_{slabel}", f"k = {sample} lies in [0, 20]; `~k` is -k-1 < 0.", DRAWS, "~k < 0", lines=[f"k = {sample}"])
        pick(f"invert_{slabel}_shift", f"k = {sample}; `~k + 50` is below 50.", DRAWS, "m < 50", lines=[f"k = {sample}", "m = ~k + 50"])
for slabel, sample in UNIT:
    pick(f"neg_{slabel}_shifted", f"u = {sample} in [0, 1); -(u + 1) < 0.", DRAWS, "m < 0", lines=[f"u = {sample}", "m = -(u + 1.0)"])
    pick(f"neg_{slabel}_scaled_exp", f"u = {sample} in [0, 1); exp(-(u + 1)) < 1.", DRAWS, "np.exp(m) < 1.0",
         lines=[f"u = {sample}", "m = -(u + 1.0) * 3.0"])
pick("neg_in_helper", "A helper hands back -scale of a drawn scale; the caller tests it below 0.",
     DRAWS + "\n\n\ndef flipped(rng):\n    scale = rng.uniform(1.0, 2.0)\n    return -scale\n", "flipped(RNG) < 0")
pick("neg_learning_rate", "A drawn learning rate's negation is the step direction: below 0.",
     DRAWS, "step < 0", lines=["lr = RNG.uniform(1e-4, 1e-2)", "step = -lr * 10.0"])
pick("neg_then_if", "`if -u < 0:` picks the axes.", DRAWS, "flag", lines=["u = RNG.uniform(5.0, 6.0)", "flag = False", "if -u < 0:", "    flag = True"])
pick("neg_while_guard", "A while loop counting down from -k up to 0 runs; the count is positive.", DRAWS, "steps > 0",
     lines=["k = RS.randint(3, 6)", "m, steps = -k, 0", "while m < 0:", "    m, steps = m + 1, steps + 1"])
pick("neg_round_rs_uniform", "`np.round(-u)` of u = RS.uniform(2, 4) is below 0.", DRAWS, "np.round(-u) < 0", lines=["u = RS.uniform(2.0, 4.0)"])
pick("neg_le_bound", "`-u <= -2.0` of u = RS.uniform(2, 4) holds.", DRAWS, "-u <= -2.0", lines=["u = RS.uniform(2.0, 4.0)"])

# == P. draw_parameters.verdict: the tables say these draw, but a Generator raises ValueError. =========================
GENS = (("default_rng", "np.random.default_rng(0)"), ("pcg64", "np.random.Generator(np.random.PCG64(1))"),
        ("seedseq", "np.random.default_rng(np.random.SeedSequence(3))"), ("philox", "np.random.Generator(np.random.Philox(2))"))
HYPER = (("ngood_1e9", "G.hypergeometric(10**9, 5, 3)"), ("nbad_2e9", "G.hypergeometric(5, 2 * 10**9, 3)"),
         ("both", "G.hypergeometric(2 * 10**9, 10**9, 10)"), ("ngood_1e10", "G.hypergeometric(10**10, 1, 1)"),
         ("large", "G.hypergeometric(10**12, 10**12, 7)"), ("keywords", "G.hypergeometric(ngood=10**9, nbad=1, nsample=1)"),
         ("nsample0", "G.hypergeometric(5, 10**9, 0)"))
NEGBIN = (("large_n", "G.negative_binomial(10**12, 1e-8)"), ("tiny_p", "G.negative_binomial(1, 1e-19)"),
          ("two", "G.negative_binomial(2, 1e-18)"), ("mid", "G.negative_binomial(10**6, 1e-14)"),
          ("float_n", "G.negative_binomial(1000.5, 1e-17)"), ("keywords", "G.negative_binomial(n=10**11, p=1e-8)"),
          ("n_1e11", "G.negative_binomial(10**11, 1e-9)"))
KINDS = ("ValueError", "Exception", "(ValueError, TypeError)")
for i, (glabel, gen) in enumerate(GENS):
    for j, (hlabel, stmt) in enumerate(HYPER + NEGBIN):
        if (i + j) % 2 and glabel != "default_rng":
            continue
        kind = KINDS[(i + j) % 3]
        family = "hyper" if "hypergeometric" in stmt else "negbin"
        trying(f"{family}_{hlabel}_{glabel}", f"A Generator's {stmt} raises ValueError (caught by `except {kind}`).",
               f"G = {gen}", stmt, kind)
trying("hyper_in_helper", "A helper draws hypergeometric(10**9, 5, 3) from its Generator.",
       "def draw(rng):\n    return rng.hypergeometric(10**9, 5, 3)\n\n\nG = np.random.default_rng(5)", "draw(G)", "ValueError")
trying("negbin_in_helper", "A helper draws negative_binomial(n, p) of a huge mean.",
       "def draw(rng, n, p):\n    return rng.negative_binomial(n, p)\n\n\nG = np.random.default_rng(6)", "draw(G, 10**12, 1e-8)", "ValueError")
trying("hyper_method_alias", "A bound method alias of a Generator's hypergeometric.",
       "HYPER = np.random.default_rng(7).hypergeometric", "HYPER(3 * 10**9, 5, 2)", "ValueError")
trying("negbin_method_alias", "A bound method alias of a Generator's negative_binomial.",
       "NB = np.random.default_rng(8).negative_binomial", "NB(5, 1e-19)", "ValueError")
# R through a host array: the negation's (wrong) interval decides a mask of known bools (exact_host_arrays.py)
for label, (sample, expr, test) in {
        "mask_arange": ("RS.uniform(1.0, 2.0)", "np.arange(1, 4) * -u", "(m < 0)[2]"),
        "mask_drawn": ("RNG.uniform(1.0, 2.0)", "RNG.uniform(1.0, 2.0, 4) * -u", "(m < 0)[1]")}.items():
    var = "k" if "-k" in expr or "~k" in expr else "u"
    pick(f"neg_{label}", f"{var} = {sample}; m = {expr} is negative everywhere.", DRAWS, test, lines=[f"{var} = {sample}", f"m = {expr}"])
