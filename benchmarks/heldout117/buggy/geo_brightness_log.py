"""Satellite imagery: per-pixel brightness over bands, with a quicklook tap.

The raster grid is described as "name[size]" words; product names are
str.format templates.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
PRODUCT = "{scene}_brightness_{res}m"
QUICKLOOK_AXIS = "{last}"


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def brightness_body(tile, names):
    band_axis = names[-1]
    b = jax.lax.psum(jnp.sum(tile, axis=-1), band_axis)
    ql_axis = QUICKLOOK_AXIS.format(first=names[0], last=names[-1])
    quicklook = jax.lax.all_gather(b[::2, ::2], ql_axis, axis=0, tiled=True, to="reduced")
    return b, quicklook


def inputs():
    rng = np.random.default_rng(50)
    return (rng.random(size=(16, 16, 4)).astype(np.float32),)


def main(scene):
    mesh = grid_mesh(GRID)
    names = mesh.axis_names
    spec = P(*names)
    scene = jax.device_put(scene, NamedSharding(mesh, spec))
    name = PRODUCT.format(scene="S2A_T31UFQ", res=10)
    b, ql = jax.shard_map(lambda t: brightness_body(t, names), mesh=mesh, in_specs=spec,
                          out_specs=(P(names[0], names[1]), P(names[0], names[1], reduced={names[2]})))(scene)
    print(name, b.shape, ql.shape)
    return b


if __name__ == "__main__":
    main(*inputs())
