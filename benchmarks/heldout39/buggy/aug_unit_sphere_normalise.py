import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
axes = host, shard
shape = 2, 4

[normalise]
axis = shard
eps = 1e-6
"""


def load_config(text=INI):
    cp = configparser.ConfigParser()
    cp.read_string(text)
    return cp


def unit_sphere_scale(points, cfg):
    axis = cfg.get("normalise", "axis")
    radius = jnp.linalg.norm(points, axis=-1).max(axis=-1, keepdims=True)
    radius = jax.lax.pmax(radius, axis) + cfg.getfloat("normalise", "eps")
    return jax.lax.all_gather(radius, axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    return (rng.normal(size=(4, 32, 3)).astype(np.float32),)


def main(points):
    cfg = load_config()
    axes = tuple(a.strip() for a in cfg.get("mesh", "axes").split(","))
    shape = tuple(int(s) for s in cfg.get("mesh", "shape").split(","))
    mesh = jax.make_mesh(shape, axes)
    points = jax.device_put(points, NamedSharding(mesh, P(*axes, None)))
    scales = jax.shard_map(
        lambda p: unit_sphere_scale(p, cfg),
        mesh=mesh,
        in_specs=P(*axes, None),
        out_specs=P(axes[0], None, reduced={axes[1]}),
    )(points)
    print(scales.shape)
    return scales


if __name__ == "__main__":
    main(*inputs())
