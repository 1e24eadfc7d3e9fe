"""hpc-apps/heat2d/solvers/jacobi_residual.py

Jacobi relaxation for the steady heat problem -lap(u) = f on a 2-D block grid, with a
residual norm logged each sweep.  Run-file driven; the residual may also be kept whole
for plotting (see [residual] keep_profile).
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
h = 0.5

[run]
name = jacobi-residual
mesh_shape = 2x4
mesh_axes = %(row_axis)s, %(col_axis)s
steps = 5

[residual]
norm_axes = %(row_axis)s, %(col_axis)s
keep_profile = false
profile_axis = %(row_axis)s
"""

OVERRIDES = """
[residual]
keep_profile = true
"""


def shift(v, axis_name, offset):
    n = jax.lax.axis_size(axis_name)
    return jax.lax.ppermute(v, axis_name, [(i, (i + offset) % n) for i in range(n)])


def neighbours(u, row_axis, col_axis):
    north = jnp.concatenate([shift(u[-1:], row_axis, 1), u[:-1]], axis=0)
    south = jnp.concatenate([u[1:], shift(u[:1], row_axis, -1)], axis=0)
    west = jnp.concatenate([shift(u[:, -1:], col_axis, 1), u[:, :-1]], axis=1)
    east = jnp.concatenate([u[:, 1:], shift(u[:, :1], col_axis, -1)], axis=1)
    return north + south + west + east


@dataclass
class Residual:
    norm_axes: tuple
    keep_profile: bool
    profile_axis: str

    @classmethod
    def from_config(cls, cp):
        sec = cp["residual"]
        return cls(names(cp, "residual", "norm_axes"), sec.getboolean("keep_profile"),
                   sec.get("profile_axis"))

    def __call__(self, res):
        if self.keep_profile:
            res = jax.lax.all_gather(res, self.profile_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(jnp.sum(res * res), self.norm_axes)


def make_sweep(cp):
    row_axis = cp.get("DEFAULT", "row_axis")
    col_axis = cp.get("DEFAULT", "col_axis")
    h2 = cp.getfloat("DEFAULT", "h") ** 2
    residual = Residual.from_config(cp)

    def sweep(u, f):
        nb = neighbours(u, row_axis, col_axis)
        u_new = 0.25 * (nb + h2 * f)
        res = f - (4.0 * u_new - neighbours(u_new, row_axis, col_axis)) / h2
        return u_new, residual(res)

    return sweep, P(row_axis, col_axis)


def inputs():
    rng = np.random.default_rng(5)
    f = rng.standard_normal((16, 16)).astype(np.float32)
    u0 = np.zeros((16, 16), np.float32)
    return u0, f, OVERRIDES


def main(u0, f, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    sweep, layout = make_sweep(cp)
    solver = jax.jit(jax.shard_map(sweep, mesh=mesh, in_specs=(layout, layout),
                                   out_specs=(layout, P())))
    u = jax.device_put(u0, NamedSharding(mesh, layout))
    f = jax.device_put(f, NamedSharding(mesh, layout))
    norms = []
    for it in range(spec.steps):
        u, r2 = solver(u, f)
        norms.append(float(jnp.sqrt(r2)))
        log.info("sweep %d residual %.5e", it, norms[-1])
    return u


if __name__ == "__main__":
    main(*inputs())
