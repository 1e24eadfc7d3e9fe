"""Global min/max over a tuple of axes of a value split on one of them (jax 0.10.2 accepts pmax/pmin)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-3, 5, 32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        hi = jax.lax.pmax(jnp.max(b), ("data", "model"))
        lo = jax.lax.pmin(jnp.min(b), ("data", "model"))
        return (hi - lo) / 2

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
