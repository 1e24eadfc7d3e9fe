"""Satellite imagery: zonal statistics of band-summed reflectance per scene.

Zonal reductions are configured as "stat:op:axes" words.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
ZONAL = "total:psum:band mean:pmean:row,col,band"

OPS = {"psum": jax.lax.psum, "pmean": jax.lax.pmean}


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def parse_zonal(text):
    plan = []
    for word in text.split():
        stat, op, axes = word.split(":")
        axes = tuple(axes.split(","))
        plan.append((stat, OPS[op], axes if len(axes) > 1 else axes[0]))
    return plan


def zonal_body(t, zones):
    x = jnp.sum(t, axis=-1)
    for stat, op, axes in parse_zonal(ZONAL):
        if stat == "total":
            x = op(x, axes)
        else:
            x = op(jnp.sum(x * zones) / jnp.maximum(jnp.sum(zones), 1.0), axes)
    return x


def inputs():
    rng = np.random.default_rng(54)
    scene = rng.random(size=(8, 8, 4)).astype(np.float32)
    zones = (rng.random(size=(8, 8)) > 0.5).astype(np.float32)
    return scene, zones


def main(scene, zones):
    mesh = grid_mesh(GRID)
    r, c, b = mesh.axis_names
    scene = jax.device_put(scene, NamedSharding(mesh, P(r, c, b)))
    zones = jax.device_put(zones, NamedSharding(mesh, P(r, c)))
    out = jax.shard_map(zonal_body, mesh=mesh, in_specs=(P(r, c, b), P(r, c)), out_specs=P())(scene, zones)
    print(float(out))
    return out


if __name__ == "__main__":
    main(*inputs())
