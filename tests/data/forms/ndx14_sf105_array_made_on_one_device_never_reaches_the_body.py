"""`jnp.ones` outside any mesh context makes an array on one device (P(None, None)): on Explicit
axes JAX rejects it for an in_spec that shards it (line 15, ValueError, run on jax 0.10.2)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x):
    return jax.lax.psum(x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(jnp.ones((8, 4)))


if __name__ == "__main__":
    main()
