"""moe/routing/expert_choice.py — expert-choice routing: each expert picks its top tokens.

Imagined `moetp` repo on a data-parallel mesh. Experts choose among all tokens of the global
batch, so the router scores of every shard are gathered (kept reduced for the router's gradient)
and normalised per token before each expert takes its top-k.
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


class ExpertChoiceRouter(Module):
    w: jax.Array
    capacity: int = field(static=True, default=4)
    token_axis: str = field(static=True, default="data")

    @classmethod
    def init(cls, key, d_model, n_experts, capacity=4):
        return cls(w=jax.random.normal(key, (d_model, n_experts)) / np.sqrt(d_model), capacity=capacity)

    def scores(self, x):
        logits = x @ self.w
        every = jax.lax.all_gather(logits, self.token_axis, axis=0, tiled=True, to="reduced")
        return jax.nn.softmax(every, axis=-1)

    def __call__(self, x):
        probs = self.scores(x)
        return probs


def route(router, mesh, x):
    a = router.token_axis
    fn = jax.shard_map(ExpertChoiceRouter.__call__, mesh=mesh, in_specs=(P(), P(a, None)),
                       out_specs=P(None, None, reduced={a}))
    probs = np.asarray(jax.device_get(fn(router, x)))
    picks = np.argsort(-probs, axis=0)[: router.capacity]
    return probs, picks


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(65))
    router = ExpertChoiceRouter.init(k1, 6, 4)
    x = np.asarray(jax.random.normal(k2, (32, 6)), np.float32)
    return mesh, router, x


def main(mesh, router, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), router)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        probs, picks = route(placed, mesh, xs)
    print("tokens chosen by each expert:")
    for e in range(picks.shape[1]):
        print(f"  expert {e}: {sorted(picks[:, e].tolist())}")


if __name__ == "__main__":
    main(*inputs())
