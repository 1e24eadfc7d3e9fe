"""hpc-apps/heat2d/diagnostics/cfl_limiter.py

Adaptive time step for the 2-D heat solver: the temperature is gathered along the row axis
to find the steepest column gradient, and the step is limited by the CFL number from the
run file.  [limiter] reduced_gather keeps the gathered columns reduced for the adjoint.
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

[run]
name = heat2d-cfl
mesh_shape = 2x4
mesh_axes = %(row_axis)s, %(col_axis)s
steps = 1

[physics]
alpha = 0.2
dx = 0.5

[limiter]
cfl = 0.45
reduced_gather = false
gather_axis = %(row_axis)s
"""

OVERRIDES = '{"limiter": {"reduced_gather": true}}'


class Limiter:
    def __init__(self, cp):
        sec = cp["limiter"]
        self.cfl = sec.getfloat("cfl")
        self.mode = "reduced" if sec.getboolean("reduced_gather") else "invarying"
        self.axis = sec.get("gather_axis")
        self.alpha = cp.getfloat("physics", "alpha")
        self.dx = cp.getfloat("physics", "dx")

    def columns(self, u):
        return jax.lax.all_gather(u, self.axis, axis=0, tiled=True, to=self.mode)

    def __call__(self, u):
        cols = self.columns(u)
        grad = cols[1:] - cols[:-1]
        return grad, self.cfl * self.dx * self.dx / self.alpha


def make_probe(cp, mesh):
    lim = Limiter(cp)
    row_axis = cp.get("DEFAULT", "row_axis")
    col_axis = cp.get("DEFAULT", "col_axis")
    red = {lim.axis} if lim.mode == "reduced" else set()
    return jax.jit(jax.shard_map(lim, mesh=mesh, in_specs=P(row_axis, col_axis),
                                 out_specs=(P(None, col_axis, reduced=red), P())))


def inputs():
    rng = np.random.default_rng(13)
    x = np.linspace(0.0, 1.0, 16, dtype=np.float32)[:, None]
    u = np.sin(6.0 * x) + 0.1 * rng.standard_normal((16, 32)).astype(np.float32)
    return u.astype(np.float32), OVERRIDES


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    probe = make_probe(cp, mesh)
    grad, dt_max = probe(jax.device_put(u, NamedSharding(mesh, P(*spec.mesh_axes))))
    g = np.abs(np.asarray(grad)).max() / cp.getfloat("physics", "dx")
    dt = min(float(dt_max), 1.0 / max(g, 1e-6))
    log.info("steepest gradient %.3f -> dt %.4f", g, dt)
    return grad


if __name__ == "__main__":
    main(*inputs())
