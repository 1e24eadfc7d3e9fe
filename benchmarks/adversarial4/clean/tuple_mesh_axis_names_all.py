"""Global statistics: the reduction runs over every axis of whatever mesh the caller built."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def global_mean(x, mesh):
    names = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(names)))

    def body(b):
        return jax.lax.pmean(jnp.mean(b), names)

    return jax.shard_map(body, mesh=mesh, in_specs=P(names), out_specs=P())(x)


def inputs():
    return (np.arange(64, dtype=np.float32),)


def main(x):
    a = global_mean(x, jax.make_mesh((8,), ("all",)))
    b = global_mean(x, jax.make_mesh((2, 4), ("pod", "chip")))
    c = global_mean(x, jax.make_mesh((2, 2, 2), ("x", "y", "z")))
    return a, b, c


if __name__ == "__main__":
    print(main(*inputs()))
