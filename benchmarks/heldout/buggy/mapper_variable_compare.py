import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class PruneConfig:
    threshold: float = 10.0


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(tbl):
    cfg = PruneConfig()
    mesh = jax.make_mesh((8,), ('rows',))
    tbl = jax.device_put(tbl, NamedSharding(mesh, P('rows', None)))
    run = jax.shard_map(mesh=mesh, in_specs=P('rows', None), out_specs=P())

    def prune(tbl):
        threshold = cfg.threshold
        tbl = jax.lax.all_gather(tbl, 'rows', axis=0, tiled=True, to='reduced')
        mask = tbl > threshold
        return mask.astype(jnp.float32)

    return run(prune)(tbl)


if __name__ == "__main__":
    print(main(*inputs()))
