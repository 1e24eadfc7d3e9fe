import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = {'dp': 'data', 'tp': 'model'}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), (AXIS['dp'], AXIS['tp']))
    x = jax.device_put(x, NamedSharding(mesh, P(AXIS['dp'], AXIS['tp'])))

    def body(x):
        rows = jax.lax.psum(x, AXIS['tp'])
        return jax.lax.all_gather(rows, AXIS['dp'], axis=0, tiled=True, to='reduced')

    return jax.shard_map(body, mesh=mesh, in_specs=P(AXIS['dp'], AXIS['tp']),
                         out_specs=P(None, None, reduced={AXIS['dp']}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
