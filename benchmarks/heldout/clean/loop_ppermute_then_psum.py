import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 8


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((N,), ('ring',))
    x = jax.device_put(x, NamedSharding(mesh, P('ring')))

    def allreduce_ring(x):
        acc = x
        buf = x
        for _ in range(N - 1):
            buf = jax.lax.ppermute(buf, 'ring', [(i, (i + 1) % N) for i in range(N)])
            acc = acc + buf
        return acc, jax.lax.psum(x, 'ring')

    return jax.shard_map(allreduce_ring, mesh=mesh, in_specs=P('ring'),
                         out_specs=(P('ring'), P()))(x)


if __name__ == "__main__":
    print(main(*inputs()))
