"""seismic-fd/acoustic2d/sources/source_normalise.py

Acoustic 2-D finite-difference propagator (second order in time) for a set of shots: shots
are split over `shot`, depth over `z`.  After injection the wavefield energy of each shot is
collected for the source-normalisation table.
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
name = acoustic-srcnorm
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s
steps = 3

[medium]
velocity = 1.5
dt = 0.2
dh = 1.0

[normalise]
energy_over = %(depth_axis)s
"""


def halo_z(u, axis_name):
    n = jax.lax.axis_size(axis_name)
    top = jax.lax.ppermute(u[:, -1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    bottom = jax.lax.ppermute(u[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([top, u, bottom], axis=1)


def laplace(u, axis_name, dh):
    e = halo_z(u, axis_name)
    uzz = e[:, 2:] - 2.0 * u + e[:, :-2]
    uxx = jnp.roll(u, 1, axis=2) - 2.0 * u + jnp.roll(u, -1, axis=2)
    return (uzz + uxx) / (dh * dh)


def make_propagator(cp):
    sec = cp["medium"]
    c2dt2 = (sec.getfloat("velocity") * sec.getfloat("dt")) ** 2
    dh = sec.getfloat("dh")
    depth_axis = cp.get("DEFAULT", "depth_axis")
    energy_over = cp.get("normalise", "energy_over")
    table_axis = os.environ.get("WAVE_TABLE_AXIS", depth_axis)

    def step(u, u_prev, src):
        u_next = 2.0 * u - u_prev + c2dt2 * laplace(u, depth_axis, dh) + src
        energy = jax.lax.psum(jnp.sum(u_next * u_next, axis=(1, 2)), energy_over)
        table = jax.lax.all_gather(energy, table_axis, tiled=True, to="reduced")
        return u_next, u, table

    return step, table_axis


def inputs():
    src = np.zeros((8, 16, 32), np.float32)
    for k in range(8):
        src[k, 2 + k, 4 * (k % 8)] = 1.0
    return src, None


def main(src, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    s, z = spec.mesh_axes
    step, table_axis = make_propagator(cp)
    layout = P(s, z, None)
    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(layout,) * 3,
                              out_specs=(layout, layout, P(None, reduced={table_axis}))))
    sh = NamedSharding(mesh, layout)
    u = jax.device_put(np.zeros_like(src), sh)
    u_prev, src = u, jax.device_put(src, sh)
    for n in range(spec.steps):
        u, u_prev, table = f(u, u_prev, src)
        log.info("step %d shot energies %s", n, np.asarray(jax.device_get(table)).round(3))
    return u


if __name__ == "__main__":
    main(*inputs())
