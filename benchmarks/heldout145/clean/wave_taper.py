"""seismic-fd/acoustic2d/imaging/trace_taper.py

Prepares receiver traces for imaging: the depth traces of each shot are assembled along `z`
(the gather mode is in [taper]), amplitude-clipped at the run file's threshold, and tapered.
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
name = imaging-taper
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s

[taper]
assemble_axis = %(depth_axis)s
assemble_to = invarying
clip = 2.5
"""


@dataclass
class TaperSpec:
    axis: str
    mode: str
    clip: float

    def __post_init__(self):
        if self.clip <= 0:
            raise ValueError("[taper] clip must be positive")

    @classmethod
    def from_config(cls, cp):
        sec = cp["taper"]
        return cls(sec.get("assemble_axis"), sec.get("assemble_to"), sec.getfloat("clip"))


def cosine_taper(n, frac=0.2):
    w = np.ones(n, np.float32)
    k = max(1, int(frac * n))
    ramp = 0.5 * (1.0 - np.cos(np.linspace(0.0, np.pi, k)))
    w[:k], w[-k:] = ramp, ramp[::-1]
    return w


def make_prepare(cp):
    ts = TaperSpec.from_config(cp)

    def prepare(tr):
        column = jax.lax.all_gather(tr, ts.axis, axis=1, tiled=True, to=ts.mode)
        clipped = jnp.clip(column, -ts.clip, ts.clip)
        return clipped

    return prepare, ts


def inputs():
    rng = np.random.default_rng(149)
    tr = (1.5 * rng.standard_normal((8, 16, 32))).astype(np.float32)
    return tr, None


def main(tr, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    s, z = spec.mesh_axes
    prepare, ts = make_prepare(cp)
    red = {ts.axis} if ts.mode == "reduced" else set()
    f = jax.jit(jax.shard_map(prepare, mesh=mesh, in_specs=P(s, z, None),
                              out_specs=P(s, None, None, reduced=red)))
    out = np.asarray(jax.device_get(f(jax.device_put(tr, NamedSharding(mesh, P(s, z, None))))))
    out = out * cosine_taper(out.shape[2])[None, None, :]
    log.info("prepared traces %s, clipped fraction %.3f", out.shape, float((np.abs(tr) > ts.clip).mean()))
    return out


if __name__ == "__main__":
    main(*inputs())
