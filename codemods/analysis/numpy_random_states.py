"""NumPy's legacy RandomState, its SeedSequence and its bit generators in a script run
(script_run.py; issue 13): `rs = np.random.RandomState(0)`, `seq = np.random.SeedSequence(0)`,
`bg = np.random.PCG64(0)`, the objects a program seeds its host data with, next to the Generator
(numpy_generators.py).

None of them is an array: feature detection on one (`hasattr(rs, "shape")`, `getattr(bg,
"jumped", None)`) answers by what its class has, and a run that held it as a host array would
take an ndarray's `shape` or `sum` as present and follow the branch the program never takes. So
each is a value of its own here, read by its class's table (the public attributes `dir` lists, the
same on NumPy 1.26, 2.0 and 2.4):
- a RandomState's samplers give what numpy_draws.py says (one sample of plain parameters: a Python
  number; else a host array, script_operators.ArrMethod), but `shuffle` None (in place) and `bytes`
  a Python bytes (numpy_draws.py); `seed` and `set_state` give None; `get_state` something the run
  does not follow (Opaque: present, its call stops the run);
- a SeedSequence's `spawn(n)` gives n new SeedSequences (since NumPy 1.17), `n_children_spawned` an
  int; its other names are present, their values unknown;
- a bit generator's `jumped()` a new one of its class, `advance(delta)` itself, `spawn(n)` (NumPy
  1.25: present where the target JAX requires NumPy 2, jax 0.8.0 on; unknown before) n new ones;
  its other names (`state`, `random_raw`, `seed_seq`, `lock`, `ctypes`, ...) present, unknown.
A name of NumPy's array classes that the class lacks (`shape`, `dtype`, `T`, `sum`, `astype`, ...:
NumPy never gives these objects array attributes) is absent: reading it raises AttributeError,
which a program's handler or `hasattr` sees. Any other name is unknown: the run stops (Bail),
since a later NumPy may add it (`spawn` came in 1.25). Python's object protocol is the real
one's: true, equal only to itself, hashed by identity.
"""
from __future__ import annotations

from codemods.analysis.drawn_texts import DrawChoice
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.numpy_draws import Draw, RandomBytes, Shuffle
from codemods.analysis.script_values import Opaque, RunCallable
from codemods.analysis.unknown_numbers import number


def _names(text: str) -> frozenset:
    return frozenset(text.split())


# Every public attribute of numpy.ndarray and of NumPy's scalar types (NumPy 2.4, with NumPy 1's
# `itemset`, `newbyteorder`, `ptp`, `tostring`): what a run holding the object as an array takes as present.
ARRAY_NAMES = _names("""
    T all any argmax argmin argpartition argsort as_integer_ratio astype base bit_count byteswap choose clip compress
    conj conjugate copy ctypes cumprod cumsum data denominator device diagonal dot dtype dump dumps fill flags flat
    flatten fromhex getfield hex imag is_integer item itemset itemsize mT max mean min nbytes ndim newbyteorder nonzero
    numerator partition prod ptp put ravel real repeat reshape resize round searchsorted setfield setflags shape size
    sort squeeze std strides sum swapaxes take to_device tobytes tofile tolist tostring trace transpose var view
""")

_RANDOM_STATE = _names("""
    beta binomial bytes chisquare choice dirichlet exponential f gamma geometric get_state gumbel hypergeometric laplace
    logistic lognormal logseries multinomial multivariate_normal negative_binomial noncentral_chisquare noncentral_f
    normal pareto permutation poisson power rand randint randn random random_integers random_sample rayleigh seed
    set_state shuffle standard_cauchy standard_exponential standard_gamma standard_normal standard_t tomaxint triangular
    uniform vonmises wald weibull zipf
""")
_SEED_SEQUENCE = frozenset({"entropy", "generate_state", "n_children_spawned", "pool", "pool_size", "spawn",
                            "spawn_key", "state"})
_BIT_GENERATOR = frozenset({"capsule", "cffi", "ctypes", "lock", "random_raw", "seed_seq", "spawn", "state"})
# What each bit generator adds to the base class's names.
BIT_GENERATORS = {"numpy.random.PCG64": frozenset({"advance", "jumped"}),
                  "numpy.random.PCG64DXSM": frozenset({"advance", "jumped"}),
                  "numpy.random.Philox": frozenset({"advance", "jumped"}),
                  "numpy.random.SFC64": frozenset(), "numpy.random.MT19937": frozenset({"jumped"})}
MAKERS = frozenset({"numpy.random.RandomState", "numpy.random.SeedSequence", *BIT_GENERATORS})
# The first JAX that requires NumPy >= 2.0, which has `Generator.spawn` and `BitGenerator.spawn` (NumPy 1.25).
SPAWN_SINCE = (0, 8, 0)


class RandomObject(ModelledObject):
    """One of NumPy's random objects (numpy_generators.py's Generator too): `names` its class's
    public attributes; its text (`RandomState(MT19937) at 0x...`) is none the run knows."""

    __slots__ = ()
    names: frozenset = frozenset()
    label = ""

    def attribute(self, run, name: str) -> object:
        if name in self.names:
            return self.member(run, name)
        if name in ARRAY_NAMES:
            raise Raised(AttributeError(f"'{self.label}' object has no attribute {name!r}"))
        raise Bail  # (a private name, the object protocol's, or one a later NumPy may add)

    def member(self, run, name: str) -> object:
        return Opaque()  # (present; what it holds or gives is not followed)

    def __repr__(self) -> str:
        raise Bail  # (an address: not a text the run knows)

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        raise Bail


class NpRandomState(RandomObject):
    """A numpy.random.RandomState the program made."""

    __slots__ = ()
    names, label = _RANDOM_STATE, "numpy.random.mtrand.RandomState"

    def member(self, run, name: str) -> object:
        if name in ("seed", "set_state"):
            return _GivesNone()
        if name in ("shuffle", "bytes"):
            return Shuffle(False) if name == "shuffle" else RandomBytes()  # (no arrays: numpy_draws.py)
        if name == "get_state":
            return Opaque()
        # (script_operators imports script_jax, which imports this module)
        from codemods.analysis.script_operators import ArrMethod

        draw = Draw(name, True, ArrMethod(True, name, None))
        return DrawChoice(draw) if name == "choice" else draw


class NpSeedSequence(RandomObject):
    """A numpy.random.SeedSequence the program made (or spawned)."""

    __slots__ = ()
    names, label = _SEED_SEQUENCE, "numpy.random.bit_generator.SeedSequence"

    def member(self, run, name: str) -> object:
        if name == "spawn":
            return _Spawn(NpSeedSequence)
        return number(run, "int") if name == "n_children_spawned" else Opaque()


class NpBitGenerator(RandomObject):
    """A NumPy bit generator (PCG64, PCG64DXSM, Philox, SFC64, MT19937): `maker` its class's name."""

    __slots__ = ("maker",)

    def __init__(self, maker: str) -> None:
        self.maker = maker

    @property
    def names(self) -> frozenset:
        return _BIT_GENERATOR | BIT_GENERATORS[self.maker]

    @property
    def label(self) -> str:
        return self.maker.rsplit(".", 1)[1]

    def member(self, run, name: str) -> object:
        if name == "spawn":
            target = getattr(run, "target", None)
            if target is None or target < SPAWN_SINCE:
                raise Bail  # (NumPy before 1.25 has no BitGenerator.spawn)
            return _Spawn(lambda: NpBitGenerator(self.maker))
        if name == "jumped":
            return _Made(lambda: NpBitGenerator(self.maker), 1)
        if name == "advance":
            return _Made(lambda: self, 1, 1)
        return Opaque()


class _GivesNone(RunCallable):
    """`rs.seed(0)`, `rs.set_state(state)`: done in place, None handed back."""

    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> None:
        return None


class _Made(RunCallable):
    """`bg.jumped(jumps=1)`, `bg.advance(delta)`: what `make` gives, for at least `least` and at
    most `most` arguments."""

    __slots__ = ("least", "make", "most")

    def __init__(self, make, most: int, least: int = 0) -> None:
        self.make, self.most, self.least = make, most, least

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if not self.least <= len(args) + len(kwargs) <= self.most:
            raise Bail  # (TypeError: not followed)
        return self.make()


class _Spawn(RunCallable):
    """`seq.spawn(n)`, `bg.spawn(n)`: n new objects."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        self.make = make

    def __call__(self, run, args: list, kwargs: dict) -> list:
        count = args[0] if len(args) == 1 and not kwargs else kwargs.get("n_children") if not args and len(kwargs) == 1 else None
        if type(count) is not int or count < 0 or count > 4096:
            raise Bail  # (a negative count raises ValueError: not followed)
        return [self.make() for _ in range(count)]


def made(name: str, args: list, kwargs: dict) -> RandomObject:
    """`np.random.RandomState(seed)`, `np.random.SeedSequence(entropy)`, `np.random.PCG64(seed)`:
    a new object (its seed is not read: the draws are unknown anyway)."""
    if name == "numpy.random.SeedSequence":
        if len(args) > 1 or not set(kwargs) <= {"entropy", "spawn_key", "pool_size", "n_children_spawned"}:
            raise Bail
        return NpSeedSequence()
    if len(args) + len(kwargs) > 1 or not set(kwargs) <= {"seed"}:
        raise Bail  # (TypeError: not followed)
    return NpRandomState() if name == "numpy.random.RandomState" else NpBitGenerator(name)
