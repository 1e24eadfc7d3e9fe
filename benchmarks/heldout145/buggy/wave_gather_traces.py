"""seismic-fd/acoustic2d/receivers/trace_gather.py

Records receiver traces of the acoustic propagator: each rank samples its depth slab at the
receiver depths, the depth profile of every shot is completed along `z` if [traces]
full_depth is set, and the shot gathers are collected over [traces] gather_axes.
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
shot_axis = shot
depth_axis = z

[run]
name = acoustic-traces
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s

[traces]
receiver_stride = 4
full_depth = yes
column_axis = %(depth_axis)s
gather_axes = %(shot_axis)s, %(depth_axis)s
"""


@dataclass
class TraceRecorder:
    stride: int
    full_depth: bool
    depth_axis: str
    gather_axes: tuple

    @classmethod
    def from_config(cls, cp):
        sec = cp["traces"]
        axes = names(cp, "traces", "gather_axes")
        return cls(sec.getint("receiver_stride"), sec.getboolean("full_depth"), sec.get("column_axis"),
                   axes if isinstance(axes, tuple) else (axes,))

    def sample(self, u):
        return u[:, :, :: self.stride]

    def __call__(self, u):
        tr = self.sample(u)
        if self.full_depth:
            tr = jax.lax.all_gather(tr, self.depth_axis, axis=1, tiled=True, to="reduced")
        flat = tr.reshape(tr.shape[0], -1)
        return jax.lax.all_gather(flat, self.gather_axes, axis=0, tiled=True, to="reduced")


def ricker(t, f0):
    a = (np.pi * f0 * (t - 1.0 / f0)) ** 2
    return (1.0 - 2.0 * a) * np.exp(-a)


def inputs():
    t = np.linspace(0.0, 1.0, 32)
    u = np.stack([np.outer(ricker(t[:16] + 0.05 * k, 4.0), np.cos(t * (k + 1))) for k in range(8)])
    return u.astype(np.float32), None


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    s, z = spec.mesh_axes
    rec = TraceRecorder.from_config(cp)
    layout = P(s, z, None)
    f = jax.jit(jax.shard_map(rec, mesh=mesh, in_specs=layout,
                              out_specs=P(None, None, reduced=set(rec.gather_axes))))
    traces = f(jax.device_put(u, NamedSharding(mesh, layout)))
    host = np.asarray(jax.device_get(traces))
    log.info("trace table %s, rms %.4f", host.shape, float(np.sqrt((host ** 2).mean())))
    return traces


if __name__ == "__main__":
    main(*inputs())
