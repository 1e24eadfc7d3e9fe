"""tree_reduce over per-leaf sums, then one cross-device reduction of the scalar."""
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("rows", "cols")


def tree_sum(tree):
    return functools.reduce(operator.add, jax.tree.leaves(jax.tree.map(jnp.sum, tree)), 0.0)


def global_sum(tree, axes=MESH_AXES):
    return jax.lax.psum(tree_sum(tree), axes)


def inputs():
    rng = np.random.default_rng(27)
    return {"bias": rng.normal(size=(8,)).astype(np.float32),
            "gain": rng.normal(size=(8, 2)).astype(np.float32)},


def main(grads):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    specs = {"bias": P("rows"), "gain": P("rows", None)}
    grads = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in grads.items()}
    return jax.shard_map(global_sum, mesh=mesh, in_specs=(specs,), out_specs=P())(grads)


if __name__ == "__main__":
    main(*inputs())
