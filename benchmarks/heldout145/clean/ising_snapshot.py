"""lattice-mc/ising2d/io/lattice_snapshot.py

Snapshots the lattice of the production chain (one chain, rows split over `row`, replicated
over `chain`) for the movie writer.  The regather layout comes from [snapshot].
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
replica_axis = chain
lattice_axis = row
every_axis = %(replica_axis)s, %(lattice_axis)s

[run]
name = ising-snapshot
mesh_shape = 2x4
mesh_axes = %(every_axis)s

[placement]
lattice = null, %(lattice_axis)s

[snapshot]
frames = 2
reduced_axes = %(lattice_axis)s
"""


def parse_entries(raw):
    out = []
    for item in raw.split(","):
        item = item.strip()
        out.append(None if item in ("null", "none", "") else item)
    return out


class MovieWriter:
    def __init__(self, cp):
        self.place = P(*parse_entries(cp.get("placement", "lattice")))
        red = names(cp, "snapshot", "reduced_axes")
        red = red if isinstance(red, tuple) else (red,)
        self.frame_spec = P(None, None, reduced=set(red))
        self.frames = []

    def frame(self, lattice):
        whole = top_level_all_gather(lattice, self.frame_spec)
        self.frames.append(np.asarray(jax.device_get(whole)) > 0)
        return whole


@jax.jit
def relax(s):
    return jnp.sign(s + 0.5 * jnp.tanh(s) + 1e-3)


def inputs():
    rng = np.random.default_rng(113)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(16, 32))
    return s, None


def main(s, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    movie = MovieWriter(cp)
    with jax.set_mesh(mesh):
        lat = jax.device_put(s.T.copy(), NamedSharding(mesh, movie.place))
        for _ in range(cp.getint("snapshot", "frames")):
            lat = relax(lat)
            movie.frame(lat)
    log.info("movie has %d frames, up fraction %.3f", len(movie.frames), movie.frames[-1].mean())
    return movie.frames[-1]


if __name__ == "__main__":
    main(*inputs())
