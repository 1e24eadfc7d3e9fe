"""One spec for a tuple argument applies to every leaf."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(pair):
    first, second = pair
    return jnp.sum(jax.lax.psum(jax.lax.psum(second, "j"), ("i", "j")))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"),), out_specs=P())((x, x))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
