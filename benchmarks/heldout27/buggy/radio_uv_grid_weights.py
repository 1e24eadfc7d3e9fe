"""Briggs weighting: uv-cell densities gridded per channel, then pooled for the whole band."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

IMAGER_TOML = """
[mesh]
shape = [4, 2]
axes = ["baselines", "chan"]

[weighting]
scheme = "briggs"
robust = 0.5
density_axis = "chan"
band_axes = ["baselines", "chan"]
"""
CONF = tomllib.loads(IMAGER_TOML)


def grid_density(uv_cells, n_cells=16):
    return jax.nn.one_hot(uv_cells, n_cells).sum(axis=0)


def band_density(uv_cells):
    w = CONF["weighting"]
    density = grid_density(uv_cells)
    density = jax.lax.all_gather(density, w["density_axis"], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(density, tuple(w["band_axes"]), axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.integers(0, 16, size=(32, 8)).astype(np.int32),)


def main(uv_cells):
    mesh = jax.make_mesh(tuple(CONF["mesh"]["shape"]), tuple(CONF["mesh"]["axes"]))
    spec = P(*CONF["mesh"]["axes"])
    uv_cells = jax.device_put(uv_cells, NamedSharding(mesh, spec))
    fn = jax.shard_map(band_density, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced=set(CONF["mesh"]["axes"])))
    return fn(uv_cells)


if __name__ == "__main__":
    print(main(*inputs()))
