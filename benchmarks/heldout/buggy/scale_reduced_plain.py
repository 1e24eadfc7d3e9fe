import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ('fsdp', 'tp'))
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', 'tp')))

    def body(w):
        w_full = jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True, to='reduced')
        return w_full * 0.5

    return jax.shard_map(body, mesh=mesh, in_specs=P('fsdp', 'tp'),
                         out_specs=P(None, 'tp', reduced={'fsdp'}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
