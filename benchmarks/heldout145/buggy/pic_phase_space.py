"""plasma-sim/pic1d/output/phase_space.py

Phase-space dump for the 1-D PIC code: per-rank momentum moments are collected in the stages
listed in [output] of the run file (by_cell, then the full dump over every mesh axis).
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
name = pic1d-phase
mesh_shape = 4x2
mesh_axes = %(grid_axis)s, %(species_axis)s

[output]
stages = by_cell, dump
by_cell_axis = %(grid_axis)s
dump_axes = %(grid_axis)s, %(species_axis)s
bins = 8
vmax = 3.0
"""


def moments(v, bins, vmax):
    edges = jnp.linspace(-vmax, vmax, bins + 1)
    idx = jnp.clip(jnp.searchsorted(edges, v[0]) - 1, 0, bins - 1)
    counts = jnp.zeros((bins,), v.dtype).at[idx].add(1.0)
    energy = jnp.zeros((bins,), v.dtype).at[idx].add(0.5 * v[0] * v[0])
    return jnp.stack([counts, energy])


def stage_table(cp):
    by_cell_axis = names(cp, "output", "by_cell_axis")
    dump_axes = names(cp, "output", "dump_axes")
    return {
        "by_cell": lambda m: jax.lax.all_gather(m, by_cell_axis, axis=1, tiled=True, to="reduced"),
        "dump": lambda m: jax.lax.all_gather(m, dump_axes, axis=1, tiled=True, to="reduced"),
    }


def make_dump(cp):
    bins = cp.getint("output", "bins")
    vmax = cp.getfloat("output", "vmax")
    table = stage_table(cp)
    stages = [s.strip() for s in cp.get("output", "stages").split(",")]
    log.info("phase-space stages: %s", stages)

    def body(v):
        m = moments(v, bins, vmax)
        for name in stages:
            m = table[name](m)
        return m

    return body


def inputs():
    rng = np.random.default_rng(17)
    v = rng.standard_normal((2, 4 * 128)).astype(np.float32)
    v[1] *= 0.5
    return v, None


def main(v, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    grid_axis, species_axis = spec.mesh_axes
    f = jax.jit(jax.shard_map(make_dump(cp), mesh=mesh, in_specs=P(species_axis, grid_axis),
                              out_specs=P(None, None, reduced={grid_axis, species_axis})))
    m = f(jax.device_put(v, NamedSharding(mesh, P(species_axis, grid_axis))))
    table = np.asarray(m)
    log.info("phase-space table %s, %d particles", table.shape, int(table[0].sum()))
    return m


if __name__ == "__main__":
    main(*inputs())
