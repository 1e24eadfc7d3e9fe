import os

import jax
from jax.sharding import NamedSharding, PartitionSpec as P

POP_AXES = tuple(os.environ.get("NCC6_POP_AXES", "i,j").split(","))


def make_grad_table_fn(mesh, axes=POP_AXES):
    member, data = axes

    def table(grads):
        per_member = jax.lax.all_gather(grads, data, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_member, axes, tiled=True, to="reduced")

    mapped = jax.shard_map(table, mesh=mesh, in_specs=P(member, data), out_specs=P(None, None, reduced=set(axes)))
    return jax.jit(mapped)


def main(mesh, x):
    grads = jax.device_put(x, NamedSharding(mesh, P(*POP_AXES)))
    fn = make_grad_table_fn(mesh)
    return fn(grads)
