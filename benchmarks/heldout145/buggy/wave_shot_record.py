"""seismic-fd/acoustic2d/io/shot_record.py

Writes shot records (shot x depth x time) for the imaging code.  The records are regathered
so each writer host holds whole shots; the dimension names of the record are listed in
[record] dims, and the kept axis is looked up by name.
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
shot_axis = shot
depth_axis = z

[run]
name = acoustic-records
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s

[record]
dims = depth, shot, time
dim_axes = {"shot": "%(shot_axis)s", "depth": "%(depth_axis)s", "time": null}
keep = shot
"""


class RecordWriter:
    def __init__(self, cp):
        sec = cp["record"]
        self.dims = [d.strip() for d in sec.get("dims").split(",")]
        self.dim_axes = json.loads(sec.get("dim_axes"))
        self.keep = sec.get("keep")

    def placement(self, array_dims):
        return P(*(self.dim_axes[d] for d in array_dims))

    def out_spec(self):
        gathered = {a for d, a in self.dim_axes.items() if a and d != self.keep}
        return P(*(self.dim_axes[d] if d == self.keep else None for d in self.dims), reduced=gathered)

    def write(self, rec):
        spec = self.out_spec()
        whole = top_level_all_gather(rec, spec)
        host = np.asarray(jax.device_get(whole))
        log.info("record %s written with %s", host.shape, spec)
        return host


@jax.jit
def agc(rec):
    return rec / (1e-3 + jnp.sqrt(jnp.mean(rec * rec, axis=2, keepdims=True)))


def inputs():
    t = np.linspace(0.0, 1.0, 32)
    rec = np.stack([np.outer(np.linspace(1.0, 0.2, 16), np.sin(2 * np.pi * (k + 1) * t)) for k in range(8)])
    return rec.astype(np.float32), None


def main(rec, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    writer = RecordWriter(cp)
    with jax.set_mesh(mesh):
        r = jax.device_put(rec, NamedSharding(mesh, writer.placement(["shot", "depth", "time"])))
        r = agc(r)
        host = writer.write(r)
    return host


if __name__ == "__main__":
    main(*inputs())
