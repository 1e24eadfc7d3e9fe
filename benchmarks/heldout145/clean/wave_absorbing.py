"""seismic-fd/acoustic2d/boundary/sponge.py

Sponge (absorbing) boundary for the acoustic propagator.  The sponge strength is adapted to
the peak amplitude reaching the bottom layers; with [boundary] whole_column on, the peak is
measured on the whole depth column of each shot.
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
shot_axis = shot
depth_axis = z

[run]
name = acoustic-sponge
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s
steps = 2

[boundary]
width = 4
strength = 0.05
whole_column = off
column_axis = %(depth_axis)s
"""

SITE_RUNFILE_PATCH = """
[boundary]
whole_column = "off"
strength = 0.08
"""


class Sponge:
    def __init__(self, cp):
        sec = cp["boundary"]
        self.width = sec.getint("width")
        self.strength = sec.getfloat("strength")
        self.whole_column = sec.getboolean("whole_column")
        self.axis = sec.get("column_axis")

    def profile(self, nz_local):
        z0 = jax.lax.axis_index(self.axis) * nz_local
        z = z0 + jnp.arange(nz_local)
        nz = nz_local * jax.lax.axis_size(self.axis)
        d = jnp.clip(z - (nz - self.width), 0, self.width) / self.width
        return jnp.exp(-self.strength * d * d)

    def peak(self, u):
        col = u
        if self.whole_column:
            col = jax.lax.all_gather(u, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.pmax(jnp.sum(jnp.abs(col), axis=(1, 2)), self.axis)

    def __call__(self, u):
        amp = self.peak(u)
        damp = self.profile(u.shape[1])[None, :, None]
        scale = 1.0 / (1.0 + 0.01 * amp)
        return u * damp * scale[:, None, None]


def inputs():
    rng = np.random.default_rng(137)
    return rng.standard_normal((8, 16, 32)).astype(np.float32), SITE_RUNFILE_PATCH


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    layout = P(spec.mesh_axes[0], spec.mesh_axes[1], None)
    f = jax.jit(jax.shard_map(Sponge(cp), mesh=mesh, in_specs=layout, out_specs=layout))
    u = jax.device_put(u, NamedSharding(mesh, layout))
    for n in range(spec.steps):
        u = f(u)
        log.info("step %d: bottom rms %.4f", n, float(np.sqrt((np.asarray(u)[:, -4:] ** 2).mean())))
    return u


if __name__ == "__main__":
    main(*inputs())
