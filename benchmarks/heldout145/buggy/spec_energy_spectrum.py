"""cfd-spectral/turbulence/energy_spectrum.py

Shell-averaged kinetic-energy spectrum E(k) of an ensemble of 2-D periodic velocity fields.
Fields are batched over `px`, grid lines over `py`; the spectra are collected for the writer
as configured in [spectrum] (per-line first if collect_lines is on, then every axis).
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
name = energy-spectrum
mesh_shape = 2x4
mesh_axes = %(batch_axis)s, %(line_axis)s

[spectrum]
shells = 16
collect_lines = true
line_gather = %(line_axis)s
writer_axes = %(line_axis)s, %(batch_axis)s
"""


def shell_index(n, shells):
    k = np.fft.fftfreq(n, d=1.0 / n)
    kk = np.sqrt(k[:, None] ** 2 + k[None, :] ** 2)
    return np.minimum(kk.astype(np.int32), shells - 1)


class Spectrum:
    def __init__(self, cp, n):
        sec = cp["spectrum"]
        self.shells = sec.getint("shells")
        self.collect_lines = sec.getboolean("collect_lines")
        self.line_gather = names(cp, "spectrum", "line_gather")
        self.writer_axes = names(cp, "spectrum", "writer_axes")
        self.idx = jnp.asarray(shell_index(n, self.shells))
        self.line_axis = cp.get("DEFAULT", "line_axis")

    def local(self, u):
        uh = jnp.fft.fft(u, axis=1)
        rows = jax.lax.axis_index(self.line_axis) * u.shape[2] + jnp.arange(u.shape[2])
        shell = self.idx[:, rows]
        e = 0.5 * jnp.abs(uh) ** 2
        return jax.vmap(lambda ee: jnp.zeros((self.shells,), ee.dtype).at[shell].add(ee))(e)

    def __call__(self, u):
        spec = self.local(u)
        if self.collect_lines:
            spec = jax.lax.all_gather(spec, self.line_gather, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(spec, self.writer_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(41)
    u = rng.standard_normal((4, 32, 32)).astype(np.float32)
    return u, None


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    sp = Spectrum(cp, u.shape[1])
    layout = P(spec.mesh_axes[0], None, spec.mesh_axes[1])
    f = jax.jit(jax.shard_map(sp, mesh=mesh, in_specs=layout,
                              out_specs=P(None, None, reduced=set(spec.mesh_axes))))
    e = f(jax.device_put(u, NamedSharding(mesh, layout)))
    log.info("spectrum table %s, E(1)=%.3f", e.shape, float(np.asarray(e)[:, 1].sum()))
    return e


if __name__ == "__main__":
    main(*inputs())
