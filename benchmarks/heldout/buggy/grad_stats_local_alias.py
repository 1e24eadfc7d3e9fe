"""Gradient statistics for the data-parallel trainer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_grad_stats(mesh):
    smap = jax.shard_map

    def grad_stats(g):
        sq_norm = jnp.sum(g * g, axis=0, keepdims=True)
        sq_norm = jax.lax.psum(sq_norm, "data")
        per_replica = jax.lax.all_gather(sq_norm, "data", axis=0, tiled=True, to="reduced")
        return per_replica

    return smap(grad_stats, mesh=mesh, in_specs=P("data", "model"),
                out_specs=P(None, "model", reduced={"data"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 10.0,)


def main(g):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data", "model")))
    return build_grad_stats(mesh)(g)


if __name__ == "__main__":
    print(main(*inputs()))
