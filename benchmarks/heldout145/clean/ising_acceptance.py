"""lattice-mc/ising2d/diagnostics/acceptance.py

Acceptance-rate bookkeeping for the Metropolis sampler: accepted flips are counted per chain
(summed over the lattice rows), and the overall rate is formed over the axes that
[acceptance] total_over lists.  Used by the beta-ladder tuner.
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
name = ising-acceptance
mesh_shape = 2x4
mesh_axes = %(replica_axis)s, %(lattice_axis)s

[model]
betas = 0.40, 0.42, 0.44, 0.46

[acceptance]
per_chain_over = %(lattice_axis)s
total_over = %(replica_axis)s
target = 0.3
"""


@dataclass
class AcceptanceSpec:
    per_chain_over: str
    total_over: tuple
    target: float

    def __post_init__(self):
        if isinstance(self.total_over, str):
            self.total_over = (self.total_over,)
        if not 0.0 < self.target < 1.0:
            raise ValueError("[acceptance] target must be a rate")


def local_accepts(s, u, beta):
    nb = jnp.roll(s, 1, 1) + jnp.roll(s, -1, 1) + jnp.roll(s, 1, 2) + jnp.roll(s, -1, 2)
    p = jnp.exp(-2.0 * beta[:, None, None] * s * nb)
    return jnp.sum((u < p).astype(jnp.float32), axis=(1, 2)), s.shape[1] * s.shape[2]


def make_counter(cp):
    acc = AcceptanceSpec(cp.get("acceptance", "per_chain_over"), names(cp, "acceptance", "total_over"),
                         cp.getfloat("acceptance", "target"))

    def count(s, u, beta):
        accepted, sites = local_accepts(s, u, beta)
        per_chain = jax.lax.psum(accepted, acc.per_chain_over)
        sites = jax.lax.psum(sites, acc.per_chain_over)
        rate = per_chain / sites
        overall = jax.lax.psum(jnp.sum(per_chain), acc.total_over)
        return rate, overall

    return count


def inputs():
    rng = np.random.default_rng(127)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(4, 16, 16))
    u = rng.uniform(size=(4, 16, 16)).astype(np.float32)
    return s, u, None


def main(s, u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    c, r = spec.mesh_axes
    betas = np.asarray([float(b) for b in cp.get("model", "betas").split(",")], np.float32)
    f = jax.jit(jax.shard_map(make_counter(cp), mesh=mesh,
                              in_specs=(P(c, r, None), P(c, r, None), P(c)), out_specs=(P(c), P())))
    sh = NamedSharding(mesh, P(c, r, None))
    rate, overall = f(jax.device_put(s, sh), jax.device_put(u, sh),
                      jax.device_put(betas, NamedSharding(mesh, P(c))))
    log.info("acceptance per beta %s, total accepted %d", np.asarray(rate).round(3), int(overall))
    return rate


if __name__ == "__main__":
    main(*inputs())
