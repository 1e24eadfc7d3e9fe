"""nwp-ensembles/l96/io/member_export.py

Exports the ensemble for the verification suite: the member x grid state is regathered whole
on every rank (out layout from [export]; `multi_dim` as the run file says).
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
member_axis = member
grid_axis = grid

[run]
name = l96-export
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s

[export]
whole_axes = %(member_axis)s, %(grid_axis)s
multi_dim = no
"""


def export_settings(cp):
    axes = names(cp, "export", "whole_axes")
    axes = axes if isinstance(axes, tuple) else (axes,)
    out = P(None, None, reduced=set(axes))
    return out, cp.getboolean("export", "multi_dim")


@jax.jit
def damp(x):
    return x - 0.1 * (x - jnp.mean(x))


def export(x, cp):
    out, multi = export_settings(cp)
    log.info("export spec %s multi_dim=%s", out, multi)
    whole = top_level_all_gather(x, out, multi_dim=multi)
    return np.asarray(jax.device_get(whole))


def inputs():
    rng = np.random.default_rng(67)
    return (8.0 + rng.standard_normal((16, 40))).astype(np.float32), None


def main(x, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(*spec.mesh_axes)))
        xs = damp(xs)
        table = export(xs, cp)
    log.info("exported %s, mean %.3f", table.shape, table.mean())
    rows = [", ".join(f"{v:.2f}" for v in row[:4]) for row in table[:2]]
    for r in rows:
        log.info("  %s ...", r)
    return table


if __name__ == "__main__":
    main(*inputs())
