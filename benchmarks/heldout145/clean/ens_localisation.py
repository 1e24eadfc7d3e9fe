"""nwp-ensembles/l96/assim/localisation.py

Covariance localisation weights and ensemble statistics for the Lorenz-96 EnKF.  The mean is
a pmean over members; the total anomaly energy is a psum over both mesh axes of a value that
varies on both; the spread map is gathered along the grid (reduced) and only squared before
it leaves.
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
name = l96-localisation
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s

[localisation]
radius = 4.0
energy_axes = %(member_axis)s, %(grid_axis)s
map_axis = %(grid_axis)s
"""


def gaspari_cohn(d, c):
    r = jnp.abs(d) / c
    inner = 1 - 5 / 3 * r**2 + 5 / 8 * r**3 + 1 / 2 * r**4 - 1 / 4 * r**5
    outer = 4 - 5 * r + 5 / 3 * r**2 + 5 / 8 * r**3 - 1 / 2 * r**4 + 1 / 12 * r**5 - 2 / (3 * jnp.maximum(r, 1e-6))
    return jnp.where(r <= 1, inner, jnp.where(r <= 2, outer, 0.0))


def make_stats(cp):
    member_axis = cp.get("DEFAULT", "member_axis")
    grid_axis = cp.get("DEFAULT", "grid_axis")
    radius = cp.getfloat("localisation", "radius")
    energy_axes = names(cp, "localisation", "energy_axes")
    map_axis = cp.get("localisation", "map_axis")

    def stats(x):
        mean = jax.lax.pmean(jnp.mean(x, axis=0), member_axis)
        anom = x - mean[None]
        energy = jax.lax.psum(jnp.sum(anom * anom), energy_axes)
        i = jax.lax.axis_index(grid_axis) * x.shape[1] + jnp.arange(x.shape[1])
        weights = gaspari_cohn(i - 0.5 * x.shape[1] * jax.lax.axis_size(grid_axis), radius)
        spread = jax.lax.all_gather(anom[0] * weights, map_axis, tiled=True, to="reduced")
        return mean, energy, spread * spread

    return stats


def inputs():
    rng = np.random.default_rng(163)
    return (8.0 + rng.standard_normal((16, 40))).astype(np.float32), None


def main(x, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    m, g = spec.mesh_axes
    f = jax.jit(jax.shard_map(make_stats(cp), mesh=mesh, in_specs=P(m, g),
                              out_specs=(P(g), P(), P(m, reduced={g}))))
    mean, energy, spread = f(jax.device_put(x, NamedSharding(mesh, P(m, g))))
    log.info("anomaly energy %.3f, mean range %.3f", float(energy), float(np.ptp(np.asarray(mean))))
    return mean, energy


if __name__ == "__main__":
    main(*inputs())
