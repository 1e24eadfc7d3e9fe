import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("d",))


def body(x):
    acc = jax.lax.pvary(jnp.zeros((), x.dtype), "d")

    def step(i, acc):
        return acc + x[i] * (i + 1)

    acc = jax.lax.fori_loop(0, x.shape[0], step, acc)
    return jax.lax.psum(acc, "d")


def main():
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("d"), out_specs=P()))
    x = jax.device_put(np.arange(32, dtype=np.float32), NamedSharding(mesh, P("d")))
    print(float(f(x)))


if __name__ == "__main__":
    main()
