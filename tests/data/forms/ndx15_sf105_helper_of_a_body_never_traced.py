"""Two bodies: the first is given a placed input and runs; the second, whose helper's psum would
raise, is given a NumPy array, which JAX rejects at the call (line 25, ValueError, run on jax
0.10.2): neither the second body nor its helper is ever traced."""
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def helper(x):
    return jax.lax.psum(x, ("data", "model"))


def first(x):
    return x * 2


def second(x):
    return helper(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    a = jax.shard_map(first, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
    y = a(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data"))))
    z = jax.shard_map(second, mesh=mesh, in_specs=P("data"), out_specs=P())(np.ones((8, 4), np.float32))
    return y, z


if __name__ == "__main__":
    main()
