"""Population-based training: per-member gradient blocks gathered into a population table."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POP_AXES = tuple(os.environ.get("PBT_AXES", "member,data").split(","))


def make_grad_table_fn(mesh, axes=POP_AXES):
    member, data = axes

    def table(grads):
        per_member = jax.lax.all_gather(grads, data, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_member, axes, tiled=True, to="reduced")

    mapped = jax.shard_map(table, mesh=mesh, in_specs=P(member, data), out_specs=P(None, None, reduced=set(axes)))
    return jax.jit(mapped)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(4, 6)).astype(np.float32),)


def main(grads):
    mesh = jax.make_mesh((4, 2), POP_AXES)
    grads = jax.device_put(grads, NamedSharding(mesh, P(*POP_AXES)))
    fn = make_grad_table_fn(mesh)
    return fn(grads)


if __name__ == "__main__":
    main(*inputs())
