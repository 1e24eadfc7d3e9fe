"""lattice-mc/ising2d/update/checkerboard.py

Checkerboard Metropolis update with halo rows swapped along `row`.  The [update] section may
ask for a whole-lattice view (global_view) which the cluster-seeding heuristic reads; the
halo exchange then runs on that view.
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
name = ising-checkerboard
mesh_shape = 2x4
mesh_axes = %(replica_axis)s, %(lattice_axis)s
steps = 2

[model]
beta = 0.40

[update]
global_view = false
halo_axis = %(lattice_axis)s
"""

RUN_OVERRIDES = """
[model]
beta = 0.45

[update]
global_view = true
"""


def halo_rows(s, axis_name):
    n = jax.lax.axis_size(axis_name)
    above = jax.lax.ppermute(s[:, -1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    below = jax.lax.ppermute(s[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return above, below


def make_update(cp):
    beta = cp.getfloat("model", "beta")
    axis = cp.get("update", "halo_axis")
    global_view = cp.getboolean("update", "global_view")

    def update(s, u):
        view = s
        if global_view:
            view = jax.lax.all_gather(s, axis, axis=1, tiled=True, to="reduced")
        above, below = halo_rows(view, axis)
        local = s
        ext = jnp.concatenate([above, local, below], axis=1)
        nb = ext[:, :-2] + ext[:, 2:] + jnp.roll(local, 1, 2) + jnp.roll(local, -1, 2)
        rows = jax.lax.axis_index(axis) * s.shape[1] + jnp.arange(s.shape[1])[:, None]
        for colour in (0, 1):
            mask = ((rows + jnp.arange(s.shape[2])[None]) % 2 == colour)[None]
            accept = u[colour] < jnp.exp(-2.0 * beta * local * nb)
            local = jnp.where(mask & accept, -local, local)
        return local

    return update


def inputs():
    rng = np.random.default_rng(109)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(4, 16, 16))
    u = rng.uniform(size=(2, 4, 16, 16)).astype(np.float32)
    return s, u, RUN_OVERRIDES


def main(s, u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    c, r = spec.mesh_axes
    f = jax.jit(jax.shard_map(make_update(cp), mesh=mesh,
                              in_specs=(P(c, r, None), P(None, c, r, None)), out_specs=P(c, r, None)))
    s = jax.device_put(s, NamedSharding(mesh, P(c, r, None)))
    uu = jax.device_put(u, NamedSharding(mesh, P(None, c, r, None)))
    for n in range(spec.steps):
        s = f(s, uu)
        log.info("step %d: m = %.4f", n, float(jnp.mean(s)))
    return s


if __name__ == "__main__":
    main(*inputs())
