"""Satellite imagery: cloud fraction per row strip, from a cloud mask.

The cloud test is "band<op>threshold"; the reduction is a "how@axis" word. The
band stack is replicated over the band axis of the grid for this job.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
CLOUD_TEST = "band3>0.6"
STRIP = "gather@col"
FRACTION = "mean@col"

REDUCERS = {
    "mean": lambda x, a: jnp.mean(jax.lax.pmean(x, a), axis=1),
    "max": lambda x, a: jnp.max(jax.lax.pmax(x, a), axis=1),
    "gather": lambda x, a: jax.lax.all_gather(x, a, axis=1, tiled=True, to="reduced"),
}


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def cloud_body(t):
    m = re.match(r"band(\d)([<>])([\d.]+)", CLOUD_TEST)
    idx, thr = int(m[1]), float(m[3])
    cloudy = (t[:, :, idx] > thr).astype(jnp.float32)
    how, _, axis = STRIP.partition("@")
    strip = REDUCERS[how](cloudy, axis)
    how, _, axis = FRACTION.partition("@")
    return REDUCERS[how](strip, axis)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.random(size=(8, 8, 4)).astype(np.float32),)


def main(scene):
    mesh = grid_mesh(GRID)
    row, col, _ = mesh.axis_names
    scene = jax.device_put(scene, NamedSharding(mesh, P(row, col, None)))
    frac = jax.shard_map(cloud_body, mesh=mesh, in_specs=P(row, col, None),
                         out_specs=P(row))(scene)
    print(frac.shape)
    return frac


if __name__ == "__main__":
    main(*inputs())
