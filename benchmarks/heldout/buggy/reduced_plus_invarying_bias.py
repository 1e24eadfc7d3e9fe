import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(8, dtype=np.float32).reshape(8, 1))


def main(w, b):
    mesh = jax.make_mesh((8,), ('fsdp',))
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', None)))
    b = jax.device_put(b, NamedSharding(mesh, P('fsdp', None)))

    def unshard(w, b):
        h = jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True, to='reduced')
        bias_full = jax.lax.all_gather(b, 'fsdp', axis=0, tiled=True, to='invarying')
        return h + bias_full

    return jax.shard_map(unshard, mesh=mesh, in_specs=(P('fsdp', None), P('fsdp', None)),
                         out_specs=P(reduced={'fsdp'}))(w, b)


if __name__ == "__main__":
    print(main(*inputs()))
