"""moe/debug/expert_dump.py — dump every expert's output on a probe batch.

Imagined `moetp` repo. Each device runs its local experts on its local tokens; the dump joins
the expert shards, then collects the tokens over the layer's dump axes.
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


class Experts(Module):
    w_in: jax.Array
    w_out: jax.Array
    expert_axis: str = field(static=True, default="expert")

    @classmethod
    def init(cls, key, n, d_model, d_ff):
        k1, k2 = jax.random.split(key)
        return cls(w_in=jax.random.normal(k1, (n, d_model, d_ff)) / np.sqrt(d_model),
                   w_out=jax.random.normal(k2, (n, d_ff, d_model)) / np.sqrt(d_ff))

    def specs(self):
        e = self.expert_axis
        return dataclasses.replace(self, w_in=P(e, None, None), w_out=P(e, None, None))

    def __call__(self, x):
        h = jax.nn.gelu(jnp.einsum("td,edf->etf", x, self.w_in))
        return jnp.einsum("etf,efd->etd", h, self.w_out)


class ExpertDump(Module):
    experts: Experts
    token_axis: str = field(static=True, default="data")
    dump_axes: tuple = field(static=True, default=("data", "expert"))

    def specs(self):
        return dataclasses.replace(self, experts=self.experts.specs())

    def __call__(self, x):
        y = self.experts(x)
        y = jax.lax.all_gather(y, self.experts.expert_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(y, self.dump_axes, axis=1, tiled=True, to="reduced")


def run_dump(dump, mesh, x):
    fn = jax.shard_map(ExpertDump.__call__, mesh=mesh, in_specs=(dump.specs(), P(dump.token_axis, None)),
                       out_specs=P(None, None, None, reduced=set(dump.dump_axes)))
    return fn(dump, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(61))
    dump = ExpertDump(Experts.init(k1, 8, 6, 12))
    x = np.asarray(jax.random.normal(k2, (8, 6)), np.float32)
    return mesh, dump, x


def main(mesh, dump, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), dump, dump.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        y = np.asarray(jax.device_get(run_dump(placed, mesh, xs)))
    print("expert outputs:", y.shape)
    print("per-expert rms:", np.round(np.sqrt((y ** 2).mean(axis=(1, 2))), 3))


if __name__ == "__main__":
    main(*inputs())
