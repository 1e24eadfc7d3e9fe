"""Satellite imagery: digital numbers to surface reflectance for a band stack.

Scale and offset come from the product metadata line, "key=value" pairs.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
METADATA = "QUANTIFICATION=10000 ADD_OFFSET=-1000 STACK_AXIS=band"


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def meta(text):
    out = {}
    for word in text.split():
        k, _, v = word.partition("=")
        out[k.lower()] = v
    return out


def to_reflectance(dn, md):
    stack = jax.lax.all_gather(dn, md["stack_axis"], axis=2, tiled=True, to="reduced")
    return (stack + float(md["add_offset"])) / float(md["quantification"])


def inputs():
    rng = np.random.default_rng(55)
    return (rng.integers(0, 12000, size=(8, 8, 4)).astype(np.float32),)


def main(dn):
    mesh = grid_mesh(GRID)
    r, c, b = mesh.axis_names
    md = meta(METADATA)
    dn = jax.device_put(dn, NamedSharding(mesh, P(r, c, b)))
    refl = jax.shard_map(lambda x: to_reflectance(x, md), mesh=mesh, in_specs=P(r, c, b),
                         out_specs=P(r, c, None, reduced={b}))(dn)
    print(refl.shape)
    return refl


if __name__ == "__main__":
    main(*inputs())
