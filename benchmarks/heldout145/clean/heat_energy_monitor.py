"""hpc-apps/heat2d/drivers/energy_monitor.py

Explicit 2-D heat equation on a block-decomposed grid, with a running energy monitor.
Reads its run file (INI) plus optional TOML/JSON overrides.
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
name = heat2d-monitor
mesh_shape = 2x4
mesh_axes = %(row_axis)s, %(col_axis)s
steps = 4

[physics]
alpha = 0.2
dx = 1.0

[monitor]
reduce_axis = %(col_axis)s
gather_axis = %(row_axis)s
every = 2
"""


def laplacian(u, row_axis, col_axis):
    """Five-point Laplacian with one-cell halos swapped by ppermute (periodic domain)."""
    def swap(v, axis_name, n, shift):
        return jax.lax.ppermute(v, axis_name, [(i, (i + shift) % n) for i in range(n)])

    nr = jax.lax.axis_size(row_axis)
    nc = jax.lax.axis_size(col_axis)
    up = swap(u[-1:, :], row_axis, nr, 1)
    down = swap(u[:1, :], row_axis, nr, -1)
    left = swap(u[:, -1:], col_axis, nc, 1)
    right = swap(u[:, :1], col_axis, nc, -1)
    ext = jnp.concatenate([up, u, down], axis=0)
    north, south = ext[:-2], ext[2:]
    ext = jnp.concatenate([left, u, right], axis=1)
    west, east = ext[:, :-2], ext[:, 2:]
    return north + south + west + east - 4.0 * u


def make_step(cp):
    row_axis = cp.get("DEFAULT", "row_axis")
    col_axis = cp.get("DEFAULT", "col_axis")
    alpha = cp.getfloat("physics", "alpha")
    dx = cp.getfloat("physics", "dx")
    reduce_axis = names(cp, "monitor", "reduce_axis")
    gather_axis = names(cp, "monitor", "gather_axis")

    def step(u):
        u = u + alpha / (dx * dx) * laplacian(u, row_axis, col_axis)
        band = jax.lax.psum(jnp.sum(u * u, axis=1), reduce_axis)
        history = jax.lax.all_gather(band, gather_axis, tiled=True, to="reduced")
        return u, history

    return step, row_axis, col_axis


def run(cp, field):
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    step, row_axis, col_axis = make_step(cp)
    stepper = jax.jit(jax.shard_map(
        step, mesh=mesh, in_specs=P(row_axis, col_axis),
        out_specs=(P(row_axis, col_axis), P(None, reduced={row_axis}))))
    u = jax.device_put(field, NamedSharding(mesh, P(row_axis, col_axis)))
    every = cp.getint("monitor", "every")
    energy = []
    for n in range(spec.steps):
        u, history = stepper(u)
        if n % every == 0:
            energy.append(float(jnp.sum(np.asarray(history))))
            log.info("step %d energy %.4f", n, energy[-1])
    return u, energy


def inputs():
    rng = np.random.default_rng(3)
    field = rng.standard_normal((16, 32)).astype(np.float32)
    return field, None


def main(field, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    u, energy = run(cp, field)
    log.warning("final energy trace: %s", energy)
    return u


if __name__ == "__main__":
    main(*inputs())
