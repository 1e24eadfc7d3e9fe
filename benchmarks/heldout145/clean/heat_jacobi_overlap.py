"""hpc-apps/heat2d/solvers/jacobi_overlap.py

Jacobi relaxation for the steady heat problem with an overlap monitor: the per-row residual
norms are summed along `y`, assembled along `x` for the convergence plot (a replicated copy,
to="invarying"), and the global norm is a psum of the local block sums over both axes.
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
name = jacobi-overlap
mesh_shape = 2x4
mesh_axes = %(row_axis)s, %(col_axis)s
steps = 4

[solver]
h = 0.5
omega = 0.8

[monitor]
row_sum = %(col_axis)s
plot_axis = %(row_axis)s
norm_axes = %(row_axis)s, %(col_axis)s
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


def make_sweep(cp):
    row_axis = cp.get("DEFAULT", "row_axis")
    col_axis = cp.get("DEFAULT", "col_axis")
    h2 = cp.getfloat("solver", "h") ** 2
    omega = cp.getfloat("solver", "omega")
    row_sum = cp.get("monitor", "row_sum")
    plot_axis = cp.get("monitor", "plot_axis")
    norm_axes = names(cp, "monitor", "norm_axes")

    def sweep(u, f):
        jac = 0.25 * (neighbours(u, row_axis, col_axis) + h2 * f)
        u_new = (1.0 - omega) * u + omega * jac
        res = f - (4.0 * u_new - neighbours(u_new, row_axis, col_axis)) / h2
        per_row = jax.lax.psum(jnp.sum(res * res, axis=1), row_sum)
        profile = jax.lax.all_gather(per_row, plot_axis, tiled=True, to="invarying")
        total = jax.lax.psum(jnp.sum(res * res), norm_axes)
        return u_new, profile, total

    return sweep, P(row_axis, col_axis)


def inputs():
    rng = np.random.default_rng(151)
    f = rng.standard_normal((16, 16)).astype(np.float32)
    return np.zeros((16, 16), np.float32), f, None


def main(u0, f, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    sweep, layout = make_sweep(cp)
    solver = jax.jit(jax.shard_map(sweep, mesh=mesh, in_specs=(layout, layout),
                                   out_specs=(layout, P(), P())))
    u = jax.device_put(u0, NamedSharding(mesh, layout))
    f = jax.device_put(f, NamedSharding(mesh, layout))
    for it in range(spec.steps):
        u, profile, total = solver(u, f)
        log.info("sweep %d residual %.4e (worst row %d)", it, float(jnp.sqrt(total)),
                 int(np.argmax(np.asarray(profile))))
    return u


if __name__ == "__main__":
    main(*inputs())
