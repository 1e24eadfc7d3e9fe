"""Logical names mapped through a rule table with := in a comprehension; unmapped names drop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = {"batch": "data", "embed": None, "heads": "model"}
LOSS_LOGICAL = ("batch", "embed")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    axes = tuple(mesh_ax for name in LOSS_LOGICAL if (mesh_ax := RULES[name]) is not None)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        return jax.lax.psum(jnp.sum(v * v), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
