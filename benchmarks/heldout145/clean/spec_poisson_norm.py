"""cfd-spectral/poisson/pencil_poisson.py

Pencil-decomposed spectral Poisson solver (2-D, periodic): FFT along the local direction,
all_to_all transpose, FFT along the other, divide by -k^2, and back.  A monitor records the
peak potential per column band on the axis named in [monitor].
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
axis = py
length = 6.283185307

[run]
name = pencil-poisson
mesh_shape = 2x4
mesh_axes = px, py

[transpose]
batch_axis = px
split_axis = 2
concat_axis = 1

[monitor]
axes = px
peak_over = %(axis)s
"""


def wavenumbers(n, length):
    return 2.0 * np.pi * np.fft.fftfreq(n, d=length / n)


def make_solver(cp, n):
    t_axis = cp.get("transpose", "axis")
    split = cp.getint("transpose", "split_axis")
    concat = cp.getint("transpose", "concat_axis")
    peak_over = cp.get("monitor", "peak_over")
    monitor_axis = cp.get("monitor", "axes")
    k = jnp.asarray(wavenumbers(n, cp.getfloat("DEFAULT", "length")), jnp.float32)

    def solve(rho):
        f = jnp.fft.fft(rho, axis=concat)
        f = jax.lax.all_to_all(f, t_axis, concat, split, tiled=True)
        f = jnp.fft.fft(f, axis=split)
        kx = k[jax.lax.axis_index(t_axis) * f.shape[1] + jnp.arange(f.shape[1])]
        k2 = kx[None, :, None] ** 2 + k[None, None, :] ** 2
        phi_hat = jnp.where(k2 > 0, -f / jnp.where(k2 > 0, k2, 1.0), 0.0)
        phi = jnp.fft.ifft(phi_hat, axis=split)
        phi = jax.lax.all_to_all(phi, t_axis, split, concat, tiled=True)
        phi = jnp.fft.ifft(phi, axis=concat).real
        peak = jax.lax.pmax(jnp.max(jnp.abs(phi), axis=(1, 2)), peak_over)
        trace = jax.lax.all_gather(peak, monitor_axis, tiled=True, to="reduced")
        return phi, trace

    return solve, cp.get("transpose", "batch_axis"), t_axis, monitor_axis


def inputs():
    n = 32
    x = np.linspace(0, 2 * np.pi, n, endpoint=False)
    modes = np.arange(1, 5)[:, None, None]
    rho = (np.sin(modes * x[None, :, None]) * np.cos(2 * x)[None, None, :]).astype(np.float32)
    return rho, None


def main(rho, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    solve, b_axis, t_axis, monitor_axis = make_solver(cp, rho.shape[1])
    layout = P(b_axis, None, t_axis)
    f = jax.jit(jax.shard_map(solve, mesh=mesh, in_specs=layout,
                              out_specs=(layout, P(None, reduced={monitor_axis}))))
    phi, trace = f(jax.device_put(rho, NamedSharding(mesh, layout)))
    log.info("max |phi| %.4f", float(jnp.max(jnp.abs(phi))))
    return phi


if __name__ == "__main__":
    main(*inputs())
