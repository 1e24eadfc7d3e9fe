"""plasma-sim/pic1d/deposit/current_filter.py

Current deposition with a binomial (1-2-1) smoothing filter for the 1-D PIC code: the current
of each species is deposited on the rank's cells, summed over species, smoothed with ghost
cells from the neighbours and collected whole for the field solve (reduced along the grid).
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
name = pic1d-current
mesh_shape = 4x2
mesh_axes = %(grid_axis)s, %(species_axis)s

[grid]
cells_per_rank = 16
dx = 0.1

[filter]
passes = 2
collect_axis = %(grid_axis)s
"""


def deposit_current(x, v, q, dx, ncell):
    i = jnp.clip(jnp.floor(x / dx).astype(jnp.int32), 0, ncell - 1)
    return jnp.zeros((ncell,), x.dtype).at[i].add(q * v) / dx


def binomial(j, axis_name):
    n = jax.lax.axis_size(axis_name)
    left = jax.lax.ppermute(j[-1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    right = jax.lax.ppermute(j[:1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    e = jnp.concatenate([left, j, right])
    return 0.25 * e[:-2] + 0.5 * j + 0.25 * e[2:]


def make_current(cp):
    ncell = cp.getint("grid", "cells_per_rank")
    dx = cp.getfloat("grid", "dx")
    passes = cp.getint("filter", "passes")
    grid_axis = cp.get("DEFAULT", "grid_axis")
    species_axis = cp.get("DEFAULT", "species_axis")
    collect_axis = cp.get("filter", "collect_axis")

    def body(x, v, q):
        j = deposit_current(x[0], v[0], q[0], dx, ncell)
        j = jax.lax.psum(j, species_axis)
        for _ in range(passes):
            j = binomial(j, grid_axis)
        whole = jax.lax.all_gather(j, collect_axis, tiled=True, to="reduced")
        return j, whole

    return body, collect_axis


def inputs():
    rng = np.random.default_rng(157)
    x = rng.uniform(0.0, 1.6, (2, 1024)).astype(np.float32)
    v = rng.standard_normal((2, 1024)).astype(np.float32)
    q = np.repeat(np.array([[-1.0], [1.0]], np.float32), 1024, axis=1)
    return x, v, q, None


def main(x, v, q, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    g, s = spec.mesh_axes
    body, collect_axis = make_current(cp)
    layout = P(s, g)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(layout,) * 3,
                              out_specs=(P(g), P(None, reduced={collect_axis}))))
    sh = NamedSharding(mesh, layout)
    j, whole = f(*(jax.device_put(a, sh) for a in (x, v, q)))
    log.info("net current %.4f, whole-grid copy %s", float(jnp.sum(j)), whole.shape)
    return j


if __name__ == "__main__":
    main(*inputs())
