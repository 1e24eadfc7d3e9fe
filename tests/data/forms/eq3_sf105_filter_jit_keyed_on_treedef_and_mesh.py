"""A filter_jit-like wrapper: the array leaves of the arguments are traced, everything else (the
mesh, a module's static fields) is static, and a jitted function is cached under the PyTreeDef
and the static leaves (PyTreeDefs compare and hash by structure, meshes by their devices and
names). The body is a lambda calling the module; its mean runs over every axis of the mesh."""
import dataclasses
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        static = tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("static"))
        dynamic = tuple(f.name for f in dataclasses.fields(cls) if f.name not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic + static, tuple(children) + tuple(aux)):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


def is_array(x):
    return isinstance(x, (jax.Array, np.ndarray, np.generic))


def filter_jit(fn):
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        arrays = jax.tree.map(lambda x: x if is_array(x) else None, args)
        other = jax.tree.map(lambda x: None if is_array(x) else x, args)
        leaves, treedef = jax.tree.flatten(other)
        key = (treedef, tuple(leaves))
        if key not in cache:
            cache[key] = jax.jit(lambda a: fn(*jax.tree.map(lambda x, y: y if x is None else x, a, other,
                                                            is_leaf=lambda x: x is None)))
        return cache[key](arrays)

    return wrapper


class Loss(Module):
    scale: jax.Array
    mesh: jax.sharding.Mesh = dataclasses.field(metadata={"static": True})

    def __call__(self, x):
        total = jax.lax.psum(jax.numpy.sum(x) * self.scale, self.mesh.axis_names[0])
        return jax.lax.pmean(total, self.mesh.axis_names)  # SF105


@filter_jit
def step(loss, x, mesh):
    return jax.shard_map(lambda m, v: m(v), mesh=mesh, in_specs=(P(), P("data", "model")), out_specs=P())(loss, x)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    loss = Loss(np.float32(2.0), mesh)
    return step(loss, x, mesh)


if __name__ == "__main__":
    main()
