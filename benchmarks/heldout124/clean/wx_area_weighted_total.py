"""launchers/weather/mass_budget.py: total column mass over the whole globe.

The per-cell masses vary over both (lat, lon) shards and are summed over both axes in
one psum; no zonal reduction happens first, so the tuple psum sees one state.
"""
import os
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclass
class Budget:
    axes: tuple = ("lat", "lon")
    gravity: float = 9.81
    top_pressure: float = 100.0

    @classmethod
    def from_env(cls):
        b = cls()
        if "BUDGET_AXES" in os.environ:
            b.axes = tuple(os.environ["BUDGET_AXES"].split(","))
        return b


def build_mesh():
    lat = int(os.environ.get("LAT_PARALLELISM", "2"))
    devices = np.array(jax.devices()).reshape(lat, -1)
    return Mesh(devices, ("lat", "lon"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def column_mass(ps, budget):
    return (ps - budget.top_pressure) / budget.gravity


def mass_body(budget):
    def body(ps, area):
        cell = column_mass(ps, budget) * area[:, None]
        return jax.lax.psum(jnp.sum(cell), budget.axes)

    return body


def cell_areas(n_lat):
    lats = np.linspace(-85, 85, n_lat)
    return np.cos(np.deg2rad(lats)).astype(np.float32)


def report(total, budget):
    if jax.process_index() != 0:
        return None
    return f"total mass over {'x'.join(budget.axes)}: {float(total):.3e} kg/m^2 units"


def main(seed):
    budget = Budget.from_env()
    mesh = build_mesh()
    rng = np.random.default_rng(seed)
    ps = (1.0e5 + 500.0 * rng.standard_normal((8, 16))).astype(np.float32)
    ps = jax.make_array_from_process_local_data(NamedSharding(mesh, P("lat", "lon")), ps)
    area = jax.device_put(cell_areas(8), NamedSharding(mesh, P("lat")))
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(mass_body(budget), mesh=mesh,
                                   in_specs=(P("lat", "lon"), P("lat")), out_specs=P()))
        total = fn(ps, area)
    line = report(total, budget)
    if line:
        print(line)
    return total


def inputs():
    return (int(os.environ.get("SEED", "0")),)


if __name__ == "__main__":
    main(*inputs())
