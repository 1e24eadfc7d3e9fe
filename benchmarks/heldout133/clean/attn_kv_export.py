"""attention/serving/kv_export.py: hand the prefill KV cache to the decode servers, which keep
heads split and every sequence of the batch whole.
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

RULES = {"batch": "batch", "heads": "heads", "seq": None, "dim": None}
LAYOUTS = {
    "prefill": {"cache": ("heads", "batch", "seq", "dim")},
    "decode": {"cache": ("batch", "heads", "seq", "dim"), "whole": ("batch",)},
}

logical_to_spec = compose(lambda axes: P(*axes), tuple, partial(map, RULES.get))
cache_dims, _ = lens("prefill", "cache")
decode_dims, _ = lens("decode", "cache")
whole_dims, _ = lens("decode", "whole")


def decode_spec(layouts):
    """The decode layout with the 'whole' dims unsplit and their axes listed as reduced."""
    whole = set(map(RULES.get, whole_dims(layouts)))
    keep = lambda d: None if RULES.get(d) in whole else RULES.get(d)
    return P(*map(keep, cache_dims(layouts)), reduced=whole)


def prefill(mesh, layouts):
    """K and V of the prompt, written in the prefill kernel's (heads, batch, seq, dim) order."""
    spec = logical_to_spec(cache_dims(layouts))

    @partial(jax.jit, out_shardings=(NamedSharding(mesh, spec),) * 2)
    def run(x, wk, wv):
        k = jnp.einsum("btd,hde->hbte", x, wk)
        v = jnp.einsum("btd,hde->hbte", x, wv)
        return k, v
    return run


export_one = curry(lambda spec, a: top_level_all_gather(a, spec, multi_dim=True))
check = compose(tuple, partial(map, compose(np.shape, np.asarray, jax.device_get)))


def inputs():
    rng = np.random.default_rng(17)
    x = rng.normal(size=(4, 16, 8)).astype(np.float32)
    wk = rng.normal(size=(8, 8, 4)).astype(np.float32)
    wv = rng.normal(size=(8, 8, 4)).astype(np.float32)
    return x, wk, wv, LAYOUTS


def main(x, wk, wv, layouts):
    mesh = jax.make_mesh((2, 4), ("batch", "heads"))
    with jax.set_mesh(mesh):
        k, v = prefill(mesh, layouts)(x, wk, wv)
        k_dec, v_dec = map(export_one(decode_spec(layouts)), (k, v))
        shapes = check((k_dec, v_dec))
    print("decode spec", decode_spec(layouts))
    print("exported", shapes)


if __name__ == "__main__":
    main(*inputs())
