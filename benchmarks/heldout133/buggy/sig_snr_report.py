"""dsp/quality/snr_report.py: signal-to-noise ratio of a multichannel recording against a clean
reference: per-channel energies over time, then the array-wide SNR over every channel.
"""
import functools
import inspect
import operator
from functools import partial, reduce
from operator import itemgetter, attrgetter

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- fp_lite: pasted combinators (toolz / returns / fn.py are not installed here) ----------
def curry(fn):
    """Collect arguments until fn's signature can be bound, then call it."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def collecting(*args, **kwargs):
        try:
            sig.bind(*args, **kwargs)
        except TypeError:
            return curry(partial(fn, *args, **kwargs))
        return fn(*args, **kwargs)
    return collecting


def compose(*fns):
    return lambda x: reduce(lambda acc, f: f(acc), reversed(fns), x)


def pipe(x, *fns):
    return reduce(lambda acc, f: f(acc), fns, x)


def thread_first(x, *forms):
    step = lambda acc, form: form(acc) if callable(form) else form[0](acc, *form[1:])
    return reduce(step, forms, x)


juxt = lambda *fns: lambda *a, **k: tuple(f(*a, **k) for f in fns)
flip = lambda fn: curry(lambda a, b: fn(b, a))
identity = lambda x: x
complement = lambda pred: compose(operator.not_, pred)
foldl = curry(lambda fn, init, xs: reduce(fn, xs, init))


class Maybe:
    def __init__(self, value):
        self.value = value

    def map(self, fn):
        return self if self.value is None else Maybe(fn(self.value))

    def bind(self, fn):
        return self if self.value is None else fn(self.value)

    def or_else(self, default):
        return default if self.value is None else self.value


get_in = curry(lambda path, d: reduce(lambda acc, k: acc[k], path, d))
assoc_in = curry(lambda path, v, d: {**d, path[0]: v} if len(path) == 1
                 else {**d, path[0]: assoc_in(path[1:], v, d.get(path[0], {}))})
lens = lambda *path: (get_in(path), curry(lambda v, d: assoc_in(path, v, d)))
# ---- end fp_lite ----------------------------------------------------------------------------

MESH = (("chan", 2), ("time", 4))
NAMES = tuple(map(itemgetter(0), MESH))
SIZES = tuple(map(itemgetter(1), MESH))
SPEC = P(*NAMES)

sum_over = curry(lambda axes, x: jax.lax.psum(x, axis_name=axes))
energy = compose(partial(jnp.sum, axis=1), jnp.square)
ratio_db = lambda num, den: 10.0 * jnp.log10(num / den)


def channel_energies(ref, noisy):
    """Energy of the reference and of the noise per channel, summed over the time shards."""
    over_time = sum_over("time")
    return juxt(compose(over_time, energy, itemgetter(0)),
                compose(over_time, energy, lambda rn: rn[1] - rn[0]))((ref, noisy))


def snr_body(ref, noisy):
    sig_e, noise_e = channel_energies(ref, noisy)
    per_channel = ratio_db(sig_e, noise_e)
    array_sig, array_noise = map(compose(sum_over(NAMES), jnp.sum), (sig_e, noise_e))
    return per_channel, ratio_db(array_sig, array_noise)


def build(mesh):
    return jax.jit(jax.shard_map(snr_body, mesh=mesh, in_specs=(SPEC, SPEC),
                                 out_specs=(P("chan"), P())))


def add_noise(rng, x, levels):
    return (x + levels[:, None] * rng.normal(size=x.shape)).astype(np.float32)


fmt_db = compose(list, partial(map, lambda v: round(float(v), 2)), np.asarray, jax.device_get)


def reference_snr(ref, noisy):
    return 10.0 * np.log10(np.sum(ref ** 2) / np.sum((noisy - ref) ** 2))


def inputs():
    rng = np.random.default_rng(97)
    t = np.arange(128, dtype=np.float32) / 128.0
    ref = np.stack([np.sin(2 * np.pi * (i + 2) * t) for i in range(4)]).astype(np.float32)
    noisy = add_noise(rng, ref, np.array([0.05, 0.1, 0.2, 0.4]))
    return ref, noisy


def main(ref, noisy):
    mesh = jax.make_mesh(SIZES, NAMES)
    with jax.set_mesh(mesh):
        placed = [jax.device_put(a, NamedSharding(mesh, SPEC)) for a in (ref, noisy)]
        per_channel, overall = build(mesh)(*placed)
    print("per-channel SNR dB", fmt_db(per_channel))
    print("array SNR dB", round(float(overall), 2), "numpy", round(reference_snr(ref, noisy), 2))


if __name__ == "__main__":
    main(*inputs())
