"""SCM history output (io_hist.f90): the level blocks are brought together
with a reshard, the columns stay distributed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

hist_axes = ('hcol', 'hlev')
hist_mesh = None
records = []


def hist_init():
    global hist_mesh
    hist_mesh = jax.make_mesh((4, 2), hist_axes)


def hist_write(name, field, istep):
    icol_ax, ilev_ax = hist_axes
    full = jax.reshard(field, P(icol_ax, None))
    a = np.asarray(full)
    for jc in range(1, 3):
        records.append('%-8s step=%6d col=%3d  %s' % (name, istep, jc, a[jc - 1, :3]))
    return full


def inputs():
    hist_init()
    return (250.0 + np.arange(16 * 8, dtype=np.float32).reshape(16, 8) * 0.25).astype(np.float32), 120


def main(T, istep):
    with jax.set_mesh(hist_mesh):
        Td = jax.device_put(T, NamedSharding(hist_mesh, P(*hist_axes)))
        out = hist_write('ta', Td, istep)
    print('\n'.join(records))
    return out


if __name__ == "__main__":
    main(*inputs())
