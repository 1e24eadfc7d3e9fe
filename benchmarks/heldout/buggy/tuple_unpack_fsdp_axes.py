import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, TP = 'fsdp', 'tp'
MESH_SHAPE = (4, 2)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(p):
    mesh = jax.make_mesh(MESH_SHAPE, (FSDP, TP))
    p = jax.device_put(p, NamedSharding(mesh, P(FSDP, TP)))

    def unshard(p):
        shard = jax.lax.all_gather(p, FSDP, axis=0, tiled=True, to='reduced')
        return jax.lax.all_gather(shard, (FSDP, TP), axis=1, tiled=True, to='reduced')

    return jax.shard_map(unshard, mesh=mesh, in_specs=P(FSDP, TP), out_specs=P())(p)


if __name__ == "__main__":
    print(main(*inputs()))
