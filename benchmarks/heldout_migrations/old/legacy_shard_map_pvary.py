import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("workers",))


def local_topk_mass(x):
    total = jax.lax.pvary(jnp.float32(0.0), "workers")
    for k in range(3):
        total = total + jnp.sort(x)[-(k + 1)]
    return jax.lax.psum(total, "workers")


def main():
    f = jax.jit(shard_map(local_topk_mass, mesh, in_specs=P("workers"), out_specs=P()))
    x = jax.device_put((np.arange(64, dtype=np.float32) * 7) % 23, NamedSharding(mesh, P("workers")))
    print(float(f(x)))


if __name__ == "__main__":
    main()
