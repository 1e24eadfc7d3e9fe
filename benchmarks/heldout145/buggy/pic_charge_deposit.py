"""plasma-sim/pic1d/deposit/charge_deposit.py

1-D electrostatic particle-in-cell: cloud-in-cell charge deposition on a grid split over
`cells`, particle species split over `species`.  The deposited density is gathered for the
field solve as named in the run file (production overrides layered on top).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- runfile_lite: pasted from hpc-common/runfile_lite.py (rev 14), keep in sync by hand -----
import configparser
import json
import logging
import os
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)


def setup_logging():
    level = os.environ.get("RUNFILE_LOGLEVEL", "WARNING").upper()
    logging.basicConfig(level=getattr(logging, level, logging.WARNING),
                        format="%(asctime)s %(name)s %(levelname)s: %(message)s")


def load_runfile(default_text, overrides=None):
    """Write the default run file to a scratch dir, read it back, then layer overrides
    (a TOML string, a JSON string, then RUNFILE_OVERRIDES from the environment)."""
    cp = configparser.ConfigParser()
    with tempfile.TemporaryDirectory(prefix="runfile-") as tmp:
        path = Path(tmp) / "default.ini"
        path.write_text(default_text)
        cp.read(path)
    for text in filter(None, [overrides, os.environ.get("RUNFILE_OVERRIDES")]):
        text = text.strip()
        data = json.loads(text) if text.startswith("{") else tomllib.loads(text)
        for section, values in data.items():
            if section != "DEFAULT" and not cp.has_section(section):
                cp.add_section(section)
            for key, value in values.items():
                if isinstance(value, bool):
                    value = "true" if value else "false"
                elif isinstance(value, list):
                    value = ", ".join(map(str, value))
                cp.set(section, key, str(value))
    return cp


def names(cp, section, key):
    """A comma-separated list of mesh axis names; a single name comes back as a str."""
    raw = [s.strip() for s in cp.get(section, key).split(",") if s.strip()]
    return raw[0] if len(raw) == 1 else tuple(raw)


@dataclass
class RunSpec:
    name: str
    mesh_shape: tuple
    mesh_axes: tuple
    steps: int = 1
    seed: int = 0

    def __post_init__(self):
        if len(self.mesh_shape) != len(self.mesh_axes):
            raise ValueError(f"{self.name}: mesh_shape {self.mesh_shape} vs axes {self.mesh_axes}")
        if self.steps < 1:
            raise ValueError(f"{self.name}: steps must be positive, got {self.steps}")

    @classmethod
    def from_config(cls, cp, section="run"):
        sec = cp[section]
        shape = tuple(int(n) for n in sec.get("mesh_shape").split("x"))
        axes = tuple(a.strip() for a in sec.get("mesh_axes").split(","))
        return cls(sec.get("name", section), shape, axes, sec.getint("steps", 1), sec.getint("seed", 0))

    def make_mesh(self):
        return jax.make_mesh(self.mesh_shape, self.mesh_axes)
# --- end runfile_lite ---------------------------------------------------------------------------


DEFAULT_RUNFILE = """
[DEFAULT]
grid_axis = cells
species_axis = species

[run]
name = pic1d-deposit
mesh_shape = 4x2
mesh_axes = %(grid_axis)s, %(species_axis)s
seed = 7

[grid]
cells_per_rank = 16
dx = 0.1

[deposit]
sum_axis = %(species_axis)s
charge = -1.0, 1.0

[solver]
gather_axis = %(grid_axis)s
"""

PRODUCTION_OVERRIDES = """
[grid]
dx = 0.05

[solver]
gather_axis = "species"
"""


def cic_weights(x, dx, ncell):
    s = x / dx
    left = jnp.clip(jnp.floor(s).astype(jnp.int32), 0, ncell - 1)
    frac = s - jnp.floor(s)
    right = jnp.minimum(left + 1, ncell - 1)
    return left, right, 1.0 - frac, frac


def deposit(x, q, dx, ncell):
    left, right, wl, wr = cic_weights(x, dx, ncell)
    rho = jnp.zeros((ncell,), x.dtype)
    rho = rho.at[left].add(q * wl)
    return rho.at[right].add(q * wr) / dx


def make_deposit(cp):
    ncell = cp.getint("grid", "cells_per_rank")
    dx = cp.getfloat("grid", "dx")
    sum_axis = names(cp, "deposit", "sum_axis")
    gather_axis = names(cp, "solver", "gather_axis")

    def body(x, q):
        local = deposit(x[0], q[0], dx, ncell)
        rho = jax.lax.psum(local, sum_axis)
        rho_global = jax.lax.all_gather(rho, gather_axis, tiled=True, to="reduced")
        return rho, rho_global

    return body, gather_axis


def inputs():
    rng = np.random.default_rng(7)
    x = rng.uniform(0.0, 1.6, (2, 4 * 256)).astype(np.float32)
    q = np.repeat(np.array([[-1.0], [1.0]], np.float32), 4 * 256, axis=1)
    return x, q, PRODUCTION_OVERRIDES


def main(x, q, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    grid_axis, species_axis = spec.mesh_axes
    body, gather_axis = make_deposit(cp)
    layout = P(species_axis, grid_axis)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(layout, layout),
                              out_specs=(P(grid_axis), P(None, reduced={gather_axis}))))
    sharding = NamedSharding(mesh, layout)
    rho, rho_global = f(jax.device_put(x, sharding), jax.device_put(q, sharding))
    log.info("net charge %.4f over %d cells", float(jnp.sum(rho)), rho.shape[0])
    return rho


if __name__ == "__main__":
    main(*inputs())
