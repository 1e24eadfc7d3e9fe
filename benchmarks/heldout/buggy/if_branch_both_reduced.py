import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_fn(mesh, transpose):
    def fn(w):
        if transpose:
            h = jax.lax.all_gather(w.T, 'fsdp', axis=1, tiled=True, to='reduced')
        else:
            h = jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True, to='reduced')
        return jax.lax.psum(h, 'fsdp')

    return jax.shard_map(fn, mesh=mesh, in_specs=P('fsdp', None), out_specs=P())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((8,), ('fsdp',))
    w = jax.device_put(w, NamedSharding(mesh, P('fsdp', None)))
    return make_fn(mesh, transpose=False)(w)


if __name__ == "__main__":
    print(main(*inputs()))
