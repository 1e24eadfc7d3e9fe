"""hpc-apps/heat2d/diagnostics/flux_balance.py

Boundary-flux bookkeeping for the 2-D heat solver: the heat leaving each block through its
east face is summed along the column axis, then the global balance is formed over the axes
listed in [balance] of the run file.
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
row_axis = x
col_axis = y
all_axes = %(row_axis)s, %(col_axis)s

[run]
name = heat2d-flux
mesh_shape = 2x4
mesh_axes = %(all_axes)s

[physics]
conductivity = 0.8
dx = 0.25

[balance]
face_axis = %(col_axis)s
total_axes = %(all_axes)s
"""


def east_flux(u, k, dx, axis_name):
    n = jax.lax.axis_size(axis_name)
    ghost = jax.lax.ppermute(u[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return -k * (ghost[:, 0] - u[:, -1]) / dx


def balance_body(cp):
    k = cp.getfloat("physics", "conductivity")
    dx = cp.getfloat("physics", "dx")
    face_axis = names(cp, "balance", "face_axis")
    total_axes = names(cp, "balance", "total_axes")

    def body(u):
        flux = east_flux(u, k, dx, face_axis)
        per_row = jax.lax.psum(flux, face_axis)
        total = jax.lax.psum(jnp.sum(per_row), total_axes)
        return per_row, total

    return body


def inputs():
    rng = np.random.default_rng(8)
    u = rng.uniform(0.0, 10.0, (16, 32)).astype(np.float32)
    return u, None


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    layout = P(*spec.mesh_axes)
    f = jax.jit(jax.shard_map(balance_body(cp), mesh=mesh, in_specs=layout,
                              out_specs=(P(spec.mesh_axes[0]), P())))
    per_row, total = f(jax.device_put(u, NamedSharding(mesh, layout)))
    rows = np.asarray(per_row)
    log.info("row fluxes %s", np.round(rows[:4], 3))
    log.info("total boundary flux %.4f", float(total))
    if not np.isfinite(float(total)):
        raise FloatingPointError("flux balance diverged")
    return per_row, total


if __name__ == "__main__":
    main(*inputs())
