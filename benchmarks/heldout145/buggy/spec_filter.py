"""cfd-spectral/filters/spectral_viscosity.py

Exponential spectral-viscosity filter for the pseudo-spectral solver.  In `global_modes` mode
each rank first collects all wavenumber lines of its batch member, then damps them with
exp(-nu * k^2 * dt); otherwise each rank damps its own lines.
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
batch_axis = px
line_axis = py

[run]
name = spectral-filter
mesh_shape = 2x4
mesh_axes = %(batch_axis)s, %(line_axis)s

[filter]
nu = 1.0e-3
dt = 0.01
global_modes = false
gather = reduced
"""

SITE_OVERRIDES = '{"filter": {"global_modes": true, "nu": 2.0e-3}}'


def damping(n, nu, dt):
    k = np.fft.fftfreq(n, d=1.0 / n)
    k2 = k[:, None] ** 2 + k[None, :] ** 2
    return jnp.asarray(np.exp(-nu * k2 * dt), jnp.float32)


class ViscosityFilter:
    def __init__(self, cp, n):
        sec = cp["filter"]
        self.global_modes = sec.getboolean("global_modes")
        self.mode = sec.get("gather")
        self.line_axis = cp.get("DEFAULT", "line_axis")
        self.n = n
        self.factor = damping(n, sec.getfloat("nu"), sec.getfloat("dt"))

    def out_spec(self, batch_axis):
        if self.global_modes:
            red = {self.line_axis} if self.mode == "reduced" else set()
            return P(batch_axis, None, None, reduced=red)
        return P(batch_axis, None, self.line_axis)

    def __call__(self, energy):
        if self.global_modes:
            energy = jax.lax.all_gather(energy, self.line_axis, axis=2, tiled=True, to=self.mode)
            return energy * self.factor[None]
        cols = jax.lax.axis_index(self.line_axis) * energy.shape[2] + jnp.arange(energy.shape[2])
        return energy * self.factor[:, cols][None]


def inputs():
    rng = np.random.default_rng(47)
    uh = np.abs(np.fft.fft2(rng.standard_normal((4, 32, 32)))) ** 2
    return uh.astype(np.float32), SITE_OVERRIDES


def main(energy, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    flt = ViscosityFilter(cp, energy.shape[1])
    layout = P(spec.mesh_axes[0], None, spec.mesh_axes[1])
    f = jax.jit(jax.shard_map(flt, mesh=mesh, in_specs=layout,
                              out_specs=flt.out_spec(spec.mesh_axes[0])))
    damped = f(jax.device_put(energy, NamedSharding(mesh, layout)))
    ratio = np.asarray(jax.device_get(damped)).sum() / energy.sum()
    log.info("filter kept %.4f of the energy", ratio)
    return damped


if __name__ == "__main__":
    main(*inputs())
