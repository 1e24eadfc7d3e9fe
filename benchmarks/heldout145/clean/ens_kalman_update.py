"""nwp-ensembles/l96/assim/enkf_update.py

Stochastic EnKF analysis step for the Lorenz-96 ensemble with observations of every other
grid point.  [enkf] exact_variance makes each rank keep the full set of member anomalies
before the variance is formed (the older code path, kept for the regression tests).
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
member_axis = member
grid_axis = grid

[run]
name = l96-enkf
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s

[enkf]
obs_error = 0.5
members = 16
exact_variance = no
"""

CYCLE_OVERRIDES = """
[enkf]
exact_variance = true
obs_error = 0.25
"""


class EnKF:
    def __init__(self, cp):
        sec = cp["enkf"]
        self.r = sec.getfloat("obs_error") ** 2
        self.m = sec.getint("members")
        self.exact = sec.getboolean("exact_variance")
        self.member_axis = cp.get("DEFAULT", "member_axis")

    def anomalies(self, x):
        mean = jax.lax.pmean(jnp.mean(x, axis=0), self.member_axis)
        anom = x - mean[None]
        if self.exact:
            anom = jax.lax.all_gather(anom, self.member_axis, axis=0, tiled=True, to="invarying")
        return mean, anom

    def variance(self, anom):
        if self.exact:
            return jnp.sum(anom * anom, axis=0) / (self.m - 1)
        return jax.lax.psum(jnp.sum(anom * anom, axis=0), self.member_axis) / (self.m - 1)

    def __call__(self, x, y, noise):
        mean, anom = self.anomalies(x)
        var = self.variance(anom)
        gain = var / (var + self.r)
        innov = (y + noise) - x
        return x + gain[None] * innov


def inputs():
    rng = np.random.default_rng(61)
    truth = 8.0 + rng.standard_normal(40)
    x = (truth + rng.standard_normal((16, 40))).astype(np.float32)
    y = (truth + 0.5 * rng.standard_normal(40)).astype(np.float32)
    noise = (0.5 * rng.standard_normal((16, 40))).astype(np.float32)
    return x, y, noise, CYCLE_OVERRIDES


def main(x, y, noise, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    member_axis, grid_axis = spec.mesh_axes
    layout = P(member_axis, grid_axis)
    f = jax.jit(jax.shard_map(EnKF(cp), mesh=mesh, in_specs=(layout, P(grid_axis), layout),
                              out_specs=layout))
    sh = NamedSharding(mesh, layout)
    xa = f(jax.device_put(x, sh), jax.device_put(y, NamedSharding(mesh, P(grid_axis))),
           jax.device_put(noise, sh))
    log.info("analysis spread %.4f -> %.4f", float(x.std(0).mean()), float(np.asarray(xa).std(0).mean()))
    return xa


if __name__ == "__main__":
    main(*inputs())
