"""Gathering a 2-D-sharded weight one axis at a time in a loop over (axis, dim) pairs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_PLAN = (("rows", 0), ("cols", 1))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(w):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    w = jax.device_put(w, NamedSharding(mesh, P("rows", "cols")))

    def body(shard):
        full = shard
        for axis, dim in GATHER_PLAN:
            # each step gathers an axis the value still varies on
            full = jax.lax.all_gather(full, axis, to="reduced", tiled=True, axis=dim)
        return full * full

    return jax.shard_map(body, mesh=mesh, in_specs=P("rows", "cols"),
                         out_specs=P(None, None, reduced={"rows", "cols"}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
