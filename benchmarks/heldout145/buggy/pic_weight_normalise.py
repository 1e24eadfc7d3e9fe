"""plasma-sim/pic1d/loading/weight_normalise.py

Macro-particle weights for the 1-D PIC loader: per-cell weights are collected along the grid
axis so every rank sees the whole profile, then scaled to the plasma density of the run file.
The collection mode comes from [weights] collective (env PIC_WEIGHT_GATHER overrides it).
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
name = pic1d-weights
mesh_shape = 4x2
mesh_axes = %(grid_axis)s, %(species_axis)s

[plasma]
density = 1.0e2
cell_volume = 0.1

[weights]
collective = reduced
profile_axis = %(grid_axis)s
"""


def gather_mode(cp):
    return os.environ.get("PIC_WEIGHT_GATHER", cp.get("weights", "collective"))


def make_normaliser(cp):
    axis = cp.get("weights", "profile_axis")
    mode = gather_mode(cp)
    n0 = cp.getfloat("plasma", "density")
    vol = cp.getfloat("plasma", "cell_volume")
    log.info("weights gathered over %s (%s)", axis, mode)

    def body(counts):
        profile = jax.lax.all_gather(counts, axis, axis=1, tiled=True, to=mode)
        per_cell = profile * (n0 * vol)
        return per_cell

    out = P(cp.get("DEFAULT", "species_axis"), None,
            reduced={axis} if mode == "reduced" else set())
    return body, out


def inputs():
    rng = np.random.default_rng(37)
    counts = rng.integers(50, 150, (2, 64)).astype(np.float32)
    counts /= counts.sum(axis=1, keepdims=True)
    return counts, None


def main(counts, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    grid_axis, species_axis = spec.mesh_axes
    body, out = make_normaliser(cp)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(species_axis, grid_axis), out_specs=out))
    w = f(jax.device_put(counts, NamedSharding(mesh, P(species_axis, grid_axis))))
    host = np.asarray(w)
    for s in range(host.shape[0]):
        log.info("species %d: total weight %.3f", s, host[s].sum())
    return w


if __name__ == "__main__":
    main(*inputs())
