"""Satellite imagery: assemble the full band stack of a scene for the mosaic writer.

Band stacking gathers over the band axis; the mosaic then gathers over every
axis named in the writer's "over" template.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
WRITER = "over={col},{band} name={scene}_mosaic.tif"


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def writer_opts(template, **names):
    return dict(kv.split("=") for kv in template.format(**names).split())


def inputs():
    rng = np.random.default_rng(51)
    return (rng.random(size=(8, 8, 4)).astype(np.float32),)


def main(scene):
    mesh = grid_mesh(GRID)
    row, col, band = mesh.axis_names
    opts = writer_opts(WRITER, row=row, col=col, band=band, scene="LC08")
    over = tuple(opts["over"].split(","))
    spec = P(row, col, band)
    scene = jax.device_put(scene, NamedSharding(mesh, spec))

    def body(t):
        stack = jax.lax.all_gather(t, band, axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(stack, over, axis=1, tiled=True, to="reduced")

    mosaic = jax.shard_map(body, mesh=mesh, in_specs=spec,
                           out_specs=P(row, None, None, reduced={col, band}))(scene)
    print(opts["name"], mosaic.shape)
    return mosaic


if __name__ == "__main__":
    main(*inputs())
