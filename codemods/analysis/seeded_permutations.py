"""The first permutation a seeded NumPy Generator draws, computed exactly (script_run.py; issue 13).

Input pipelines shuffle their records with `np.random.default_rng(seed).permutation(n)` and then
read `rows[int(order[pos])]`. With the order unknown the run cannot tell which record it reads
and stops; but NumPy's result is fixed by the seed, and the run can compute it as NumPy does
(NumPy 2, checked against NumPy 2.4 for seeds 0-299 and some past 2**32, lengths 1-100, of
`permutation(n)` and of `permutation(array)` along its first axis):
- `default_rng(seed)` of a Python int `seed >= 0` seeds a SeedSequence, whose pool of four 32-bit
  words is mixed from the seed's 32-bit words (least significant first) and hands the bit
  generator four 64-bit words; PCG64 takes them as its 128-bit state and increment, steps its LCG
  and outputs the XSL-RR mix of the state; a 32-bit draw is half of a 64-bit output (the low half
  first, the high half kept for the next draw);
- `permutation(n)` shuffles `arange(n)` by Fisher-Yates from the last place down: the place swapped
  with i is drawn in [0, i] by masked rejection (32-bit draws while i fits in 32 bits);
  `permutation(x)` of an array shuffles a copy of x along its first axis by the same draws.
Only the generator's first draw is followed: the table below holds a Generator's seed from its
making until any member of it is read (`rng.normal`, `rng.bit_generator`, ...: each may draw),
and a `permutation` call uses it only if it is still there, forgetting it. Anything else gives
what the run knew before (values unknown).
"""
from __future__ import annotations

from codemods.analysis.exact_host_arrays import known, values
from codemods.analysis.script_values import Arr, RunCallable

_TABLE = "_seeded_generators"
_LONGEST = 1 << 16

_M32, _M64, _M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1
# SeedSequence's hash constants and PCG64's multiplier (NumPy's published values).
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645


def noted(run, generator: object, args: list, kwargs: dict) -> object:
    """`np.random.default_rng(seed)` made `generator`: keep a Python int seed >= 0."""
    given = [*args, *kwargs.values()]
    if len(given) == 1 and type(given[0]) is int and given[0] >= 0:
        run.__dict__.setdefault(_TABLE, {})[id(generator)] = (generator, given[0])
    return generator


def _taken(run, generator: object) -> int | None:
    """The generator's seed if it has drawn nothing yet; forgotten from now on."""
    found = run.__dict__.get(_TABLE, {}).pop(id(generator), None)
    return found[1] if found is not None and found[0] is generator else None


def touched(run, generator: object, name: str) -> None:
    """A member read: it may draw (a permutation is checked when called)."""
    if name != "permutation":
        _taken(run, generator)


class SeededPermutation(RunCallable):
    """`rng.permutation` of a Generator the run may know the seed of."""

    __slots__ = ("draw", "generator")

    def __init__(self, generator: object, draw: object) -> None:
        self.generator, self.draw = generator, draw

    def __call__(self, run, args: list, kwargs: dict) -> object:
        seed = _taken(run, self.generator)
        given = args[0] if len(args) == 1 and not kwargs else None
        held = tuple(range(given)) if type(given) is int and 0 <= given <= _LONGEST else values(run, given) \
            if type(given) is Arr and given.ndim == 1 else None  # (read before the draw, which copies it)
        made = run.call(self.draw, args, kwargs)
        if seed is None or held is None or type(made) is not Arr or not made.host or made.ndim not in (None, 1):
            return made
        return known(run, made, tuple(held[place] for place in order(seed, len(held))))


def order(seed: int, count: int) -> list[int]:
    """The places `default_rng(seed).permutation(count)` holds."""
    state = _Pcg64(_seed_words(seed))
    places = list(range(count))
    for i in range(count - 1, 0, -1):
        j = _interval(state, i)
        places[i], places[j] = places[j], places[i]
    return places


def _seed_words(seed: int) -> list[int]:
    """SeedSequence(seed).generate_state(4, uint64)."""
    entropy = []
    while True:
        entropy.append(seed & _M32)
        seed >>= 32
        if not seed:
            break
    entropy += [0] * (4 - len(entropy))
    hash_const = [_INIT_A]

    def hashed(value: int) -> int:
        value ^= hash_const[0]
        hash_const[0] = hash_const[0] * _MULT_A & _M32
        value = value * hash_const[0] & _M32
        return value ^ value >> 16

    def mixed(x: int, y: int) -> int:
        result = (_MIX_L * x & _M32) - (_MIX_R * y & _M32) & _M32
        return result ^ result >> 16

    pool = [hashed(word) for word in entropy[:4]]
    for source in range(4):
        for target in range(4):
            if source != target:
                pool[target] = mixed(pool[target], hashed(pool[source]))
    for word in entropy[4:]:
        for target in range(4):
            pool[target] = mixed(pool[target], hashed(word))
    words, const = [], _INIT_B
    for place in range(8):
        value = pool[place % 4] ^ const
        const = const * _MULT_B & _M32
        value = value * const & _M32
        words.append(value ^ value >> 16)
    return [words[2 * k] | words[2 * k + 1] << 32 for k in range(4)]


class _Pcg64:
    __slots__ = ("half", "inc", "state")

    def __init__(self, words: list[int]) -> None:
        self.inc = (words[2] << 64 | words[3]) << 1 | 1
        self.state, self.half = 0, None
        self._step()
        self.state = self.state + (words[0] << 64 | words[1]) & _M128
        self._step()

    def _step(self) -> None:
        self.state = self.state * _PCG_MULT + self.inc & _M128

    def next64(self) -> int:
        self._step()
        high, low = self.state >> 64, self.state & _M64
        mixed, turn = high ^ low, high >> 58
        return (mixed >> turn | mixed << (-turn & 63)) & _M64

    def next32(self) -> int:
        if self.half is not None:
            value, self.half = self.half, None
            return value
        whole = self.next64()
        self.half = whole >> 32
        return whole & _M32


def _interval(state: _Pcg64, top: int) -> int:
    """A draw in [0, top] by masked rejection."""
    mask = top
    for shift in (1, 2, 4, 8, 16, 32):
        mask |= mask >> shift
    draw = state.next32 if top <= _M32 else state.next64
    while True:
        value = draw() & mask
        if value <= top:
            return value
