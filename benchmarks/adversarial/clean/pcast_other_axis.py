"""A value split over 'data' is cast to varying over 'model' (where it is invariant) before a tuple psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block):
        local = jnp.sum(block, axis=0)
        local = jax.lax.pcast(local, "model", to="varying")
        again = jax.lax.pcast(jax.lax.pmean(local, "model"), ("model",), to="varying")
        return jax.lax.psum(local + again, ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
