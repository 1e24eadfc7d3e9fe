"""Zonal-mean diagnostics for the column-physics driver (namelist-configured)."""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMELIST = """
&grid
  nlat = 8
  nlon = 16
  lat_axis = 'lat'
  lon_axis = 'lon'
/
&diag
  zonal_means = .true.
/
"""


def parse_namelist(text):
    groups = {}
    for name, body in re.findall(r"&(\w+)(.*?)/", text, re.S):
        entries = {}
        for key, value in re.findall(r"(\w+)\s*=\s*([^\n]+)", body):
            value = value.strip()
            if value.startswith("'"):
                entries[key] = value.strip("'")
            elif value in (".true.", ".false."):
                entries[key] = value == ".true."
            else:
                entries[key] = int(value)
        groups[name] = entries
    return groups


NL = parse_namelist(NAMELIST)


def zonal_diagnostics(temp, lat_axis, lon_axis):
    zonal = jax.lax.psum(jnp.sum(temp, axis=1), lon_axis) / NL["grid"]["nlon"]
    return jax.lax.all_gather(zonal, lon_axis, to="invarying", tiled=True)


def inputs():
    rng = np.random.default_rng(3)
    return (250.0 + 30.0 * rng.random((NL["grid"]["nlat"], NL["grid"]["nlon"]), dtype=np.float32),)


def main(temp):
    grid = NL["grid"]
    mesh = jax.make_mesh((2, 4), (grid["lat_axis"], grid["lon_axis"]))
    spec = P(grid["lat_axis"], grid["lon_axis"])
    temp = jax.device_put(temp, NamedSharding(mesh, spec))
    step = jax.shard_map(
        lambda t: zonal_diagnostics(t, grid["lat_axis"], grid["lon_axis"]),
        mesh=mesh, in_specs=spec, out_specs=P(grid["lat_axis"]))
    return step(temp)


if __name__ == "__main__":
    print(main(*inputs()))
