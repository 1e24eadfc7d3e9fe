"""Nagel-Schreckenberg traffic on a multi-lane ring road: the road-wide occupancy map is
collected with one reduced gather over both mesh axes from the per-device cells."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_collector(axis, dim):
    def collect(x):
        return jax.lax.all_gather(x, axis, axis=dim, tiled=True, to="reduced")
    return collect


def occupancy_maps(cells, mesh_axes):
    seg, lane = mesh_axes
    occupied = (cells > 0).astype(jnp.float32)
    return make_collector((seg, lane), 1)(occupied)


def inputs():
    return ((np.arange(4 * 32) % 3).reshape(4, 32).astype(np.int32),)


def main(cells):
    mesh = jax.make_mesh((4, 2), ("seg", "lane"))
    seg, lane = mesh.axis_names
    cells = jax.device_put(cells, NamedSharding(mesh, P(None, (seg, lane))))
    f = jax.shard_map(lambda c: occupancy_maps(c, mesh.axis_names), mesh=mesh,
                      in_specs=P(None, (seg, lane)), out_specs=P(None, None, reduced={seg, lane}))
    return f(cells)


if __name__ == "__main__":
    print(main(*inputs()))
