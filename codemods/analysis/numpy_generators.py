"""NumPy's random Generator in a script run (script_run.py; issue 13): `rng =
np.random.default_rng(seed)` (or `np.random.Generator(np.random.PCG64(seed))`: of anything but
a bit generator, an int, a str, a SeedSequence, NumPy raises, and the run stops), whose samplers make the
host arrays a program feeds its mesh (`rng.normal(size=(8, 16))`, `rng.integers(0, 10, n)`).

A Generator is not an array: feature detection on it (`hasattr(rng, "shape")`, `getattr(rng,
"integers", None)`, `rng.shape` under `except AttributeError`) answers by what the class has, and
a run that held it as a host array would take an ndarray's `shape` as present and follow the
branch the program never takes. So it is a value of its own here, read by its own table:
- its samplers (NumPy 2.4's listing of numpy.random.Generator, the same names from NumPy 1.21 on:
  `permuted` came in 1.20) give what an array's method gives (script_operators.ArrMethod: a host
  array of the rank `size=` says, of the dtype the sampler makes), but one sample of plain
  parameters, a Python number (numpy_draws.py), and `choice` of letters what drawn_texts.py follows;
  but `shuffle` works in place and hands back None, and `bytes(n)` gives a Python bytes, neither
  an array (numpy_draws.py);
- `spawn` (NumPy 1.25) is present where the target JAX requires NumPy 2 (jax 0.8.0 on), unknown
  before (the run stops on it); it gives that many new Generators;
- `bit_generator` is an object the run does not know (Opaque);
- any other public name is absent: reading it raises AttributeError, which a handler of the
  program may catch (`hasattr` answers False); a private name is unknown (the run stops).
Python's own object protocol is the real one's: a Generator is true, equal only to itself and
hashed by identity. NumPy's legacy RandomState, SeedSequence and bit generators are values of
their own too (numpy_random_states.py).
"""
from __future__ import annotations

from codemods.analysis.drawn_texts import DrawChoice
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_draws import Draw, RandomBytes, Shuffle
from codemods.analysis.numpy_random_states import SPAWN_SINCE, NpBitGenerator, RandomObject
from codemods.analysis.script_values import Opaque, RunCallable
from codemods.analysis.seeded_permutations import SeededPermutation, touched

MAKERS = frozenset({"numpy.random.default_rng", "numpy.random.Generator"})

# numpy.random.Generator's public attributes (NumPy 2.4, checked with `dir`), but `spawn` and
# `bit_generator`, read apart.
_SAMPLERS = frozenset({
    "beta", "binomial", "bytes", "chisquare", "choice", "dirichlet", "exponential", "f", "gamma", "geometric",
    "gumbel", "hypergeometric", "integers", "laplace", "logistic", "lognormal", "logseries", "multinomial",
    "multivariate_hypergeometric", "multivariate_normal", "negative_binomial", "noncentral_chisquare",
    "noncentral_f", "normal", "pareto", "permutation", "permuted", "poisson", "power", "random", "rayleigh",
    "shuffle", "standard_cauchy", "standard_exponential", "standard_gamma", "standard_normal", "standard_t",
    "triangular", "uniform", "vonmises", "wald", "weibull", "zipf",
})


class NpGenerator(RandomObject):
    """A numpy.random.Generator the program made."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        touched(run, self, name)  # (a seed known until then: seeded_permutations.py)
        if name in ("shuffle", "bytes"):
            return Shuffle(True) if name == "shuffle" else RandomBytes()  # (no arrays: numpy_draws.py)
        if name in _SAMPLERS:
            # (script_operators imports script_jax, which imports this module)
            from codemods.analysis.script_operators import ArrMethod

            draw = Draw(name, False, ArrMethod(True, name, None))  # (one sample: a Python number, numpy_draws.py)
            if name == "permutation":
                return SeededPermutation(self, draw)
            return DrawChoice(draw) if name == "choice" else draw
        if name == "bit_generator":
            return Opaque()
        if name == "spawn":
            target = getattr(run, "target", None)
            if target is None or target < SPAWN_SINCE:
                raise Bail  # (NumPy before 1.25 has no `spawn`)
            return _Spawn()
        if name.startswith("_"):
            raise Bail  # (`_bit_generator`, the object protocol's names: not listed)
        raise Raised(AttributeError(f"'numpy.random._generator.Generator' object has no attribute {name!r}"))


class _Spawn(RunCallable):
    """`rng.spawn(n)`: n new, independent Generators."""

    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> list:
        count = args[0] if len(args) == 1 and not kwargs else kwargs.get("n_children") if not args and len(kwargs) == 1 else None
        if type(count) is not int or count < 0 or count > 4096:
            raise Bail  # (a negative count raises ValueError: not followed)
        return [NpGenerator() for _ in range(count)]


def made(name: str, args: list, kwargs: dict) -> NpGenerator:
    """`np.random.default_rng(seed)`: a new Generator, or the one given (handed back unchanged);
    `np.random.Generator(bit_generator)` of a bit generator the run holds (numpy_random_states.py):
    a new one."""
    given = [*args, *kwargs.values()]
    if name == "numpy.random.Generator":
        if len(args) + len(kwargs) != 1 or not set(kwargs) <= {"bit_generator"} or type(given[0]) is not NpBitGenerator:
            raise Bail  # (an int, a str, a SeedSequence, a Generator: NumPy raises, not followed)
        return NpGenerator()
    if len(given) > 1 or not set(kwargs) <= {"seed"}:
        raise Bail
    return given[0] if given and type(given[0]) is NpGenerator else NpGenerator()
