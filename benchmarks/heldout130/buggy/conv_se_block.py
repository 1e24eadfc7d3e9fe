"""vision/blocks/squeeze_excite.py — a squeeze-and-excitation block on channel-split features.

Imagined `convtp` repo. The squeeze (global average pool) is gathered over `chan` so the excite
gate sees every channel; an energy term for the auxiliary loss is summed over channels too.
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


class SEConfig(Module):
    batch_axis: str = field(static=True, default="batch")
    channel_axis: str = field(static=True, default="chan")
    reduction: int = field(static=True, default=2)


class SqueezeExcite(Module):
    w_down: jax.Array
    w_up: jax.Array
    cfg: SEConfig = field(static=True, default=SEConfig())

    @classmethod
    def init(cls, key, channels, cfg=SEConfig()):
        k1, k2 = jax.random.split(key)
        mid = channels // cfg.reduction
        return cls(w_down=jax.random.normal(k1, (channels, mid)) / np.sqrt(channels),
                   w_up=jax.random.normal(k2, (mid, channels)) / np.sqrt(mid), cfg=cfg)

    def specs(self):
        return SqueezeExcite(w_down=P(), w_up=P(None, self.cfg.channel_axis), cfg=self.cfg)

    def squeeze(self, x):
        pooled = jnp.mean(x, axis=1)
        return jax.lax.all_gather(pooled, self.cfg.channel_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, x):
        cfg = self.cfg
        s = self.squeeze(x)
        energy = jax.lax.psum(jnp.sum(s * s, axis=1), cfg.channel_axis)
        gate = jax.nn.sigmoid(jax.nn.relu(s @ self.w_down) @ self.w_up)
        return x * gate[:, None, :], energy


def apply_se(block, mesh, x):
    cfg = block.cfg
    spec = P(cfg.batch_axis, None, cfg.channel_axis)
    fn = jax.shard_map(lambda b, xb: b(xb), mesh=mesh, in_specs=(block.specs(), spec),
                       out_specs=(spec, P(cfg.batch_axis)))
    return jax.jit(fn)(block, x)


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "chan"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(12))
    block = SqueezeExcite.init(k1, 8)
    x = np.asarray(jax.random.normal(k2, (8, 10, 8)), np.float32)
    return mesh, block, x


def main(mesh, block, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), block, block.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, "chan")))
        y, energy = apply_se(placed, mesh, xs)
    print("output:", y.shape, "mean %.4f" % float(jnp.mean(y)))
    print("energy:", np.round(np.asarray(energy), 3))


if __name__ == "__main__":
    main(*inputs())
