# Entries of gen_clean.py (exec'd there). Every axes_prog program computes `axes` on the host by a
# Python construct that gives ("i",) at run time (8 CPU devices) and hands it to reduce_rows (psum of a
# value varying on i only); read otherwise it gives ("i", "j"), which raises SF105's error.


def axes_prog(name, doc, pre, lines, old, new, imports="", rule="SF105"):
    text = "@REDUCE@\n" + (("\n" + pre.strip("\n") + "\n") if pre else "") + \
        "\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, rule=rule, imports=imports)


def pick(name, doc, pre, test, old='axes = ("i",) if', new='axes = ("i", "j") if', imports=""):
    """axes = ("i",) when `test` (a Python expression) holds, else ("i", "j")."""
    axes_prog(name, doc, pre, [f'axes = ("i",) if {test} else ("i", "j")'], old, new, imports=imports)


def trying(name, doc, pre, stmt, kind, old='    axes = ("i",)', new='    axes = ("i", "j")', imports=""):
    """axes = ("i",) when `stmt` raises `kind`, else ("i", "j")."""
    axes_prog(name, doc, pre, ['try:', f'    {stmt}', '    axes = ("i", "j")', f'except {kind}:', '    axes = ("i",)'],
              old, new, imports=imports)


RNG = "RNG = np.random.default_rng(0)\nRS = np.random.RandomState(0)\nBG = np.random.PCG64(0)\nDRAW = RNG.normal\n"

# == A. numpy_draws.py (`Draw.__call__` / `one_sample`): one sample of plain parameters is read as an unknown
# number whatever the parameters; NumPy checks them first and raises (ValueError, OverflowError, TypeError).
for label, stmt, kind in (
        ("gen_normal_scale", "RNG.normal(0.0, -1.0)", "ValueError"),
        ("rs_normal_scale", "RS.normal(0.0, -1.0)", "ValueError"),
        ("mod_normal_scale", "np.random.normal(0.0, -1.0)", "ValueError"),
        ("gen_binomial_p", "RNG.binomial(5, 1.5)", "ValueError"),
        ("rs_binomial_n", "RS.binomial(-1, 0.5)", "ValueError"),
        ("gen_poisson_lam", "RNG.poisson(-1.0)", "ValueError"),
        ("gen_uniform_inf", 'RNG.uniform(0.0, float("inf"))', "OverflowError"),
        ("gen_zipf_one", "RNG.zipf(1.0)", "ValueError"),
        ("gen_hyper_nsample", "RNG.hypergeometric(1, 1, 5)", "ValueError"),
        ("gen_triangular_order", "RNG.triangular(1.0, 0.0, 2.0)", "ValueError"),
        ("gen_geometric_zero", "RNG.geometric(0.0)", "ValueError"),
        ("gen_beta_zero", "RNG.beta(0.0, 1.0)", "ValueError"),
        ("gen_gamma_neg", "RNG.gamma(-1.0)", "ValueError"),
        ("gen_exponential_neg", "RNG.exponential(-2.0)", "ValueError"),
        ("gen_chisquare_zero", "RNG.chisquare(0.0)", "ValueError"),
        ("gen_wald_mean", "RNG.wald(0.0, 1.0)", "ValueError"),
        ("gen_pareto_neg", "RNG.pareto(-1.0)", "ValueError"),
        ("gen_logseries_one", "RNG.logseries(1.0)", "ValueError"),
        ("gen_random_int32", "RNG.random(dtype=np.int32)", "TypeError"),
        ("gen_stdnormal_f16", "RNG.standard_normal(dtype=np.float16)", "TypeError"),
        ("gen_integers_bool5", "RNG.integers(0, 5, dtype=bool)", "ValueError"),
        ("gen_integers_empty", "RNG.integers(0, dtype=int)", "ValueError"),
        ("gen_integers_order", "RNG.integers(5, 2, dtype=int)", "ValueError"),
        ("rs_randint_zero", "RS.randint(0)", "ValueError"),
        ("rs_randint_bool5", "RS.randint(5, dtype=bool)", "ValueError"),
        ("mod_randint_zero", "np.random.randint(0)", "ValueError"),
        ("gen_choice_zero", "RNG.choice(0)", "ValueError"),
        ("rs_choice_zero", "RS.choice(0)", "ValueError"),
        ("gen_choice_neg", "RNG.choice(-3)", "ValueError"),
        ("gen_laplace_scale", "RNG.laplace(0.0, -1.0)", "ValueError"),
        ("rs_lognormal_sigma", "RS.lognormal(0.0, -1.0)", "ValueError"),
        ("gen_vonmises_kappa", "RNG.vonmises(0.0, -1.0)", "ValueError"),
        ("gen_weibull_neg", "RNG.weibull(-1.0)", "ValueError"),
        ("gen_standard_t_zero", "RNG.standard_t(0.0)", "ValueError"),
        ("gen_rayleigh_neg", "RNG.rayleigh(-1.0)", "ValueError"),
        ("gen_negbin_p", "RNG.negative_binomial(1, 2.0)", "ValueError"),
        ("gen_choice_p_size", "RNG.choice(5, p=[0.5, 0.5])", "ValueError"),
        ("gen_choice_p_sum", "RNG.choice(3, p=[0.5, 0.6, 0.1])", "ValueError"),
        ("gen_choice_p_neg", "RNG.choice(2, p=[0.5, -0.5])", "ValueError"),
        ("gen_choice_p_noreplace", "RNG.choice(3, replace=False, p=[0.5, 0.6, 0.1])", "ValueError"),
        ("gen_integers_2_64", "RNG.integers(0, 2 ** 64, dtype=int)", "ValueError"),
        ("rs_randint_neg", "RS.randint(-5)", "ValueError"),
        ("rs_randint_order", "RS.randint(5, 2)", "ValueError"),
        ("gen_binomial_nan", 'RNG.binomial(5, float("nan"))', "ValueError"),
        ("gen_poisson_huge", "RNG.poisson(1e20)", "ValueError"),
        ("gen_negbin_n", "RNG.negative_binomial(0, 0.5)", "ValueError"),
        ("gen_ncchisq_df", "RNG.noncentral_chisquare(0.0, 1.0)", "ValueError"),
        ("gen_ncf_nonc", "RNG.noncentral_f(1.0, 1.0, -1.0)", "ValueError"),
        ("gen_f_dfnum", "RNG.f(0.0, 1.0)", "ValueError"),
        ("gen_stdgamma_neg", "RNG.standard_gamma(-1.0)", "ValueError"),
        ("gen_power_zero", "RNG.power(0.0)", "ValueError"),
        ("gen_hyper_neg", "RNG.hypergeometric(-1, 1, 1)", "ValueError"),
        ("gen_triangular_flat", "RNG.triangular(0.0, 0.0, 0.0)", "ValueError"),
        ("gen_geometric_big", "RNG.geometric(1.5)", "ValueError"),
        ("gen_logseries_neg", "RNG.logseries(-0.5)", "ValueError"),
        ("gen_wald_scale", "RNG.wald(1.0, 0.0)", "ValueError"),
        ("gen_zipf_half", "RNG.zipf(0.5)", "ValueError"),
        ("gen_beta_b", "RNG.beta(1.0, -1.0)", "ValueError"),
        ("gen_gumbel_scale", "RNG.gumbel(0.0, -1.0)", "ValueError"),
        ("gen_logistic_scale", "RNG.logistic(0.0, -1.0)", "ValueError"),
        ("gen_lognormal_sigma", "RNG.lognormal(0.0, -1.0)", "ValueError"),
        ("gen_standard_t_neg", "RNG.standard_t(-1.0)", "ValueError"),
        ("gen_random_complex", "RNG.random(dtype=complex)", "TypeError"),
        ("gen_random_i8", 'RNG.random(dtype="i8")', "TypeError"),
        ("gen_random_longdouble", "RNG.random(dtype=np.longdouble)", "TypeError"),
        ("gen_stdexp_int64", "RNG.standard_exponential(dtype=np.int64)", "TypeError"),
        ("gen_stdgamma_f16", "RNG.standard_gamma(1.0, dtype=np.float16)", "TypeError"),
        ("rs_choice_neg", "RS.choice(-3)", "ValueError"),
        ("rs_uniform_inf", 'RS.uniform(0.0, float("inf"))', "OverflowError"),
        ("rs_binomial_p", "RS.binomial(5, 1.5)", "ValueError"),
        ("rs_poisson_lam", "RS.poisson(-1.0)", "ValueError"),
        ("rs_zipf_one", "RS.zipf(1.0)", "ValueError"),
        ("rs_hyper_nsample", "RS.hypergeometric(1, 1, 5)", "ValueError"),
        ("rs_triangular_order", "RS.triangular(1.0, 0.0, 2.0)", "ValueError"),
        ("rs_geometric_zero", "RS.geometric(0.0)", "ValueError"),
        ("rs_gamma_neg", "RS.gamma(-1.0)", "ValueError"),
        ("rs_exponential_neg", "RS.exponential(-2.0)", "ValueError"),
        ("rs_wald_mean", "RS.wald(0.0, 1.0)", "ValueError"),
        ("rs_weibull_neg", "RS.weibull(-1.0)", "ValueError"),
        ("rs_logseries_one", "RS.logseries(1.0)", "ValueError"),
        ("gen_normal_kw", "RNG.normal(scale=-1.0)", "ValueError"),
        ("gen_binomial_kw", "RNG.binomial(n=5, p=1.5)", "ValueError"),
        ("gen_poisson_kw", "RNG.poisson(lam=-1.0)", "ValueError"),
        ("gen_uniform_kw", 'RNG.uniform(low=1.0, high=float("inf"))', "OverflowError"),
        ("gen_integers_kw", "RNG.integers(low=0, high=5, dtype=bool)", "ValueError"),
        ("rs_randint_kw", "RS.randint(low=5, high=2)", "ValueError"),
        ("gen_bound_method", "DRAW(0.0, -1.0)", "ValueError"),
        ("gen_numpy_scalar_param", "RNG.normal(0.0, np.float64(-1.0))", "ValueError"),
):
    trying(f"draw_{label}", f"NumPy checks a sampler's parameters before it draws: {stmt} raises {kind}.", RNG, stmt, kind)

# == B. numpy_random_states.py (`_GivesNone`, `_Made`): seed / set_state / advance / jumped never read what they
# are given; NumPy checks it (ValueError, TypeError, IndexError)
for label, stmt, kind in (
        ("seed_neg", "RS.seed(-1)", "ValueError"),
        ("seed_big", "RS.seed(2 ** 32)", "ValueError"),
        ("seed_float", "RS.seed(0.5)", "TypeError"),
        ("seed_text", 'RS.seed("x")', "TypeError"),
        ("seed_kw_neg", "RS.seed(seed=-3)", "ValueError"),
        ("seed_list_neg", "RS.seed([1, -1])", "ValueError"),
        ("set_state_text", 'RS.set_state("x")', "TypeError"),
        ("set_state_empty", "RS.set_state(())", "IndexError"),
        ("set_state_dict", "RS.set_state({})", "ValueError"),
        ("advance_text", 'BG.advance("x")', "TypeError"),
        ("jumped_text", 'BG.jumped("x")', "ValueError"),
):
    trying(f"seed_{label}", f"NumPy reads what a random state is given: {stmt} raises {kind}.", RNG, stmt, kind)


# == H. typed_keys.py (`note`): only key, split and fold_in's keys are noted; other key arrays answer real as any
for label, pre, expr in (
        ("index", "", "jax.random.split(jax.random.key(0), 4)[0]"),
        ("slice", "", "jax.random.split(jax.random.key(0), 4)[1:]"),
        ("wrap", "", "jax.random.wrap_key_data(jax.random.key_data(jax.random.key(0)))"),
        ("clone", "", "jax.random.clone(jax.random.key(0))"),
        ("reshape", "", "jax.random.split(jax.random.key(0), 4).reshape(2, 2)"),
        ("device_put", "", "jax.device_put(jax.random.key(0))"),
        ("none_axis", "", "jax.random.key(0)[None]"),
        ("stack", "", "jnp.stack([jax.random.key(0), jax.random.key(1)])"),
        ("fold_of_index", "", "jax.random.fold_in(jax.random.split(jax.random.key(0))[0], 3)"),
        ("ravel", "", "jax.random.split(jax.random.key(0), 4).ravel()"),
):
    axes_prog(f"key_{label}_real", f"a typed key array's real raises NotImplementedError: {expr}.", pre,
              [f"k = {expr}", "try:", "    k.real", '    axes = ("i", "j")', "except NotImplementedError:", '    axes = ("i",)'],
              '    axes = ("i",)', '    axes = ("i", "j")')

# == I. index_refs.py: `x.at` and `x.at[i]` are held as arrays, but are no arrays: they have no `sum`, `ndim`
for label, test in (
        ("at_sum", 'not hasattr(jnp.zeros(4).at, "sum")'),
        ("at_idx_sum", 'not hasattr(jnp.zeros(4).at[0], "sum")'),
        ("at_idx_shape", 'not hasattr(jnp.zeros((2, 2)).at[0], "shape")'),
        ("at_idx_T", 'not hasattr(jnp.zeros((2, 2)).at[:, 0], "T")'),
        ("np_no_at", 'not hasattr(np.zeros(4), "at")'),
):
    pick(f"ref_{label}", f"an index reference is no array: {test}.", "", test)

# == G. text_host_arrays.py: the strs kept for an array are not forgotten when the array is written in place
for label, stmt in (
        ("setitem", 'A[1] = "i"'),
        ("slice_set", 'A[:] = "i"'),
        ("fill", 'A.fill("i")'),
        ("slice_copy", 'A[1:] = A[:1]'),
        ("view", 'A[1:][0] = "i"'),
        ("copyto", 'np.copyto(A, "i")'),
        ("truncate", 'A[1] = "ij"'),
):
    axes_prog(f"text_{label}", f"a str array written in place: {stmt}.", "",
              ['A = np.array(["i", "j"])', stmt, 'axes = tuple(sorted(set(A.tolist())))'],
              '    axes = tuple(sorted(set(A.tolist())))', '    axes = ("i", "j")')

# == F. dataclass_equality.py (`equal`, `_fields`): every field is compared, and items by the run's own `==`
DC = "import dataclasses\nimport math\n"
DCPRE = '''@dataclasses.dataclass(frozen=True)
class Inner:
    n: int


@dataclasses.dataclass(frozen=True)
class Outer:
    inner: object
'''
for label, test in (
        ("nested_eq", 'Outer(Inner(1)) == Outer(Inner(1))'),
        ("nested_hash", 'hash(Outer(Inner(1))) == hash(Outer(Inner(1)))'),
        ("nested_dict", '{Outer(Inner(1)): 1}.get(Outer(Inner(1))) == 1'),
        ("nan_same", 'Outer(math.nan) == Outer(math.nan)'),
):
    pick(f"dc_{label}", f"dataclass equality: {test}.", DCPRE, test, imports=DC)

# == D. debug_callbacks.py (`_quiet`): a callback that calls only print is taken to change nothing
SINK = '''class Sink:
    def __init__(self):
        self.lines = 0

    def write(self, text):
        self.lines += 1

    def flush(self):
        pass


class Loud:
    def __init__(self):
        self.hits = 0

    def __str__(self):
        self.hits += 1
        return "loud"

    @property
    def hit(self):
        self.hits += 1
        return 0

    def __getitem__(self, k):
        self.hits += 1
        return k


SINK = Sink()
LOUD = Loud()
ITEMS = iter([1, 2, 3])


def run_logged(mesh, x, log):
    def body(block):
        jax.debug.callback(log, block)
        return jax.lax.psum(block, ("i", "j"))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return np.asarray(out)
'''
for label, log, test in (
        ("print_file", 'lambda h: print("seen", file=SINK)', "SINK.lines > 0"),
        ("print_str", 'lambda h: print(LOUD)', "LOUD.hits > 0"),
        ("property", 'lambda h: LOUD.hit', "LOUD.hits > 0"),
        ("getitem", 'lambda h: LOUD[0]', "LOUD.hits > 0"),
        ("drain_iter", 'lambda h: [v for v in ITEMS]', "next(ITEMS, None) is None"),
        ("print_file_kw_def", 'log_def', "SINK.lines > 0"),
):
    axes_prog(f"cb_{label}", f"a debug callback with an effect: {log}.",
              SINK + "\n\ndef log_def(h):\n    return print(h.shape, file=SINK)\n",
              [f'run_logged(mesh, x, {log})', f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if')

# more of F: eq=False keeps object's identity equality; PartitionSpec fields compare as JAX's __eq__ does
for label, pre, test in (
        ("eq_false", "@dataclasses.dataclass(eq=False)\nclass Box:\n    n: int\n", "Box(1) != Box(1)"),
        ("eq_false_frozen", "@dataclasses.dataclass(frozen=True, eq=False)\nclass Box:\n    n: int\n", "Box(1) != Box(1)"),
        ("eq_false_set", "@dataclasses.dataclass(frozen=True, eq=False)\nclass Box:\n    n: int\n", "len({Box(1), Box(1)}) == 2"),
        ("spec_trailing_none", DCPRE, 'Outer(P("i", None)) != Outer(P("i"))'),
        ("spec_tuple_one", DCPRE, 'Outer(P(("i",))) == Outer(P("i"))'),
        ("spec_trailing_hash", DCPRE, 'len({Outer(P("i", None)), Outer(P("i"))}) == 2'),
):
    pick(f"dc_{label}", f"dataclass equality: {test}.", pre, test, imports=DC)

# == E. local_effects.py (`fills_what_it_makes`) / script_pytree_nodes: a flatten that reads a property, an
# unflatten whose setattr runs the class's own __setattr__: each call has an effect JAX makes a fixed number of
# times (jax 0.10.2: tree.leaves flattens once; tree.map flattens once and unflattens once; a shard_map call
# flattens three times and unflattens once; a jit call flattens four times and unflattens once)
BOX = '''COUNTS = {"reads": 0, "sets": 0}


class Box:
    def __init__(self, value):
        self.value = value

    def __setattr__(self, name, value):
        COUNTS["sets"] += 1
        object.__setattr__(self, name, value)

    @property
    def seen(self):
        COUNTS["reads"] += 1
        return self.value


def unflatten(aux, children):
    m = object.__new__(Box)
    setattr(m, "value", children[0])
    return m


jax.tree_util.register_pytree_node(Box, FLATTEN, unflatten)


def through_shard_map(mesh, box):
    return jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(box)
'''
for label, flatten, step, test in (
        ("leaves_reads", "lambda b: ((b.seen,), None)", "jax.tree.leaves(Box(x))", 'COUNTS["reads"] == 1'),
        ("map_reads", "lambda b: ((b.seen,), None)", "jax.tree.map(lambda a: a + 1, Box(x))", 'COUNTS["reads"] == 1'),
        ("map_sets", "lambda b: ((b.seen,), None)", "jax.tree.map(lambda a: a + 1, Box(x))", 'COUNTS["sets"] == 2'),
        ("shard_map_reads", "lambda b: ((b.seen,), None)", "through_shard_map(mesh, Box(x))", 'COUNTS["reads"] == 3'),
        ("shard_map_sets", "lambda b: ((b.seen,), None)", "through_shard_map(mesh, Box(x))", 'COUNTS["sets"] == 2'),
        ("jit_reads", "lambda b: ((b.seen,), None)", "jax.jit(lambda b: b.value * 2)(Box(x))", 'COUNTS["reads"] == 4'),
        ("jit_sets", "lambda b: ((b.seen,), None)", "jax.jit(lambda b: b.value * 2)(Box(x))", 'COUNTS["sets"] == 2'),
        ("getattr_reads", 'lambda b: ((getattr(b, "seen"),), None)', "jax.tree.map(lambda a: a + 1, Box(x))", 'COUNTS["reads"] == 1'),
        ("plain_sets", "lambda b: ((b.value,), None)", "jax.tree.map(lambda a: a + 1, Box(x))", 'COUNTS["sets"] == 2'),
        ("plain_sets_shard_map", "lambda b: ((b.value,), None)", "through_shard_map(mesh, Box(x))", 'COUNTS["sets"] == 2'),
):
    axes_prog(f"node_{label}", f"pytree node functions with effects: {flatten}, unflatten's setattr; {step}.",
              BOX.replace("FLATTEN", flatten), [step, f'axes = ("i",) if {test} else ("i", "j")'],
              'axes = ("i",) if', 'axes = ("i", "j") if')

# == K. operator_tests.py (`_identity`): `operator.is_(v, None)` of a NumPy call that hands back None, which the
# run holds as a host array
for label, pre, call in (
        ("copyto", "A = np.arange(4)\n", "np.copyto(A, 1)"),
        ("put", "A = np.arange(4)\n", "np.put(A, [0], 5)"),
        ("place", "A = np.arange(4)\n", "np.place(A, A > 1, 0)"),
        ("putmask", "A = np.arange(4)\n", "np.putmask(A, A > 1, 0)"),
        ("fill_diagonal", "A = np.zeros((2, 2))\n", "np.fill_diagonal(A, 1.0)"),
        ("np_seed", "", "np.random.seed(0)"),
        ("np_shuffle", "A = np.arange(4)\n", "np.random.shuffle(A)"),
        ("sort_method", "A = np.arange(4)\n", "A.sort()"),
        ("rs_shuffle", "A = np.arange(4)\nRS = np.random.RandomState(0)\n", "RS.shuffle(A)"),
        ("rs_seed", "RS = np.random.RandomState(0)\n", "RS.seed(1)"),
):
    pick(f"is_none_{label}", f"operator.is_ of what {call} hands back (None) and None.", pre,
         f"operator.is_({call}, None)", imports="import operator\n")
    pick(f"is_not_none_{label}", f"operator.is_not of what {call} hands back (None) and None.", pre,
         f"not operator.is_not({call}, None)", imports="import operator\n")

# == M. container_methods.py (`held_method`, ItemMethod): map of a bound lookup is lazy: a store made after map()
# and before the walk is what the walk reads
for label, pre, lines in (
        ("get_store", 'ROLES = {"a": ("i", "j")}\n', ['m = map(ROLES.get, ["a"])', 'ROLES["a"] = ("i",)', "axes = next(m)"]),
        ("getitem_store", 'ROLES = {"a": ("i", "j")}\n', ['m = map(ROLES.__getitem__, ["a"])', 'ROLES["a"] = ("i",)', "axes = next(m)"]),
        ("list_getitem_store", 'ROWS = [("i", "j")]\n', ['m = map(ROWS.__getitem__, [0])', 'ROWS[0] = ("i",)', "axes = next(m)"]),
        ("get_update", 'ROLES = {"a": ("i", "j")}\n', ['m = map(ROLES.get, ["a"])', 'ROLES.update(a=("i",))', "axes = list(m)[0]"]),
        ("getitem_clear", 'ROLES = {"a": ("i", "j")}\n', ['m = map(ROLES.get, ["a"])', 'ROLES.clear()', 'axes = ("i",) if next(m) is None else ("i", "j")']),
):
    axes_prog(f"lazy_{label}", f"map of a bound lookup reads the container when walked, after a store ({label}).", pre, lines,
              "    " + lines[1], "    pass")

# == S. callable_signatures.py (`lambda_signature`): inspect.signature honours a lambda's __signature__,
# __wrapped__ and __defaults__ as set by the program
SIG = "import functools\nimport inspect\n"
for label, pre, test in (
        ("defaults", "F = lambda a, b: a\nF.__defaults__ = (1,)\n", "len(inspect.signature(F).bind(0).arguments) == 1"),
        ("signature_attr", "F = lambda a, b: a\nF.__signature__ = inspect.Signature([inspect.Parameter(\"a\", inspect.Parameter.POSITIONAL_OR_KEYWORD)])\n",
         "len(inspect.signature(F).parameters) == 1"),
        ("wrapped", "def g(a):\n    return a\n\n\nF = functools.wraps(g)(lambda *args: g(*args))\n", "list(inspect.signature(F).parameters) == [\"a\"]"),
        ("update_wrapper", "def g(a):\n    return a\n\n\nF = functools.update_wrapper(lambda *args: g(*args), g)\n", "list(inspect.signature(F).parameters) == [\"a\"]"),
        ("partial_of_defaults", "F = lambda a, b: a\nF.__defaults__ = (1,)\n", "len(inspect.signature(functools.partial(F, 0)).parameters) == 1"),
):
    pick(f"sig_{label}", f"inspect.signature reads what the program set: {test}.", pre, test, imports=SIG)

# more of I
for label, test in (
        ("at_idx_ndim", 'not hasattr(jnp.arange(4).at[1:], "ndim")'),
        ("at_idx_dtype", 'not hasattr(jnp.ones(4).at[0], "dtype")'),
        ("at_idx_reshape", 'not hasattr(jnp.ones((2, 2)).at[0, 1], "reshape")'),
        ("at_idx_astype", 'not hasattr(jnp.ones(4).at[0], "astype")'),
        ("at_idx_at", 'not hasattr(jnp.ones(4).at[0], "at")'),
        ("at_ndim", 'not hasattr(jnp.ones(4).at, "ndim")'),
        ("at_tolist", 'not hasattr(jnp.ones(4).at, "tolist")'),
        ("at_item", 'not hasattr(jnp.ones(4).at[0], "item")'),
        ("np_at_item", 'not hasattr(np.ones(4), "at")'),
):
    pick(f"ref_{label}", f"an index reference is no array: {test}.", "", test)

# more of K: the np.random module's seed hands back None, held as a host array (numpy.random.* calls)
for label, pre, test in (
        ("seed_kw_is", "", "operator.is_(np.random.seed(seed=1), None)"),
        ("seed_bare_is", "", "operator.is_(np.random.seed(), None)"),
        ("seed_not_shape", "", 'not hasattr(np.random.seed(0), "shape")'),
        ("seed_is_none_expr", "", "np.random.seed(0) is None"),
        ("seed_not_of", "", "operator.not_(np.random.seed(0))"),
        ("seed_truth", "", "not operator.truth(np.random.seed(2))"),
):
    pick(f"np_seed_{label}", f"np.random.seed hands back None: {test}.", pre, test, imports="import operator\n")

# more of E, each cause alone: E1 a flatten reading a property (unflatten writing past __setattr__, no effect);
# E2 an unflatten whose object.__setattr__ runs a data descriptor's __set__ (flatten reading a plain attribute)
BOX1 = '''COUNTS = {"reads": 0}


class Box:
    def __init__(self, value):
        object.__setattr__(self, "value", value)

    @property
    def seen(self):
        COUNTS["reads"] += 1
        return self.value


def unflatten(aux, children):
    m = object.__new__(Box)
    object.__setattr__(m, "value", children[0])
    return m


jax.tree_util.register_pytree_node(Box, lambda b: ((b.seen,), None), unflatten)


def through_shard_map(mesh, box):
    return jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(box)
'''
BOX2 = '''COUNTS = {"sets": 0}


class Counted:
    def __get__(self, obj, owner=None):
        return obj.__dict__["value"] if obj is not None else self

    def __set__(self, obj, value):
        COUNTS["sets"] += 1
        obj.__dict__["value"] = value


class Box:
    value = Counted()

    def __init__(self, value):
        self.value = value


def unflatten(aux, children):
    m = object.__new__(Box)
    object.__setattr__(m, "value", children[0])
    return m


jax.tree_util.register_pytree_node(Box, lambda b: ((b.value,), None), unflatten)


def through_shard_map(mesh, box):
    return jax.shard_map(lambda b: jax.lax.psum(b.value, ("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(box)
'''
for label, pre, step, test in (
        ("only_map_reads", BOX1, "jax.tree.map(lambda a: a + 1, Box(x))", 'COUNTS["reads"] == 1'),
        ("only_shard_map_reads", BOX1, "through_shard_map(mesh, Box(x))", 'COUNTS["reads"] == 3'),
        ("only_jit_reads", BOX1, "jax.jit(lambda b: b.value * 2)(Box(x))", 'COUNTS["reads"] == 4'),
        ("descr_map_sets", BOX2, "jax.tree.map(lambda a: a + 1, Box(x))", 'COUNTS["sets"] == 2'),
        ("descr_shard_map_sets", BOX2, "through_shard_map(mesh, Box(x))", 'COUNTS["sets"] == 2'),
        ("descr_jit_sets", BOX2, "jax.jit(lambda b: b.value * 2)(Box(x))", 'COUNTS["sets"] == 2'),
):
    axes_prog(f"node_{label}", f"pytree node functions with effects ({label}): {step}.", pre,
              [step, f'axes = ("i",) if {test} else ("i", "j")'], 'axes = ("i",) if', 'axes = ("i", "j") if')
