"""lattice-mc/ising2d/io/config_dump.py

Dumps spin configurations of every replica chain for the cluster-analysis scripts.  Each
chain's lattice is completed along `row` when [dump] whole_lattice is set, then the dump is
collected over the axes named in [dump] collect.
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
replica_axis = chain
lattice_axis = row

[run]
name = ising-dump
mesh_shape = 2x4
mesh_axes = %(replica_axis)s, %(lattice_axis)s

[dump]
whole_lattice = true
collect = %(replica_axis)s, %(lattice_axis)s
pack_bits = true
"""


def pack(s):
    bits = (s > 0).astype(jnp.uint8)
    weights = (2 ** jnp.arange(8, dtype=jnp.uint8))
    return jnp.sum(bits.reshape(*bits.shape[:-1], -1, 8) * weights, axis=-1).astype(jnp.float32)


class Dumper:
    def __init__(self, cp):
        sec = cp["dump"]
        self.whole = sec.getboolean("whole_lattice")
        self.collect = names(cp, "dump", "collect")
        self.pack_bits = sec.getboolean("pack_bits")
        self.lattice_axis = cp.get("DEFAULT", "lattice_axis")

    def __call__(self, s):
        x = pack(s) if self.pack_bits else s
        if self.whole:
            x = jax.lax.all_gather(x, self.lattice_axis, axis=1, tiled=True, to="reduced")
        x = x.reshape(x.shape[0], -1)
        return jax.lax.all_gather(x, self.collect, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(107)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(4, 16, 16))
    return s, None


def main(s, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    c, r = spec.mesh_axes
    dump = Dumper(cp)
    collect = dump.collect if isinstance(dump.collect, tuple) else (dump.collect,)
    f = jax.jit(jax.shard_map(dump, mesh=mesh, in_specs=P(c, r, None),
                              out_specs=P(None, None, reduced=set(collect))))
    table = f(jax.device_put(s, NamedSharding(mesh, P(c, r, None))))
    host = np.asarray(jax.device_get(table))
    log.info("dumped %d configurations of %d bytes", host.shape[0], host.shape[1])
    return table


if __name__ == "__main__":
    main(*inputs())
