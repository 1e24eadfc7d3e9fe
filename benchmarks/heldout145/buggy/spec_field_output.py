"""cfd-spectral/io/field_output.py

Writes vorticity fields of the spectral solver: the field ensemble (batched over `px`, split
along its lines over `py`) is regathered whole per ensemble member for the HDF5-like writer.
[output] says whether the writer runs inside the solver's mesh context.
"""
import contextlib

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
batch_axis = px
line_axis = py

[run]
name = field-output
mesh_shape = 2x4
mesh_axes = %(batch_axis)s, %(line_axis)s

[output]
context_mesh = false
keep_axis = %(batch_axis)s
gather_axis = %(line_axis)s
"""


def vorticity(u, v):
    n = u.shape[-1]
    k = jnp.fft.fftfreq(n, d=1.0 / n)
    dv_dx = jnp.fft.ifft(1j * k[:, None] * jnp.fft.fft(v, axis=-2), axis=-2).real
    du_dy = jnp.fft.ifft(1j * k[None, :] * jnp.fft.fft(u, axis=-1), axis=-1).real
    return dv_dx - du_dy


class FieldWriter:
    def __init__(self, cp):
        sec = cp["output"]
        self.in_context = sec.getboolean("context_mesh")
        self.out_spec = P(sec.get("keep_axis"), None, None, reduced={sec.get("gather_axis")})
        self.frames = []

    def context(self, mesh):
        return jax.set_mesh(mesh) if self.in_context else contextlib.nullcontext()

    def write(self, w):
        whole = top_level_all_gather(w, self.out_spec)
        self.frames.append(float(np.abs(np.asarray(jax.device_get(whole))).max()))
        return whole


def inputs():
    x = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    u = np.stack([np.sin(m * x)[None, :].repeat(32, 0) for m in range(1, 5)]).astype(np.float32)
    v = np.stack([np.cos(m * x)[:, None].repeat(32, 1) for m in range(1, 5)]).astype(np.float32)
    return u, v, None


def main(u, v, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    writer = FieldWriter(cp)
    w = jax.jit(vorticity)(u, v)
    layout = NamedSharding(mesh, P(spec.mesh_axes[0], None, spec.mesh_axes[1]))
    w = jax.device_put(w, layout)
    with writer.context(mesh):
        whole = writer.write(w)
    log.info("wrote %d frames, peak vorticity %.3f", len(writer.frames), writer.frames[-1])
    return whole


if __name__ == "__main__":
    main(*inputs())
