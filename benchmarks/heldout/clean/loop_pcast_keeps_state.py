import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    x = jax.device_put(x, NamedSharding(mesh, P('i')))

    def body(x):
        h = x
        outs = []
        for _ in range(3):
            s = jax.lax.psum(h, 'i')
            s = jax.lax.pcast(s, 'i', to='varying')
            outs.append(jax.lax.all_gather(s, 'i', tiled=True, to='reduced'))
            h = h * 0.5
        return outs[0] + outs[1] + outs[2]

    return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P(reduced={'i'}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
