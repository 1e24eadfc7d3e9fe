"""dsp/spectral/stft_export.py: short-time power spectra of a multichannel recording computed
under jit (frames follow the time axis), then handed to the analysis service, which wants every
channel whole and the frequency bins split over the time axis devices.
"""
import functools
import inspect
import operator
from functools import partial, reduce
from operator import itemgetter, attrgetter

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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

FRAME = 16
LAYOUT = {
    "signal": ("chan", "time"),
    "spectra": ("chan", "time", None),
    "service": {"split": (None, None, "time"), "whole": ("chan",)},
}

spec_at = curry(lambda key, layout: P(*layout[key]))
service_spec = compose(lambda sv: P(*sv["split"], reduced=set(sv["whole"])), itemgetter("service"))


def hann(n):
    return (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)).astype(np.float32)


def stft_fn(mesh, layout):
    window = jnp.asarray(hann(FRAME))
    frames = lambda x: x.reshape(x.shape[0], -1, FRAME) * window
    power = compose(jnp.square, jnp.abs, partial(jnp.fft.rfft, axis=-1))

    @partial(jax.jit, out_shardings=NamedSharding(mesh, spec_at("spectra", layout)))
    def stft(x):
        return power(frames(x))[..., :FRAME // 2]
    return stft


hand_over = curry(lambda spec, s: top_level_all_gather(s, spec, multi_dim=True))
dominant_bin = compose(partial(np.argmax, axis=-1), partial(np.mean, axis=1), np.asarray,
                       jax.device_get)


def inputs():
    t = np.arange(256, dtype=np.float32)
    x = np.stack([np.sin(2 * np.pi * (k + 1) * t / FRAME) for k in range(4)]).astype(np.float32)
    return x, LAYOUT


def main(x, layout):
    mesh = jax.make_mesh((2, 4), ("chan", "time"))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, spec_at("signal", layout)))
        spectra = stft_fn(mesh, layout)(xs)
        served = hand_over(service_spec(layout), spectra)
        bins = dominant_bin(served)
    print("service spec", service_spec(layout))
    print("dominant bin per channel", bins)


if __name__ == "__main__":
    main(*inputs())
