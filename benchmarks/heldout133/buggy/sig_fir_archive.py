"""dsp/filters/fir_archive.py: FIR-filter every channel (taps applied per time shard with the
previous shard's tail as history) and archive the filtered recording whole.
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

SETUP = {
    "mesh": {"chan": 2, "time": 4},
    "fir": {"taps": 5},
    "archive": {"signal_axis": "time", "all_axes": ("chan", "time")},
}

signal_axis, _ = lens("archive", "signal_axis")
archive_axes, _ = lens("archive", "all_axes")
n_taps, _ = lens("fir", "taps")

to_whole = curry(lambda ax, dim, x: jax.lax.all_gather(x, ax, axis=dim, tiled=True, to="reduced"))
from_left = curry(lambda ax, n, x: jax.lax.ppermute(x, ax, [(i, i + 1) for i in range(n - 1)]))


def fir_local(taps):
    k = taps.shape[0]

    def apply(block, history):
        padded = jnp.concatenate([history, block], axis=1)
        cols = [padded[:, i:i + block.shape[1]] * taps[k - 1 - i] for i in range(k)]
        return reduce(operator.add, cols)
    return apply


def archive_body(cfg, taps):
    k = n_taps(cfg)
    n_time = cfg["mesh"]["time"]
    history_of = compose(from_left("time", n_time), lambda b: b[:, -(k - 1):])
    whole = to_whole(signal_axis(cfg), 1)
    archive = to_whole(archive_axes(cfg), 0)
    apply = fir_local(taps)

    def body(x):
        filtered = apply(x, history_of(x))
        return thread_first(filtered, whole, archive)
    return body


def build(mesh, cfg, taps):
    return jax.jit(jax.shard_map(archive_body(cfg, taps), mesh=mesh, in_specs=P("chan", "time"),
                                 out_specs=P(None, None, reduced=set(archive_axes(cfg)))))


moving_average = lambda k: np.full((k,), 1.0 / k, np.float32)
rms = compose(float, np.sqrt, np.mean, np.square)


def inputs():
    rng = np.random.default_rng(89)
    x = rng.normal(size=(4, 64)).astype(np.float32)
    return x, SETUP


def main(x, cfg):
    mesh = jax.make_mesh(tuple(cfg["mesh"].values()), tuple(cfg["mesh"]))
    taps = moving_average(n_taps(cfg))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P("chan", "time")))
        archived = np.asarray(jax.device_get(build(mesh, cfg, taps)(xs)))
    print("archive", archived.shape)
    print("rms in / out", round(rms(x), 3), round(rms(archived), 3))


if __name__ == "__main__":
    main(*inputs())
