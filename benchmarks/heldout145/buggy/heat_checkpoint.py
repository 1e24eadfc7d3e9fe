"""hpc-apps/heat2d/io/checkpoint_gather.py

Writes restart checkpoints of the 2-D heat solver.  The field lives block-distributed;
for a checkpoint it is regathered to the layout named in [checkpoint] of the run file
(a JSON list, one entry per array dimension).
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
row_axis = x
col_axis = y

[run]
name = heat2d-checkpoint
mesh_shape = 2x4
mesh_axes = %(row_axis)s, %(col_axis)s
steps = 2

[physics]
alpha = 0.1

[checkpoint]
field_layout = ["%(row_axis)s", "%(col_axis)s"]
keep = %(col_axis)s
restart_layout = ["%(keep)s", null]
"""


def spec_from_json(cp, section, key, reduced=()):
    entries = json.loads(cp.get(section, key))
    return P(*(tuple(e) if isinstance(e, list) else e for e in entries), reduced=set(reduced))


def make_diffuse(mesh, layout, alpha):
    row_axis, col_axis = layout

    def halo(v, axis_name, dim):
        n = jax.lax.axis_size(axis_name)
        lo = jax.lax.slice_in_dim(v, v.shape[dim] - 1, v.shape[dim], axis=dim)
        hi = jax.lax.slice_in_dim(v, 0, 1, axis=dim)
        lo = jax.lax.ppermute(lo, axis_name, [(i, (i + 1) % n) for i in range(n)])
        hi = jax.lax.ppermute(hi, axis_name, [(i, (i - 1) % n) for i in range(n)])
        return jnp.concatenate([lo, v, hi], axis=dim)

    def body(u):
        ext = halo(halo(u, row_axis, 0), col_axis, 1)
        lap = ext[:-2, 1:-1] + ext[2:, 1:-1] + ext[1:-1, :-2] + ext[1:-1, 2:] - 4.0 * u
        return u + alpha * lap

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=layout, out_specs=layout))


class Checkpointer:
    def __init__(self, cp, mesh_axes):
        self.field_spec = spec_from_json(cp, "checkpoint", "field_layout")
        kept = set(json.loads(cp.get("checkpoint", "restart_layout"))) - {None}
        gathered = sorted(set(mesh_axes) - kept)
        self.restart_spec = spec_from_json(cp, "checkpoint", "restart_layout", gathered)
        self.saved = []

    def place(self, mesh, field):
        return jax.device_put(field, NamedSharding(mesh, self.field_spec))

    def save(self, u, step):
        blob = top_level_all_gather(u, self.restart_spec)
        host = np.asarray(jax.device_get(blob))
        self.saved.append((step, host.sum()))
        log.info("checkpoint %d: shape %s spec %s", step, host.shape, self.restart_spec)
        return blob


def inputs():
    rng = np.random.default_rng(21)
    return rng.standard_normal((16, 32)).astype(np.float32), None


def main(field, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    ckpt = Checkpointer(cp, spec.mesh_axes)
    with jax.set_mesh(mesh):
        u = ckpt.place(mesh, field)
        diffuse = make_diffuse(mesh, ckpt.field_spec, cp.getfloat("physics", "alpha"))
        for n in range(spec.steps):
            u = diffuse(u)
        blob = ckpt.save(u, spec.steps)
    log.info("saved %d checkpoints", len(ckpt.saved))
    return blob


if __name__ == "__main__":
    main(*inputs())
