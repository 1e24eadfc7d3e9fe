"""plasma-sim/pic1d/push/boris_push.py

Particle push for the 1-D PIC code: the electric field on the cell grid gets its ghost cells
from the neighbouring rank, is interpolated to the particles and the velocities are kicked.
With [field] global_copy on, each rank first assembles the whole field (for the diagnostics
that want it) and pushes from that.
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
name = pic1d-push
mesh_shape = 4x2
mesh_axes = %(grid_axis)s, %(species_axis)s
steps = 2

[field]
global_copy = no
ghost_axis = %(grid_axis)s

[push]
dt = 0.05
q_over_m = -1.0
dx = 0.1
"""


def exchange_ghosts(e, axis_name):
    n = jax.lax.axis_size(axis_name)
    right_ghost = jax.lax.ppermute(e[:1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([e, right_ghost])


def gather_at(e_ext, x, dx):
    s = x / dx
    i = jnp.clip(jnp.floor(s).astype(jnp.int32), 0, e_ext.shape[0] - 2)
    w = s - i
    return (1.0 - w) * e_ext[i] + w * e_ext[i + 1]


class Pusher:
    def __init__(self, cp):
        self.global_copy = cp.getboolean("field", "global_copy")
        self.ghost_axis = cp.get("field", "ghost_axis")
        sec = cp["push"]
        self.dt, self.qm, self.dx = sec.getfloat("dt"), sec.getfloat("q_over_m"), sec.getfloat("dx")

    def field(self, e):
        if self.global_copy:
            whole = jax.lax.all_gather(e, self.ghost_axis, tiled=True, to="reduced")
            log.debug("whole field %s kept for the diagnostics hook", whole.shape)
        return exchange_ghosts(e, self.ghost_axis)

    def __call__(self, x, v, e):
        e_ext = self.field(e)
        ep = gather_at(e_ext, jnp.mod(x[0], self.dx * (e_ext.shape[0] - 1)), self.dx)
        v = v + self.qm * self.dt * ep[None]
        x = x + self.dt * v
        return x, v


def inputs():
    rng = np.random.default_rng(23)
    x = rng.uniform(0.0, 1.6, (2, 512)).astype(np.float32)
    v = rng.standard_normal((2, 512)).astype(np.float32)
    e = np.sin(np.linspace(0, 2 * np.pi, 64, endpoint=False)).astype(np.float32)
    return x, v, e, "[field]\nglobal_copy = true\n"


def main(x, v, e, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    grid_axis, species_axis = spec.mesh_axes
    layout = P(species_axis, grid_axis)
    push = jax.jit(jax.shard_map(Pusher(cp), mesh=mesh,
                                 in_specs=(layout, layout, P(grid_axis)), out_specs=(layout, layout)))
    sh = NamedSharding(mesh, layout)
    x, v = jax.device_put(x, sh), jax.device_put(v, sh)
    e = jax.device_put(e, NamedSharding(mesh, P(grid_axis)))
    for n in range(spec.steps):
        x, v = push(x, v, e)
        log.info("step %d: mean |v| %.4f", n, float(jnp.mean(jnp.abs(v))))
    return x, v


if __name__ == "__main__":
    main(*inputs())
