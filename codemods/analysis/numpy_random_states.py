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
  a Python bytes (numpy_draws.py); `seed` and `set_state` give None once their argument passes
  NumPy's check (`seed(-1)` raises ValueError, `set_state(())` IndexError: `seeded`, `restored`;
  one the run cannot settle stops the run where a handler may catch it), and so do the np.random
  module's (`module_call`); `get_state` something the run does not follow (Opaque: present, its
  call stops the run);
- a SeedSequence's `spawn(n)` gives n new SeedSequences (since NumPy 1.17), `n_children_spawned` an
  int; its other names are present, their values unknown;
- a bit generator's `jumped()` a new one of its class, `advance(delta)` itself (an argument not
  settled as NumPy's check would take it stops the run where a handler may catch it: `_Made`), `spawn(n)` (NumPy
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
            return GivesNone(name)
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
            texts = ValueError if self.maker in ("numpy.random.PCG64", "numpy.random.PCG64DXSM") else None
            return _Made(lambda: NpBitGenerator(self.maker), "jumps", texts=texts)
        if name == "advance":
            return _Made(lambda: self, "delta", 1)
        return Opaque()


class GivesNone(RunCallable):
    """`rs.seed(0)`, `rs.set_state(state)` (and the np.random module's, of the global
    RandomState): done in place, None handed back, once NumPy has read what it was given
    (`seeded`, `restored`)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, run, args: list, kwargs: dict) -> None:
        given = args[0] if len(args) == 1 and not kwargs else kwargs.get(
            "seed" if self.name == "seed" else "state", _MISSING) if not args and len(kwargs) == 1 else _MISSING
        if self.name == "seed" and not args and not kwargs:
            return None  # (seeded afresh from the system)
        if given is _MISSING:
            raise Bail  # (TypeError, `set_state(state, legacy)`: not followed)
        _settle(run, seeded(given) if self.name == "seed" else restored(given))
        return None


_MISSING = object()
_SEED_TOP = (1 << 32) - 1


def seeded(seed: object) -> type | bool | None:
    """What `rs.seed(seed)` does with a seed (checked on NumPy 2.4.6): True where it takes it
    (None, an int or bool in [0, 2**32 - 1], a non-empty list or tuple of such ints), the class
    it raises where certain (ValueError for an int out of that range, an empty or such a list;
    TypeError for a float, a str or bytes), None otherwise (the run stops where a handler may
    catch it)."""
    if seed is None or type(seed) in (int, bool):
        return True if seed is None or 0 <= seed <= _SEED_TOP else ValueError
    if type(seed) in (float, str, bytes):
        return TypeError  # (NumPy refuses to cast it to an int)
    if type(seed) in (list, tuple) and all(type(item) is int for item in seed):
        return True if seed and all(0 <= item <= _SEED_TOP for item in seed) else ValueError
    return None


def restored(state: object) -> type | bool | None:
    """What `rs.set_state(state)` does with a state the run holds plainly (NumPy 2.4.6): TypeError
    for neither a tuple nor a dict (a str, a number, None), IndexError for an empty tuple or list,
    ValueError for an empty dict; None (not settled) for anything else, `get_state()`'s too."""
    if type(state) in (str, bytes, int, float, bool) or state is None:
        return TypeError
    if type(state) in (tuple, list) and not state:
        return IndexError
    if type(state) is dict and not state:
        return ValueError
    return None


def _settle(run, outcome: type | bool | None) -> None:
    """Go on past a call whose argument check gave `outcome`: taken, raised, or a step of unknown
    outcome (unchecked_calls.passed: the run stops where a handler may catch it)."""
    from codemods.analysis.unchecked_calls import passed  # (unchecked_calls imports the run's values)

    if outcome is True:
        return
    if outcome is None:
        passed(run, (ValueError, TypeError, IndexError, OverflowError, KeyError))
        return
    raise Raised(outcome("NumPy refuses the argument"))


class _Made(RunCallable):
    """`bg.jumped(jumps=1)`, `bg.advance(delta)`: what `make` gives, once its argument (`name`,
    required where `least` is 1) passes: a Python int (or bool) for `advance`'s delta; for
    `jumped` an int of at most 62 bits (MT19937 refuses one beyond a C long with OverflowError).
    Any other argument stops the run where a handler may catch what NumPy raises, which differs
    by class (`PCG64(0).jumped("x")` ValueError, Philox's OverflowError, MT19937's TypeError) but
    for `advance`, where anything but an int is a TypeError (checked on NumPy 2.4.6)."""

    __slots__ = ("least", "make", "name", "texts")

    def __init__(self, make, name: str, least: int = 0, texts: type | None = None) -> None:
        self.make, self.name, self.least = make, name, least
        self.texts = texts  # (PCG64's `jumped` reads a str with Python's int(): ValueError where int() refuses it)

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) + len(kwargs) > 1 or not set(kwargs) <= {self.name} or len(args) + len(kwargs) < self.least:
            raise Bail  # (TypeError: not followed)
        given = [*args, *kwargs.values()]
        if given:
            value = given[0]
            if type(value) in (int, bool) and (self.name == "delta" or abs(value) < 1 << 62):
                pass
            elif self.name == "delta" and (type(value) in (float, str, bytes, list, tuple, dict) or value is None):
                raise Raised(TypeError("advance takes an int"))
            elif self.texts is not None and type(value) is str and not _int_text(value):
                _settle(run, self.texts)
            else:
                _settle(run, None)
        return self.make()


def _int_text(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


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


def module_call(run, name: str, args: list, kwargs: dict) -> object:
    """`np.random.<name>(...)`, a call of the global RandomState: `seed` and `set_state` hand back
    None (GivesNone), `get_state` a state the run does not follow; a sampler (`shuffle` and
    `bytes` too) is NotImplemented here (numpy_draws.py, or a host array); any other name stops
    the run (`set_bit_generator`, `get_bit_generator`: not followed)."""
    if name in ("seed", "set_state"):
        return GivesNone(name)(run, args, kwargs)
    if name == "get_state":
        return Opaque()
    if name not in _RANDOM_STATE:
        raise Bail
    return NotImplemented


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
