"""lattice-mc/ising2d/observables/energy.py

Energy per site of each replica chain, from the whole lattice of the chain.  How the rows are
assembled is set in [energy] (assemble = reduced keeps a reduced copy for the reweighting
gradient, invarying a plain replicated one).
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
name = ising-energy
mesh_shape = 2x4
mesh_axes = %(replica_axis)s, %(lattice_axis)s

[model]
coupling = 1.0
field = 0.0

[energy]
assemble = reduced
rows_axis = %(lattice_axis)s
"""


def bond_sum(s):
    return s * (jnp.roll(s, 1, axis=1) + jnp.roll(s, 1, axis=2))


def make_energy(cp):
    j = cp.getfloat("model", "coupling")
    h = cp.getfloat("model", "field")
    mode = cp.get("energy", "assemble")
    axis = cp.get("energy", "rows_axis")

    def energy(s):
        lattice = jax.lax.all_gather(s, axis, axis=1, tiled=True, to=mode)
        bonds = bond_sum(lattice)
        e = -j * bonds - h * lattice
        return jnp.sum(e, axis=(1, 2)) / (lattice.shape[1] * lattice.shape[2])

    red = {axis} if mode == "reduced" else set()
    return energy, red


def inputs():
    rng = np.random.default_rng(131)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(4, 16, 16))
    s[0] = 1.0
    return s, None


def main(s, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    c, r = spec.mesh_axes
    energy, red = make_energy(cp)
    f = jax.jit(jax.shard_map(energy, mesh=mesh, in_specs=P(c, r, None),
                              out_specs=P(c, reduced=red)))
    e = f(jax.device_put(s, NamedSharding(mesh, P(c, r, None))))
    host = np.asarray(jax.device_get(e))
    log.info("energy per site %s (ground state -2)", host.round(3))
    if host[0] > -1.99:
        log.warning("ordered chain 0 has energy %.3f", host[0])
    return e


if __name__ == "__main__":
    main(*inputs())
