"""cfd-spectral/transforms/pencil_transpose.py

Forward 2-D FFT by pencils: transform the local direction, all_to_all to swap the split
direction, transform the other.  [fft] keep_lines makes every rank keep the full set of lines
of the first pass (used by the line-statistics hook) before the transpose.
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
batch_axis = px
line_axis = py

[run]
name = pencil-fft
mesh_shape = 2x4
mesh_axes = %(batch_axis)s, %(line_axis)s

[fft]
keep_lines = off
transpose_axis = %(line_axis)s
"""

OVERRIDES = """
[fft]
keep_lines = "off"
"""


@dataclass
class PencilFFT:
    transpose_axis: str
    keep_lines: bool

    def __post_init__(self):
        if not self.transpose_axis:
            raise ValueError("[fft] transpose_axis is empty")

    def first_pass(self, u):
        lines = jnp.fft.fft(u, axis=1)
        if self.keep_lines:
            lines = jax.lax.all_gather(lines, self.transpose_axis, axis=2, tiled=True, to="reduced")
        return lines

    def transpose(self, uh):
        return jax.lax.all_to_all(uh, self.transpose_axis, 1, 2, tiled=True)

    def __call__(self, u):
        uh = self.first_pass(u.astype(jnp.complex64))
        uh = self.transpose(uh)
        uh = jnp.fft.fft(uh, axis=2)
        return jnp.abs(uh)


def build(cp):
    return PencilFFT(cp.get("fft", "transpose_axis"), cp.getboolean("fft", "keep_lines"))


def inputs():
    x = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    u = np.stack([np.sin(m * x)[:, None] * np.cos(x)[None, :] for m in range(1, 5)])
    return u.astype(np.float32), OVERRIDES


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    fft = build(cp)
    layout = P(spec.mesh_axes[0], None, spec.mesh_axes[1])
    out = P(spec.mesh_axes[0], spec.mesh_axes[1], None)
    f = jax.jit(jax.shard_map(fft, mesh=mesh, in_specs=layout, out_specs=out))
    amp = f(jax.device_put(u, NamedSharding(mesh, layout)))
    peak = np.unravel_index(int(np.argmax(np.asarray(amp)[0])), amp.shape[1:])
    log.info("dominant mode of field 0: %s", peak)
    return amp


if __name__ == "__main__":
    main(*inputs())
