"""Cloud cover diagnostics (cloud_cover.f90): the field is joined over the
level blocks first and then over the column blocks, one axis per gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KCOL = 16
KLEV = 8
CAX = ('icol', 'ilev')
MESH = None


def cloud_init():
    global MESH
    MESH = jax.make_mesh((4, 2), CAX)


def gather_field(a, axes, jdim):
    return jax.lax.all_gather(a, axes, axis=jdim - 1, tiled=True, to='reduced')


def cloud_cover(cf):
    clear = jnp.exp(jax.lax.psum(jnp.sum(jnp.log1p(-cf), axis=1), CAX[1]))
    paclc_l = gather_field(cf, CAX[1], 2)
    paclc_glob = gather_field(paclc_l, CAX[0], 1)
    return 1.0 - clear, paclc_glob


def inputs():
    cloud_init()
    k = np.arange(1, KLEV + 1, dtype=np.float32)
    cf = np.clip(0.1 * np.add.outer(np.arange(KCOL, dtype=np.float32) / KCOL, k / KLEV), 0.0, 0.9)
    return cf.astype(np.float32),


def main(cf):
    cf = jax.device_put(cf, NamedSharding(MESH, P(*CAX)))
    f = jax.shard_map(cloud_cover, mesh=MESH, in_specs=P(*CAX),
                      out_specs=(P(CAX[0]), P(None, None, reduced=set(CAX))))
    clcov, glob = jax.jit(f)(cf)
    print(' cloud_cover: mean = %6.3f' % float(jnp.mean(clcov)))
    return clcov


if __name__ == "__main__":
    main(*inputs())
