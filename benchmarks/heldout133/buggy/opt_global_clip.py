"""optim/clipping/global_norm.py: global-norm gradient clipping for a tensor-parallel linear
stack; the clip statistics are computed on the full (regathered) gradients for the tracker.
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

CLIP = {"max_norm": 1.0, "data_axis": "dp", "model_axis": "mp"}
SPECS = {"w_in": P(None, "mp"), "w_out": P("mp", None)}
GATHER_DIM = {"w_in": 1, "w_out": 0}

psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
pmean_over = curry(lambda ax, x: jax.lax.pmean(x, ax))
full_view = curry(lambda ax, dim, g: jax.lax.all_gather(g, ax, axis=dim, tiled=True, to="reduced"))

leaves = jax.tree_util.tree_leaves
sq_norm = compose(jnp.sum, jnp.square)
tree_sq_norm = compose(lambda xs: reduce(lambda a, b: a + b, xs), partial(map, sq_norm), leaves)


def loss_fn(params, x, y):
    h = jax.nn.relu(x @ params["w_in"])
    return jnp.mean(jnp.square(psum_over(CLIP["model_axis"], h @ params["w_out"]) - y))


def clip_body(cfg):
    mp, dp = cfg["model_axis"], cfg["data_axis"]
    gather_tree = lambda g: {k: full_view(mp, GATHER_DIM[k], v) for k, v in g.items()}
    global_norm = compose(jnp.sqrt, psum_over(mp), tree_sq_norm, gather_tree)

    def body(params, x, y):
        grads = jax.tree.map(pmean_over(dp), jax.grad(loss_fn)(params, x, y))
        norm = global_norm(grads)
        scale = jnp.minimum(1.0, cfg["max_norm"] / (norm + 1e-6))
        return jax.tree.map(lambda g: g * scale, grads), norm
    return body


def build(mesh, cfg):
    batch = P(cfg["data_axis"], None)
    return jax.jit(jax.shard_map(clip_body(cfg), mesh=mesh,
                                 in_specs=(SPECS, batch, batch),
                                 out_specs=(SPECS, P())))


ratio = curry(lambda limit, n: min(1.0, limit / float(n)))


def inputs():
    rng = np.random.default_rng(41)
    params = {"w_in": rng.normal(size=(6, 8)).astype(np.float32),
              "w_out": rng.normal(size=(8, 3)).astype(np.float32)}
    x = rng.normal(size=(32, 6)).astype(np.float32)
    y = rng.normal(size=(32, 3)).astype(np.float32)
    return params, x, y, CLIP


def main(params, x, y, cfg):
    mesh = jax.make_mesh((4, 2), (cfg["data_axis"], cfg["model_axis"]))
    put = curry(lambda spec, a: jax.device_put(a, NamedSharding(mesh, spec)))
    with jax.set_mesh(mesh):
        p = jax.tree.map(put, SPECS, params)
        xs, ys = map(put(P(cfg["data_axis"], None)), (x, y))
        clipped, norm = build(mesh, cfg)(p, xs, ys)
        clipped_norm = float(np.sqrt(tree_sq_norm(jax.device_get(clipped))))
    print("grad norm", float(norm), "scale", ratio(cfg["max_norm"], norm))
    print("clipped norm", round(clipped_norm, 4))


if __name__ == "__main__":
    main(*inputs())
