"""seismic-fd/acoustic2d/imaging/imaging_condition.py

Cross-correlation imaging condition for reverse-time migration: source and receiver
wavefield slabs (shots over `shot`, depth over `z`) are correlated, the image is stacked over
shots with psum_scatter so each rank keeps a depth share, and the illumination of each shot
is collected (reduced along `shot`) and squared for the compensation table.
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
name = rtm-imaging
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s

[imaging]
stack_axis = %(shot_axis)s
illum_axis = %(shot_axis)s
eps = 1.0e-3
"""


@dataclass
class ImagingSpec:
    stack_axis: str
    illum_axis: str
    eps: float

    def __post_init__(self):
        if self.eps <= 0:
            raise ValueError("[imaging] eps must be positive")

    @classmethod
    def from_config(cls, cp):
        sec = cp["imaging"]
        return cls(sec.get("stack_axis"), sec.get("illum_axis"), sec.getfloat("eps"))


def make_imaging(cp):
    im = ImagingSpec.from_config(cp)

    def image(src, rec):
        corr = jnp.sum(src * rec, axis=0)
        stacked = jax.lax.psum_scatter(corr, im.stack_axis, scatter_dimension=1, tiled=True)
        illum = jnp.sum(src * src, axis=(1, 2))
        table = jax.lax.all_gather(illum, im.illum_axis, tiled=True, to="reduced")
        return stacked, table * table

    return image, im


def inputs():
    rng = np.random.default_rng(167)
    src = rng.standard_normal((8, 16, 32)).astype(np.float32)
    rec = (0.5 * src + 0.1 * rng.standard_normal(src.shape)).astype(np.float32)
    return src, rec, None


def main(src, rec, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    s, z = spec.mesh_axes
    image, im = make_imaging(cp)
    layout = P(s, z, None)
    f = jax.jit(jax.shard_map(image, mesh=mesh, in_specs=(layout, layout),
                              out_specs=(P(z, s), P(z, reduced={im.illum_axis}))))
    sh = NamedSharding(mesh, layout)
    stacked, table = f(jax.device_put(src, sh), jax.device_put(rec, sh))
    img = np.asarray(stacked)
    log.info("image %s, peak %.3f", img.shape, float(np.abs(img).max()))
    return stacked


if __name__ == "__main__":
    main(*inputs())
