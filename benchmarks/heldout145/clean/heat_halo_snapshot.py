"""hpc-apps/heat2d/drivers/halo_snapshot.py

Heat-equation driver that writes a coarse snapshot of the temperature field every few
steps; the snapshot is gathered in stages as configured in the run file.
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
name = heat2d-snapshot
mesh_shape = 2x4
mesh_axes = %(row_axis)s, %(col_axis)s
steps = 3

[physics]
alpha = 0.15

[snapshot]
two_stage = false
stage_axis = %(row_axis)s
full_axes = %(row_axis)s, %(col_axis)s
coarsen = 2
"""


def halo_rows(u, axis_name):
    n = jax.lax.axis_size(axis_name)
    above = jax.lax.ppermute(u[-1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    below = jax.lax.ppermute(u[:1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([above, u, below], axis=0)


def halo_cols(u, axis_name):
    n = jax.lax.axis_size(axis_name)
    left = jax.lax.ppermute(u[:, -1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    right = jax.lax.ppermute(u[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([left, u, right], axis=1)


class Snapshot:
    def __init__(self, cp):
        sec = cp["snapshot"]
        self.two_stage = sec.getboolean("two_stage")
        self.stage_axis = names(cp, "snapshot", "stage_axis")
        self.full_axes = names(cp, "snapshot", "full_axes")
        self.coarsen = sec.getint("coarsen")

    def coarse(self, u):
        c = self.coarsen
        r, q = u.shape
        return u.reshape(r // c, c, q // c, c).mean(axis=(1, 3))

    def __call__(self, u):
        v = self.coarse(u)
        if self.two_stage:
            v = jax.lax.all_gather(v, self.stage_axis, axis=0, tiled=True, to="reduced")
        v = v.reshape(-1)
        return jax.lax.all_gather(v, self.full_axes, axis=0, tiled=True, to="reduced")


def build(cp, mesh):
    row_axis = cp.get("DEFAULT", "row_axis")
    col_axis = cp.get("DEFAULT", "col_axis")
    alpha = cp.getfloat("physics", "alpha")
    snap = Snapshot(cp)

    def body(u):
        ext = halo_cols(halo_rows(u, row_axis), col_axis)
        lap = (ext[:-2, 1:-1] + ext[2:, 1:-1] + ext[1:-1, :-2] + ext[1:-1, 2:] - 4.0 * u)
        u = u + alpha * lap
        return u, snap(u)

    reduced = set(snap.full_axes) if isinstance(snap.full_axes, tuple) else {snap.full_axes}
    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=P(row_axis, col_axis),
        out_specs=(P(row_axis, col_axis), P(None, reduced=reduced))))


def inputs():
    rng = np.random.default_rng(11)
    field = rng.uniform(0.0, 1.0, (16, 32)).astype(np.float32)
    return field, None


def main(field, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    stepper = build(cp, mesh)
    u = jax.device_put(field, NamedSharding(mesh, P(*spec.mesh_axes)))
    frames = []
    for n in range(spec.steps):
        u, frame = stepper(u)
        frames.append(np.asarray(frame))
        log.info("snapshot %d: %d values, max %.3f", n, frames[-1].size, frames[-1].max())
    return u


if __name__ == "__main__":
    main(*inputs())
