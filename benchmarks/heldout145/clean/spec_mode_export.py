"""cfd-spectral/io/mode_export.py

Exports the low-wavenumber block of each field of the spectral ensemble: the fields (batched
over `px`, lines split over `py`) are regathered so every rank keeps its batch slab with the
lines whole, inside the solver's mesh context, as [export] of the run file lays out.
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
batch_axis = px
line_axis = py

[run]
name = mode-export
mesh_shape = 2x4
mesh_axes = %(batch_axis)s, %(line_axis)s

[placement]
fields = ["%(batch_axis)s", null, "%(line_axis)s"]

[export]
layout = ["%(batch_axis)s", null, null]
reduced = ["%(line_axis)s"]
kmax = 4
"""


def spec_from(cp, section, key, reduced_key=None):
    entries = json.loads(cp.get(section, key))
    red = json.loads(cp.get(section, reduced_key)) if reduced_key else []
    return P(*entries, reduced=set(red))


@jax.jit
def smooth(u):
    return 0.5 * u + 0.25 * jnp.tanh(u)


class ModeExporter:
    def __init__(self, cp):
        self.place = spec_from(cp, "placement", "fields")
        self.out = spec_from(cp, "export", "layout", "reduced")
        self.kmax = cp.getint("export", "kmax")
        self.blocks = []

    def export(self, u):
        whole = top_level_all_gather(u, self.out)
        host = np.asarray(jax.device_get(whole))
        modes = np.fft.fft2(host)[:, : self.kmax, : self.kmax]
        self.blocks.append(np.abs(modes))
        return whole


def inputs():
    x = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    u = np.stack([np.sin(m * x)[:, None] * np.cos(x)[None, :] for m in range(1, 5)])
    return u.astype(np.float32), None


def main(u, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    exporter = ModeExporter(cp)
    with jax.set_mesh(mesh):
        us = jax.device_put(u, NamedSharding(mesh, exporter.place))
        us = smooth(us)
        exporter.export(us)
    log.info("exported %d blocks, peak mode %.3f", len(exporter.blocks), exporter.blocks[-1].max())
    return exporter.blocks[-1]


if __name__ == "__main__":
    main(*inputs())
