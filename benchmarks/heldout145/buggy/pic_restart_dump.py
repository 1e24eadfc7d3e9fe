"""plasma-sim/pic1d/io/restart_dump.py

Restart files for the PIC code: the particle table is placed over both mesh axes (layout read
from the run file as a JSON list) and regathered whole for the writer.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
name = pic1d-restart
mesh_shape = 4x2
mesh_axes = %(grid_axis)s, %(species_axis)s

[layout]
particles = [["%(grid_axis)s", "%(species_axis)s"], null]

[restart]
gathered = ["%(grid_axis)s"]
every = 1
"""


def spec_from_list(entries, reduced=()):
    return P(*(tuple(e) if isinstance(e, list) else e for e in entries), reduced=frozenset(reduced))


@jax.jit
def drift(table, dt):
    x, v = table[:, 0], table[:, 1]
    return jnp.stack([x + dt * v, v], axis=1)


class RestartWriter:
    def __init__(self, cp):
        self.place_spec = spec_from_list(json.loads(cp.get("layout", "particles")))
        gathered = json.loads(cp.get("restart", "gathered"))
        self.out_spec = spec_from_list([None, None], gathered)
        self.records = {}

    def gather(self, table):
        return top_level_all_gather(table, self.out_spec)

    def write(self, step, table):
        whole = self.gather(table)
        self.records[step] = np.asarray(jax.device_get(whole)).copy()
        log.info("restart %d: %s", step, self.records[step].shape)
        return whole


def inputs():
    rng = np.random.default_rng(29)
    table = np.stack([rng.uniform(0, 1.6, 256), rng.standard_normal(256)], axis=1)
    return table.astype(np.float32), None


def main(table, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    writer = RestartWriter(cp)
    with jax.set_mesh(mesh):
        t = jax.device_put(table, NamedSharding(mesh, writer.place_spec))
        t = drift(t, 0.01)
        whole = writer.write(1, t)
    return whole


if __name__ == "__main__":
    main(*inputs())
