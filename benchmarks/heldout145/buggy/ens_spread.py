"""nwp-ensembles/l96/diagnostics/spread_monitor.py

Lorenz-96 ensemble integrator (RK2) with an ensemble-spread monitor.  Members are split over
`member`, the grid over `grid`; the monitor settings come from [stats] of the run file and fall
back to the StatsSpec defaults.
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
name = l96-spread
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s
steps = 3

[model]
forcing = 8.0
dt = 0.01
members = 16

[stats]
mean_axis = %(member_axis)s
gather_axs = %(grid_axis)s
"""


@dataclass
class StatsSpec:
    mean_axis: str = "member"
    gather_axis: str = "member"

    @classmethod
    def from_config(cls, cp):
        sec = cp["stats"]
        return cls(sec.get("mean_axis", cls.mean_axis), sec.get("gather_axis", cls.gather_axis))


def halo(x, axis_name, left, right):
    n = jax.lax.axis_size(axis_name)
    lo = jax.lax.ppermute(x[:, -left:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    hi = jax.lax.ppermute(x[:, :right], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([lo, x, hi], axis=1)


def tendency(x, forcing, grid_axis):
    e = halo(x, grid_axis, 2, 1)
    xm2, xm1, xp1 = e[:, :-3], e[:, 1:-2], e[:, 3:]
    return (xp1 - xm2) * xm1 - x + forcing


def make_step(cp):
    forcing = cp.getfloat("model", "forcing")
    dt = cp.getfloat("model", "dt")
    grid_axis = cp.get("DEFAULT", "grid_axis")
    stats = StatsSpec.from_config(cp)
    n_members = cp.getint("model", "members", fallback=16)

    def step(x):
        k1 = tendency(x, forcing, grid_axis)
        k2 = tendency(x + dt * k1, forcing, grid_axis)
        x = x + 0.5 * dt * (k1 + k2)
        mean = jax.lax.psum(jnp.sum(x, axis=0), stats.mean_axis) / n_members
        spread_map = jax.lax.all_gather(mean, stats.gather_axis, tiled=True, to="reduced")
        return x, spread_map

    return step, stats


def inputs():
    rng = np.random.default_rng(53)
    x = 8.0 + rng.standard_normal((16, 40)).astype(np.float32)
    return x, None


def main(x, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    step, stats = make_step(cp)
    layout = P(*spec.mesh_axes)
    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=layout,
                              out_specs=(layout, P(None, reduced={stats.gather_axis}))))
    x = jax.device_put(x, NamedSharding(mesh, layout))
    for n in range(spec.steps):
        x, mean_map = f(x)
        log.info("step %d: ensemble mean range %.3f", n, float(np.ptp(np.asarray(mean_map))))
    return x


if __name__ == "__main__":
    main(*inputs())
