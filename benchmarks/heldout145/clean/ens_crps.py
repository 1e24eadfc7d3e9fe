"""nwp-ensembles/l96/verify/crps_score.py

Ensemble CRPS against a truth run (fair estimator, pairwise member term by ring exchange).
The score is averaged over the axes listed in ENS_SCORE_AXES (default from the run file).
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
name = l96-crps
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s

[score]
members = 16
average_over = %(grid_axis)s
"""


def score_axes(cp):
    raw = os.environ.get("ENS_SCORE_AXES", cp.get("score", "average_over"))
    axes = tuple(a.strip() for a in raw.split(",") if a.strip())
    return axes if len(axes) > 1 else axes[0]


def pair_term(x, axis_name):
    """sum_j |x_i - x_j| over members, members moved round the ring of `axis_name`."""
    n = jax.lax.axis_size(axis_name)
    total = jnp.sum(jnp.abs(x[:, None, :] - x[None, :, :]), axis=1)
    other = x
    for _ in range(n - 1):
        other = jax.lax.ppermute(other, axis_name, [(i, (i + 1) % n) for i in range(n)])
        total = total + jnp.sum(jnp.abs(x[:, None, :] - other[None, :, :]), axis=1)
    return total


def make_crps(cp):
    m = cp.getint("score", "members")
    member_axis = cp.get("DEFAULT", "member_axis")
    avg = score_axes(cp)

    def crps(x, truth):
        skill = jax.lax.psum(jnp.sum(jnp.abs(x - truth[None]), axis=0), member_axis) / m
        spread = jax.lax.psum(jnp.sum(pair_term(x, member_axis), axis=0), member_axis)
        point = skill - spread / (2.0 * m * (m - 1))
        return point, jax.lax.pmean(jnp.mean(point), avg)

    return crps


def inputs():
    rng = np.random.default_rng(71)
    truth = (8.0 + rng.standard_normal(40)).astype(np.float32)
    x = (truth + rng.standard_normal((16, 40))).astype(np.float32)
    return x, truth, None


def main(x, truth, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    member_axis, grid_axis = spec.mesh_axes
    layout = P(member_axis, grid_axis)
    f = jax.jit(jax.shard_map(make_crps(cp), mesh=mesh, in_specs=(layout, P(grid_axis)),
                              out_specs=(P(grid_axis), P())))
    point, score = f(jax.device_put(x, NamedSharding(mesh, layout)),
                     jax.device_put(truth, NamedSharding(mesh, P(grid_axis))))
    log.info("CRPS %.4f (worst point %.4f)", float(score), float(np.asarray(point).max()))
    return score


if __name__ == "__main__":
    main(*inputs())
