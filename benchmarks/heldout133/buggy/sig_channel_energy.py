"""dsp/metering/channel_energy.py: per-channel signal energy of a multichannel recording split
over (chan, time); the energy vector is kept for the level meter of each time shard's monitor.
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

FS = 1000.0
CHAN, TIME = "chan", "time"
METER = {"window": 8, "meter_axis": TIME}

psum_c = curry(lambda ax, x: jax.lax.psum(x, ax))
meter_c = curry(lambda ax, x: jax.lax.all_gather(x, ax, to="reduced"))
local_c = curry(lambda fn, _ax, x: fn(x))


def framed(window):
    return lambda x: x.reshape(x.shape[0], -1, window)


frame_energy = lambda frames: jnp.sum(jnp.square(frames), axis=-1)
per_channel = lambda e: jnp.sum(e, axis=-1)

STAGES = [
    (local_c(framed(METER["window"])), None),
    (local_c(frame_energy), None),
    (local_c(per_channel), None),
    (psum_c, TIME),
    (meter_c, METER["meter_axis"]),
]

run_stages = curry(lambda stages, x: reduce(lambda acc, st: st[0](st[1])(acc), stages, x))


def energy_body(stages):
    return run_stages(stages)


def build(mesh, stages):
    return jax.shard_map(energy_body(stages), mesh=mesh, in_specs=P(CHAN, TIME),
                         out_specs=P(None, CHAN, reduced={METER["meter_axis"]}))


def tone(freq, n, amp):
    t = np.arange(n) / FS
    return (amp * np.sin(2 * np.pi * freq * t)).astype(np.float32)


to_db = compose(lambda e: 10.0 * np.log10(e + 1e-12), np.asarray)


def inputs():
    rng = np.random.default_rng(83)
    sig = np.stack([tone(50.0 * (i + 1), 256, 0.5 + 0.1 * i) for i in range(4)])
    sig = sig + 0.01 * rng.normal(size=sig.shape).astype(np.float32)
    return sig.astype(np.float32), STAGES


def main(sig, stages):
    mesh = jax.make_mesh((2, 4), (CHAN, TIME))
    with jax.set_mesh(mesh):
        xs = jax.device_put(sig, NamedSharding(mesh, P(CHAN, TIME)))
        meters = np.asarray(jax.device_get(build(mesh, stages)(xs)))
    energy = meters[0]
    print("energy dB per channel", np.round(to_db(energy), 2))
    print("numpy check", np.allclose(energy, np.sum(sig ** 2, axis=1), rtol=1e-4))


if __name__ == "__main__":
    main(*inputs())
