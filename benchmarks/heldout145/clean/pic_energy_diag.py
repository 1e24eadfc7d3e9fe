"""plasma-sim/pic1d/diagnostics/energy_history.py

Energy history for the 1-D PIC code: kinetic energy per cell (summed over species), field
energy, and the mean over the axes named in [diagnostics] of the run file.
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
mesh = %(grid_axis)s, %(species_axis)s

[run]
name = pic1d-energy
mesh_shape = 4x2
mesh_axes = %(mesh)s

[species]
mass = 1.0, 1836.0

[diagnostics]
species_sum = %(species_axis)s
mean_axes = %(mesh)s
eps0 = 1.0
"""


def kinetic(v, mass):
    return 0.5 * mass * jnp.sum(v * v, axis=-1)


def field_energy(e, eps0, dx):
    return 0.5 * eps0 * jnp.sum(e * e) * dx


@dataclass
class EnergyDiag:
    species_sum: str
    mean_axes: tuple
    eps0: float
    masses: tuple

    @classmethod
    def from_config(cls, cp):
        masses = tuple(float(m) for m in cp.get("species", "mass").split(","))
        return cls(names(cp, "diagnostics", "species_sum"), names(cp, "diagnostics", "mean_axes"),
                   cp.getfloat("diagnostics", "eps0"), masses)

    def __post_init__(self):
        if not self.masses or min(self.masses) <= 0:
            raise ValueError("species masses must be positive")

    def __call__(self, v, e, mass):
        ke = jax.lax.psum(kinetic(v, mass[:, None]), self.species_sum)
        fe = field_energy(e, self.eps0, 0.1)
        ke_v = jax.lax.pcast(jnp.sum(ke), self.species_sum, to="varying")
        mean_ke = jax.lax.pmean(ke_v, self.mean_axes)
        return mean_ke, jax.lax.psum(fe, self.mean_axes[0])


def inputs():
    rng = np.random.default_rng(31)
    v = rng.standard_normal((2, 8, 64)).astype(np.float32)
    e = np.cos(np.linspace(0, 4 * np.pi, 64)).astype(np.float32)
    return v, e, None


def main(v, e, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    grid_axis, species_axis = spec.mesh_axes
    diag = EnergyDiag.from_config(cp)
    mass = np.asarray(diag.masses, np.float32)
    f = jax.jit(jax.shard_map(diag, mesh=mesh,
                              in_specs=(P(species_axis, grid_axis, None), P(grid_axis), P(species_axis)),
                              out_specs=(P(), P())))
    ke, fe = f(jax.device_put(v, NamedSharding(mesh, P(species_axis, grid_axis, None))),
               jax.device_put(e, NamedSharding(mesh, P(grid_axis))),
               jax.device_put(mass, NamedSharding(mesh, P(species_axis))))
    log.info("kinetic %.3f field %.3f", float(ke), float(fe))
    return ke, fe


if __name__ == "__main__":
    main(*inputs())
