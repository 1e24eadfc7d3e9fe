"""moe/layers/dispatch.py — expert-parallel dispatch with all_to_all (dense capacity slots).

Imagined `moetp` repo. Each device routes its tokens into per-expert slots, sends the slots to
the devices holding the experts with all_to_all over `expert`, applies the local expert and sends
the results back.
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


class DispatchConfig(Module):
    data_axis: str = field(static=True, default="data")
    expert_axis: str = field(static=True, default="expert")
    num_experts: int = field(static=True, default=4)


class ExpertParallelFFN(Module):
    router: jax.Array
    experts: jax.Array
    cfg: DispatchConfig = field(static=True, default=DispatchConfig())

    @classmethod
    def init(cls, key, d_model, cfg=DispatchConfig()):
        k1, k2 = jax.random.split(key)
        return cls(router=jax.random.normal(k1, (d_model, cfg.num_experts)),
                   experts=jax.random.normal(k2, (cfg.num_experts, d_model, d_model)) / np.sqrt(d_model), cfg=cfg)

    def specs(self):
        return dataclasses.replace(self, router=P(), experts=P(self.cfg.expert_axis, None, None))

    def __call__(self, x):
        cfg = self.cfg
        gates = jax.nn.softmax(x @ self.router, axis=-1)
        choice = jnp.argmax(gates, axis=-1)
        mask = jax.nn.one_hot(choice, cfg.num_experts)
        slots = jnp.einsum("te,td->etd", mask, x)
        slots = jax.lax.all_to_all(slots, cfg.expert_axis, split_axis=0, concat_axis=1, tiled=True)
        out = jnp.einsum("etd,edf->etf", slots, self.experts)
        out = jax.lax.all_to_all(out, cfg.expert_axis, split_axis=1, concat_axis=0, tiled=True)
        weight = jnp.max(gates, axis=-1, keepdims=True)
        return jnp.einsum("te,etd->td", mask, out) * weight


def apply(layer, mesh, x):
    cfg = layer.cfg
    spec = P((cfg.data_axis, cfg.expert_axis), None)
    fn = jax.shard_map(ExpertParallelFFN.__call__, mesh=mesh, in_specs=(layer.specs(), spec), out_specs=spec)
    return filter_jit(fn)(layer, x)


def reference(layer, x):
    gates = jax.nn.softmax(x @ layer.router, axis=-1)
    choice = np.asarray(jnp.argmax(gates, axis=-1))
    out = np.stack([np.asarray(x[i] @ layer.experts[c]) for i, c in enumerate(choice)])
    return out * np.asarray(jnp.max(gates, axis=-1, keepdims=True))


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(71))
    layer = ExpertParallelFFN.init(k1, 6)
    x = np.asarray(jax.random.normal(k2, (32, 6)), np.float32)
    return mesh, layer, x


def main(mesh, layer, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P(("data", "expert"), None)))
        y = np.asarray(jax.device_get(apply(placed, mesh, xs)))
    ref = reference(layer, jnp.asarray(x))
    print("dispatch output:", y.shape, "max err vs reference %.2e" % np.abs(y - ref).max())


if __name__ == "__main__":
    main(*inputs())
