"""lattice-mc/ising2d/observables/magnetisation.py

Replica-parallel 2-D Ising Metropolis sampler (checkerboard updates).  Replica chains are
split over `chain`, lattice rows over `row`.  The magnetisation per chain is collected for the
autocorrelation analysis along the axis given in [observables] (falling back to [halo]).
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
name = ising-magnetisation
mesh_shape = 2x4
mesh_axes = %(replica_axis)s, %(lattice_axis)s
steps = 3
seed = 5

[model]
beta = 0.44
coupling = 1.0

[halo]
axis = %(lattice_axis)s

[observables]
sum_axis = %(lattice_axis)s
"""


def neighbour_sum(s, axis_name):
    n = jax.lax.axis_size(axis_name)
    up = jax.lax.ppermute(s[:, -1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    down = jax.lax.ppermute(s[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    ext = jnp.concatenate([up, s, down], axis=1)
    return ext[:, :-2] + ext[:, 2:] + jnp.roll(s, 1, axis=2) + jnp.roll(s, -1, axis=2)


def sweep(s, u, beta, j, axis_name, row0):
    rows = row0 + jnp.arange(s.shape[1])[:, None]
    cols = jnp.arange(s.shape[2])[None, :]
    for colour in (0, 1):
        mask = ((rows + cols) % 2 == colour)[None]
        de = 2.0 * j * s * neighbour_sum(s, axis_name)
        flip = mask & (u[colour] < jnp.exp(-beta * de))
        s = jnp.where(flip, -s, s)
    return s


def make_sampler(cp):
    beta = cp.getfloat("model", "beta")
    j = cp.getfloat("model", "coupling")
    halo_axis = cp.get("halo", "axis")
    sum_axis = cp.get("observables", "sum_axis")
    collect_axis = cp.get("observables", "collect_axis", fallback=cp.get("halo", "axis"))

    def body(s, u):
        row0 = jax.lax.axis_index(halo_axis) * s.shape[1]
        s = sweep(s, u, beta, j, halo_axis, row0)
        m = jax.lax.psum(jnp.sum(s, axis=(1, 2)), sum_axis)
        series = jax.lax.all_gather(m, collect_axis, tiled=True, to="reduced")
        return s, series

    return body, collect_axis


def inputs():
    rng = np.random.default_rng(5)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(4, 16, 16))
    u = rng.uniform(size=(3, 2, 4, 16, 16)).astype(np.float32)
    return s, u, None


def main(s, u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    c, r = spec.mesh_axes
    body, collect_axis = make_sampler(cp)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(c, r, None), P(None, c, r, None)),
                              out_specs=(P(c, r, None), P(None, reduced={collect_axis}))))
    s = jax.device_put(s, NamedSharding(mesh, P(c, r, None)))
    for n in range(spec.steps):
        s, series = f(s, jax.device_put(u[n], NamedSharding(mesh, P(None, c, r, None))))
        log.info("sweep %d magnetisation %s", n, np.asarray(jax.device_get(series)))
    return s


if __name__ == "__main__":
    main(*inputs())
