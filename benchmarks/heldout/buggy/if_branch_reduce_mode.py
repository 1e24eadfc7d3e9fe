import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ReduceConfig:
    average: bool = True


def make_reducer(mesh, cfg):
    def reduce_fn(x):
        local = jnp.sum(x, axis=0, keepdims=True)
        if cfg.average:
            red = jax.lax.pmean(local, 'i')
        else:
            red = jax.lax.psum(local, 'i')
        out = jax.lax.all_gather(red, 'i', axis=0, tiled=True, to='reduced')
        return out

    return jax.shard_map(reduce_fn, mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, 'j'))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('i', 'j'))
    x = jax.device_put(x, NamedSharding(mesh, P('i', 'j')))
    return make_reducer(mesh, ReduceConfig())(x)


if __name__ == "__main__":
    print(main(*inputs()))
