"""launchers/diffusion/sample.py: sampling job that writes an image grid from process 0.

The VAE decoder reads the full spatial latent (gathered to reduced over the spatial
axis); the grid writer then gathers over the sample axes listed in the flags.
"""
import json
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DEFAULT_FLAGS = json.dumps({"sample_axes": ["data", "spatial"], "latent": 8, "samples": 4,
                            "guidance": 3.0})


class Flags:
    def __init__(self, text):
        self.__dict__.update(json.loads(text))

    def merged(self, extra):
        self.__dict__.update(json.loads(extra or "{}"))
        return self


def mesh_for_host():
    spatial = int(os.environ.get("SPATIAL_SHARDS", "4"))
    devs = np.array(jax.devices())
    dims = [devs.size // spatial, spatial]
    return Mesh(devs.reshape(dims), ("data", "spatial"),
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def decode(latent):
    return jnp.repeat(latent, 2, axis=1)


def guided(eps_cond, eps_uncond, scale):
    return eps_uncond + scale * (eps_cond - eps_uncond)


def sampler(mesh, flags):
    grid_axes = tuple(flags.sample_axes)

    def body(z, eps_c, eps_u):
        z = z - guided(eps_c, eps_u, flags.guidance) * 0.1
        z_full = jax.lax.all_gather(z, "spatial", axis=1, tiled=True, to="reduced")
        image = decode(z_full)
        grid = jax.lax.all_gather(image, grid_axes, axis=0, tiled=True, to="reduced")
        return grid

    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(P("data", "spatial"),) * 3,
        out_specs=P(None, None, reduced=set(grid_axes))))


def write_grid(grid, out_dir):
    if jax.process_index() == 0:
        path = os.path.join(out_dir, "grid.npy")
        np.save(path, np.asarray(grid))
        return path
    return None


def main(extra_flags):
    flags = Flags(DEFAULT_FLAGS).merged(extra_flags)
    mesh = mesh_for_host()
    key = jax.random.key(0)
    k1, k2, k3 = jax.random.split(key, 3)
    shape = (flags.samples, flags.latent)
    place = lambda a: jax.device_put(a, NamedSharding(mesh, P("data", "spatial")))
    z = place(jax.random.normal(k1, shape))
    eps_c = place(jax.random.normal(k2, shape))
    eps_u = place(jax.random.normal(k3, shape))
    with jax.set_mesh(mesh):
        grid = sampler(mesh, flags)(z, eps_c, eps_u)
    with tempfile.TemporaryDirectory() as tmp:
        write_grid(grid, tmp)
    return grid


def inputs():
    return (os.environ.get("SAMPLE_FLAGS"),)


if __name__ == "__main__":
    main(*inputs())
