"""nwp-ensembles/l96/io/forecast_archive.py

Archives Lorenz-96 ensemble forecasts.  The archive record is the whole ensemble state; with
[archive] full_rows the rows are completed along the grid first (for the quick-look plots),
then the record is collected over the axes in [archive] record_axes.
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
member_axis = member
grid_axis = grid

[run]
name = l96-archive
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s
steps = 2

[model]
forcing = 8.0
dt = 0.005

[archive]
full_rows = yes
row_axis = %(grid_axis)s
record_axes = %(member_axis)s, %(grid_axis)s
"""


def l96_rhs(x, forcing, axis_name):
    n = jax.lax.axis_size(axis_name)
    left = jax.lax.ppermute(x[:, -2:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    right = jax.lax.ppermute(x[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    e = jnp.concatenate([left, x, right], axis=1)
    return (e[:, 3:] - e[:, :-3]) * e[:, 1:-2] - x + forcing


@dataclass
class Archive:
    full_rows: bool
    row_axis: str
    record_axes: tuple

    def __post_init__(self):
        if isinstance(self.record_axes, str):
            self.record_axes = (self.record_axes,)

    def record(self, x):
        if self.full_rows:
            x = jax.lax.all_gather(x, self.row_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(x, self.record_axes, axis=0, tiled=True, to="reduced")


def make_forecast(cp):
    forcing = cp.getfloat("model", "forcing")
    dt = cp.getfloat("model", "dt")
    grid_axis = cp.get("DEFAULT", "grid_axis")
    arc = Archive(cp.getboolean("archive", "full_rows"), cp.get("archive", "row_axis"),
                  names(cp, "archive", "record_axes"))

    def forecast(x):
        for _ in range(4):
            x = x + dt * l96_rhs(x, forcing, grid_axis)
        return x, arc.record(x)

    return forecast, arc


def inputs():
    rng = np.random.default_rng(59)
    return (8.0 + rng.standard_normal((8, 40))).astype(np.float32), None


def main(x, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    forecast, arc = make_forecast(cp)
    layout = P(*spec.mesh_axes)
    f = jax.jit(jax.shard_map(forecast, mesh=mesh, in_specs=layout,
                              out_specs=(layout, P(None, None, reduced=set(arc.record_axes)))))
    x = jax.device_put(x, NamedSharding(mesh, layout))
    records = []
    for _ in range(spec.steps):
        x, rec = f(x)
        records.append(np.asarray(jax.device_get(rec)))
    log.info("archived %d records of shape %s", len(records), records[0].shape)
    return x


if __name__ == "__main__":
    main(*inputs())
