"""transformer/debug/hooks.py — capture per-head attention weights and the block output.

Imagined `headsplit` repo: multi-head attention with heads split over `model` and the batch over
`data`. A debug hook collects every captured tensor over the head axis (kept reduced).
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# eqx_lite: the bits of Equinox this repo uses, written out by hand (equinox is not a dependency)
# ---------------------------------------------------------------------------------------------


def field(*, static=False, **kwargs):
    """A dataclass field; static=True keeps it out of the pytree leaves (axis names, sizes)."""
    metadata = dict(kwargs.pop("metadata", None) or {})
    metadata["static"] = static
    return dataclasses.field(metadata=metadata, **kwargs)


def is_array(x):
    return isinstance(x, (jax.Array, np.ndarray, np.generic))


class Module:
    """Subclasses become frozen dataclasses registered as pytrees."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        static = tuple(n for n in names if cls.__dataclass_fields__[n].metadata.get("static"))
        dynamic = tuple(n for n in names if n not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic, children):
                object.__setattr__(m, n, v)
            for n, v in zip(static, aux):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


def partition(tree, filter_spec):
    keep = jax.tree.map(lambda x: x if filter_spec(x) else None, tree)
    rest = jax.tree.map(lambda x: None if filter_spec(x) else x, tree)
    return keep, rest


def combine(a, b):
    return jax.tree.map(lambda x, y: y if x is None else x, a, b, is_leaf=lambda x: x is None)


def filter_jit(fn):
    """jit over the array leaves of the arguments; everything else is static."""
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        arrays, other = partition(args, is_array)
        leaves, treedef = jax.tree.flatten(other)
        key = (treedef, tuple(leaves))
        if key not in cache:
            cache[key] = jax.jit(lambda a: fn(*combine(a, other)))
        return cache[key](arrays)

    return wrapper


def tree_at(where, tree, replace):
    """Functional update of one attribute path, e.g. tree_at(lambda m: m.fc.weight, model, w)."""
    path = []

    class _Probe:
        def __getattr__(self, name):
            path.append(name)
            return self

    where(_Probe())

    def _set(node, names):
        if not names:
            return replace
        head, *rest = names
        return dataclasses.replace(node, **{head: _set(getattr(node, head), rest)})

    return _set(tree, path)


# ---------------------------------------------------------------------------------------------


class AttnConfig(Module):
    data_axis: str = field(static=True, default="data")
    head_axis: str = field(static=True, default="model")
    heads: int = field(static=True, default=4)
    head_dim: int = field(static=True, default=8)


class MultiHeadAttention(Module):
    wq: jax.Array
    wk: jax.Array
    wv: jax.Array
    wo: jax.Array
    cfg: AttnConfig = field(static=True, default=AttnConfig())

    @classmethod
    def init(cls, key, d_model, cfg=AttnConfig()):
        ks = jax.random.split(key, 4)
        shape = (d_model, cfg.heads, cfg.head_dim)
        scale = 1.0 / np.sqrt(d_model)
        return cls(wq=jax.random.normal(ks[0], shape) * scale, wk=jax.random.normal(ks[1], shape) * scale,
                   wv=jax.random.normal(ks[2], shape) * scale,
                   wo=jax.random.normal(ks[3], (cfg.heads, cfg.head_dim, d_model)) * scale, cfg=cfg)

    def specs(self):
        h = self.cfg.head_axis
        col = P(None, h, None)
        return dataclasses.replace(self, wq=col, wk=col, wv=col, wo=P(h, None, None))

    def __call__(self, x):
        q = jnp.einsum("btd,dhk->bhtk", x, self.wq)
        k = jnp.einsum("btd,dhk->bhtk", x, self.wk)
        v = jnp.einsum("btd,dhk->bhtk", x, self.wv)
        w = jax.nn.softmax(jnp.einsum("bhtk,bhsk->bhts", q, k) / np.sqrt(self.cfg.head_dim), axis=-1)
        o = jnp.einsum("bhts,bhsk->bhtk", w, v)
        out = jax.lax.psum(jnp.einsum("bhtk,hkd->btd", o, self.wo), self.cfg.head_axis)
        return out, w


def capture(attn, x):
    cfg = attn.cfg
    out, weights = attn(x)
    collect = lambda t: jax.lax.all_gather(t, cfg.head_axis, axis=1, tiled=True, to="reduced")
    return jax.tree.map(collect, {"weights": weights, "out": out})


def run_hooks(attn, mesh, x):
    cfg = attn.cfg
    d, h = cfg.data_axis, cfg.head_axis
    out_specs = {"weights": P(d, None, None, None, reduced={h}), "out": P(d, None, None, reduced={h})}
    fn = jax.shard_map(capture, mesh=mesh, in_specs=(attn.specs(), P(d, None, None)), out_specs=out_specs)
    return fn(attn, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(20))
    attn = MultiHeadAttention.init(k1, 16)
    x = np.asarray(jax.random.normal(k2, (4, 6, 16)), np.float32)
    return mesh, attn, x


def main(mesh, attn, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), attn, attn.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None, None)))
        captured = jax.device_get(run_hooks(placed, mesh, xs))
    w = np.asarray(captured["weights"])
    ent = -(w * np.log(w + 1e-9)).sum(-1).mean(axis=(0, 2))
    print("per-head entropy:", np.round(ent, 3))
    print("output norm: %.4f" % np.linalg.norm(np.asarray(captured["out"])))


if __name__ == "__main__":
    main(*inputs())
