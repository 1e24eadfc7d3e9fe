import functools

import jax
from jax import lax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ('vocab', 'embed'))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('vocab', 'embed'), out_specs=P())
def full_table(t):
    t = lax.all_gather(t, 'vocab', axis=0, tiled=True, to='reduced')
    return lax.all_gather(t, axis_name=('vocab', 'embed'), axis=1, tiled=True, to='reduced')


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(t):
    t = jax.device_put(t, NamedSharding(mesh, P('vocab', 'embed')))
    return full_table(t)


if __name__ == "__main__":
    print(main(*inputs()))
