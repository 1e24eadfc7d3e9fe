"""History-file output of the SCM (io_hist.f90 -> Python).

Each level block of every column is collected so the host can write one
record per column.  The global-view gather keeps the columns distributed.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# MODULE io_hist
hist_axes = ('hcol', 'hlev')
hist_mesh = None
records = []


def hist_init():
    global hist_mesh
    hist_mesh = jax.make_mesh((4, 2), hist_axes)


def hist_write(name, field, istep):
    icol_ax, ilev_ax = hist_axes
    full = top_level_all_gather(field, P(icol_ax, None))
    a = np.asarray(full)
    for jc in range(1, 3):
        records.append('%-8s step=%6d col=%3d  %s' % (name, istep, jc, a[jc - 1, :3]))
    return full


def inputs():
    hist_init()
    T = (250.0 + np.arange(16 * 8, dtype=np.float32).reshape(16, 8) * 0.25).astype(np.float32)
    return T, 120


def main(T, istep):
    with jax.set_mesh(hist_mesh):
        Td = jax.device_put(T, NamedSharding(hist_mesh, P(*hist_axes)))
        out = hist_write('ta', Td, istep)
    print('\n'.join(records))
    return out


if __name__ == "__main__":
    main(*inputs())
