"""Cellular-automaton traffic (Nagel-Schreckenberg) on a multi-lane ring road: road
segments are split over one mesh axis and lanes over the other; occupancy maps are
collected for the lane-change model and the road-wide density plot."""
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
    per_lane = make_collector(lane, 0)(occupied)
    road = make_collector((seg, lane), 1)(per_lane)
    return road


def inputs():
    return ((np.arange(4 * 32) % 3).reshape(4, 32).astype(np.int32),)


def main(cells):
    mesh = jax.make_mesh((4, 2), ("seg", "lane"))
    seg, lane = mesh.axis_names
    cells = jax.device_put(cells, NamedSharding(mesh, P(lane, seg)))
    f = jax.shard_map(lambda c: occupancy_maps(c, mesh.axis_names), mesh=mesh,
                      in_specs=P(lane, seg), out_specs=P(None, None, reduced={seg, lane}))
    return f(cells)


if __name__ == "__main__":
    print(main(*inputs()))
