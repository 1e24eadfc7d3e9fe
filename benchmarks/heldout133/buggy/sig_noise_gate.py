"""dsp/dynamics/noise_gate.py: a hard noise gate: each channel's waveform is made whole over the
time shards (the gate looks ahead across shard edges) and samples under the threshold are muted.
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

GATE = {"threshold": 0.1, "hold": 4}
CHANNEL_AXIS, TIME_AXIS = "chan", "time"

whole_waveform = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=1, tiled=True, to="reduced"))
above = curry(lambda thr, x: jnp.abs(x) > thr)
hold_open = curry(lambda n, mask: reduce(
    jnp.logical_or, [jnp.roll(mask, k, axis=1) for k in range(n)]))


def gate_body(gate):
    open_mask = compose(hold_open(gate["hold"]), above(gate["threshold"]))

    def body(x):
        waveform = whole_waveform(TIME_AXIS, x)
        mask = open_mask(waveform)
        return jnp.where(mask, waveform, jnp.zeros_like(waveform)), mask
    return body


def build(mesh, gate):
    out = P(CHANNEL_AXIS, None, reduced={TIME_AXIS})
    return jax.jit(jax.shard_map(gate_body(gate), mesh=mesh,
                                 in_specs=P(CHANNEL_AXIS, TIME_AXIS), out_specs=(out, out)))


def bursts(rng, n_chan, n):
    env = np.zeros((n_chan, n), np.float32)
    for c in range(n_chan):
        start = rng.integers(0, n - 32)
        env[c, start:start + 32] = 1.0
    return env


open_fraction = compose(partial(np.round, decimals=3), partial(np.mean, axis=1), np.asarray,
                        jax.device_get)
residual_rms = curry(lambda clean, out: float(np.sqrt(np.mean((np.asarray(out) - clean) ** 2))))


def inputs():
    rng = np.random.default_rng(101)
    env = bursts(rng, 4, 128)
    tone = np.sin(np.arange(128, dtype=np.float32) * 0.3)
    clean = (env * tone).astype(np.float32)
    noisy = (clean + 0.02 * rng.normal(size=clean.shape)).astype(np.float32)
    return noisy, clean, GATE


def main(noisy, clean, gate):
    mesh = jax.make_mesh((2, 4), (CHANNEL_AXIS, TIME_AXIS))
    with jax.set_mesh(mesh):
        xs = jax.device_put(noisy, NamedSharding(mesh, P(CHANNEL_AXIS, TIME_AXIS)))
        gated, mask = build(mesh, gate)(xs)
        frac = open_fraction(mask)
        gated_host = np.asarray(jax.device_get(gated))
    print("gate open fraction", frac)
    print("residual rms", residual_rms(clean, gated_host))


if __name__ == "__main__":
    main(*inputs())
