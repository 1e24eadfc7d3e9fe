"""cfd-spectral/dealias/two_thirds.py

2/3-rule dealiasing diagnostics: the energy removed by the mask is summed per batch member
along the line axis, and the removed-energy table is scattered back over the axes in
[dealias] (each rank keeps its share for the adaptive-resolution controller).
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
both = %(batch_axis)s, %(line_axis)s

[run]
name = dealias
mesh_shape = 2x4
mesh_axes = %(both)s

[dealias]
fraction = 0.6667
line_sum = %(line_axis)s
scatter_axes = %(both)s
"""


def two_thirds_mask(n, fraction, rows):
    k = jnp.abs(jnp.fft.fftfreq(n, d=1.0 / n))
    kmax = fraction * n / 2
    return (k[:, None] <= kmax) & (k[rows][None, :] <= kmax)


def make_dealias(cp, n):
    fraction = cp.getfloat("dealias", "fraction")
    line_sum = names(cp, "dealias", "line_sum")
    scatter_axes = names(cp, "dealias", "scatter_axes")
    line_axis = cp.get("DEFAULT", "line_axis")

    def body(uh):
        rows = jax.lax.axis_index(line_axis) * uh.shape[2] + jnp.arange(uh.shape[2])
        mask = two_thirds_mask(n, fraction, rows)
        kept = jnp.where(mask[None], uh, 0.0)
        removed = jnp.sum(jnp.abs(uh - kept) ** 2, axis=(1, 2))
        per_member = jax.lax.psum(removed, line_sum)
        table = jnp.tile(per_member[:, None], (1, 8))
        share = jax.lax.psum_scatter(table, scatter_axes, scatter_dimension=1, tiled=True)
        return kept, share

    return body


def inputs():
    rng = np.random.default_rng(43)
    u = rng.standard_normal((4, 32, 32)).astype(np.float32)
    return u, None


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    b, l = spec.mesh_axes
    uh = jnp.fft.fft2(jnp.asarray(u)).astype(jnp.complex64)
    layout = P(b, None, l)
    f = jax.jit(jax.shard_map(make_dealias(cp, u.shape[1]), mesh=mesh, in_specs=layout,
                              out_specs=(layout, P(b, l))))
    kept, share = f(jax.device_put(uh, NamedSharding(mesh, layout)))
    log.info("removed energy share %s", np.asarray(share).round(2)[0])
    return kept, share


if __name__ == "__main__":
    main(*inputs())
