import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('i', 'j'))
    x = jax.device_put(x, NamedSharding(mesh, P('i')))

    def body(x):
        return jax.lax.psum(x, ('i', 'j'))

    return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
