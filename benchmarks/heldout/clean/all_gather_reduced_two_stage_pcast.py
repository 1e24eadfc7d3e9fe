import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ('fsdp', 'tp'))
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', 'tp')))

    def materialise(w):
        rows = jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True, to='reduced')
        rows = jax.lax.pcast(rows, 'fsdp', to='varying')
        return jax.lax.all_gather(rows, ('fsdp', 'tp'), axis=1, tiled=True, to='reduced')

    return jax.shard_map(materialise, mesh=mesh, in_specs=P('fsdp', 'tp'),
                         out_specs=P(None, None, reduced={'fsdp', 'tp'}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
