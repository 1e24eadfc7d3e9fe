"""dsp/dynamics/peak_normalise.py: peak-normalise each channel of a recording to a target level;
the preview path keeps each channel's whole waveform on every time shard.
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

AXES = {"channels": "chan", "samples": "time"}
LEVELS = {"target_dbfs": -3.0, "preview": False}

samples_axis = AXES["samples"]
pmax_over = curry(lambda ax, x: jax.lax.pmax(x, ax))
preview_of = curry(lambda ax, x: jax.lax.all_gather(x, ax, axis=1, tiled=True, to="reduced"))
envelope = jnp.abs
peak = partial(jnp.max, axis=1, keepdims=True)
db_to_gain = lambda db: 10.0 ** (db / 20.0)


def choose_view(levels):
    return (Maybe(levels.get("preview") or None)
            .map(lambda _: preview_of(samples_axis))
            .or_else(identity))


def normalise_body(levels):
    view = choose_view(levels)
    target = db_to_gain(levels["target_dbfs"])
    channel_peak = compose(peak, pmax_over(samples_axis), envelope)

    def body(x):
        shown = view(x)
        gain = target / (channel_peak(shown) + 1e-9)
        return x * gain, gain
    return body


def build(mesh, levels):
    spec = P(AXES["channels"], AXES["samples"])
    return jax.jit(jax.shard_map(normalise_body(levels), mesh=mesh, in_specs=spec,
                                 out_specs=(spec, P(AXES["channels"], None))))


def chirp(n, f0, f1):
    t = np.linspace(0.0, 1.0, n, dtype=np.float32)
    return np.sin(2 * np.pi * (f0 + (f1 - f0) * t / 2) * t)


peak_db = compose(lambda p: 20.0 * np.log10(p), partial(np.max, axis=1), np.abs, np.asarray,
                  jax.device_get)


def inputs():
    amps = np.array([0.2, 0.5, 0.9, 0.05], np.float32)[:, None]
    x = (amps * np.stack([chirp(128, 5.0 * (i + 1), 40.0) for i in range(4)])).astype(np.float32)
    return x, LEVELS


def main(x, levels):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(*AXES.values())))
        y, gain = build(mesh, levels)(xs)
        out_db = peak_db(y)
    print("gains", np.round(np.asarray(jax.device_get(gain)).ravel(), 3))
    print("output peaks dBFS", np.round(out_db, 2))


if __name__ == "__main__":
    main(*inputs())
