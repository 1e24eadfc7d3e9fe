import jax
import jax.numpy as jnp
import numpy as np
from jax.lax import psum, pvary
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def counter(x):
    ones = pvary(jnp.ones((), jnp.int32), "w")
    count = jax.lax.while_loop(lambda c: c[1] < x[0], lambda c: (c[0] + ones, c[1] + 1), (ones * 0, 0))[0]
    return psum(count, "w")


def main():
    mesh = Mesh(np.array(jax.devices()), ("w",))
    f = jax.jit(jax.shard_map(counter, mesh=mesh, in_specs=P("w"), out_specs=P()))
    print(int(f(jax.device_put(np.arange(8, dtype=np.int32), NamedSharding(mesh, P("w"))))))


if __name__ == "__main__":
    main()
