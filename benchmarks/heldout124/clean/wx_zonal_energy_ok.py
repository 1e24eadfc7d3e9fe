"""launchers/weather/energy.py: kinetic energy diagnostics for the sharded dynamical core.

Zonal means are taken over the longitude shards first; the diagnostics then sum the
area-weighted energy over the `energy_axes` of the diagnostics config.
"""
import os
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclass
class Diagnostics:
    energy_axes: tuple = ("lat",)
    lon_axis: str = "lon"
    names: list = field(default_factory=lambda: ["ke"])

    @classmethod
    def from_flags(cls, flags):
        d = cls()
        if "energy_axes" in flags:
            d.energy_axes = tuple(flags["energy_axes"])
        return d


def mesh_from_env():
    lat = int(os.environ.get("LAT_PARALLELISM", "2"))
    devs = np.array(jax.devices()).reshape(lat, -1)
    return Mesh(devs, ("lat", "lon"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def zonal_mean(x, lon_axis):
    return jax.lax.pmean(jnp.mean(x, axis=1), lon_axis)


def energy_body(diag):
    def body(u, v, w):
        ke = 0.5 * (zonal_mean(u * u, diag.lon_axis) + zonal_mean(v * v, diag.lon_axis))
        total = jax.lax.psum(jnp.sum(ke * w), diag.energy_axes)
        return total

    return body


def main(flags):
    diag = Diagnostics.from_flags(flags)
    mesh = mesh_from_env()
    rng = np.random.default_rng(0)
    sh = NamedSharding(mesh, P("lat", "lon"))
    u = jax.make_array_from_process_local_data(sh, rng.standard_normal((8, 16)).astype(np.float32))
    v = jax.make_array_from_process_local_data(sh, rng.standard_normal((8, 16)).astype(np.float32))
    w = jax.device_put(np.full((8,), 1 / 8, np.float32), NamedSharding(mesh, P("lat")))
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(energy_body(diag), mesh=mesh,
                                   in_specs=(P("lat", "lon"), P("lat", "lon"), P("lat")),
                                   out_specs=P()))
        total = fn(u, v, w)
    if jax.process_index() == 0:
        print("KE", float(total))
    return total


def energy_report(total, diag):
    if jax.process_index() != 0:
        return None
    names = ",".join(diag.names)
    return f"[{names}] over {'x'.join(diag.energy_axes)}: {float(total):.6f}"


def flags_from_env():
    raw = os.environ.get("ENERGY_AXES")
    return {"energy_axes": raw.split(",")} if raw else {}


def inputs():
    return ({},)


if __name__ == "__main__":
    main(*inputs())
