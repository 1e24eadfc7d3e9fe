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
    perm = [(i, (i + 1) % N) for i in range(N)]

    def body(x):
        buf = jax.lax.all_gather(x, 'ring', tiled=True, to='reduced')
        buf = jax.lax.pcast(buf, 'ring', to='varying')
        acc = buf
        for _ in range(3):
            buf = jax.lax.ppermute(buf, 'ring', perm)
            acc = acc + buf
        return acc

    return jax.shard_map(body, mesh=mesh, in_specs=P('ring'), out_specs=P('ring'))(x)


if __name__ == "__main__":
    print(main(*inputs()))
