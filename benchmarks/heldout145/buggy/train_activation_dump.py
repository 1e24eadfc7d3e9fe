"""mlp-scaling/analysis/activation_dump.py

Dumps hidden activations of the tensor-parallel MLP for the probing notebooks.  The hidden
units are split over `model`, the batch over `data`; [dump] decides how rows are assembled.
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
data_axis = data
model_axis = model

[run]
name = mlp-actdump
mesh_shape = 4x2
mesh_axes = %(data_axis)s, %(model_axis)s

[dump]
units_first = true
units_axis = %(model_axis)s
rows_axes = %(data_axis)s, %(model_axis)s
layers = hidden, pre
"""


class ActivationDump:
    def __init__(self, cp):
        sec = cp["dump"]
        self.units_first = sec.getboolean("units_first")
        self.units_axis = sec.get("units_axis")
        self.rows_axes = names(cp, "dump", "rows_axes")
        self.layers = [s.strip() for s in sec.get("layers").split(",")]

    def assemble(self, a):
        if self.units_first:
            a = jax.lax.all_gather(a, self.units_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(a, self.rows_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, w1, x):
        pre = x @ w1
        acts = {"pre": pre, "hidden": jnp.tanh(pre)}
        return {name: self.assemble(acts[name]) for name in self.layers}


def inputs():
    rng = np.random.default_rng(83)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    w1 = (0.3 * rng.standard_normal((16, 32))).astype(np.float32)
    return w1, x, None


def main(w1, x, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    d, m = spec.mesh_axes
    dump = ActivationDump(cp)
    out = {name: P(None, None, reduced={d, m}) for name in dump.layers}
    f = jax.jit(jax.shard_map(dump, mesh=mesh, in_specs=(P(None, m), P(d, None)), out_specs=out))
    acts = f(jax.device_put(w1, NamedSharding(mesh, P(None, m))),
             jax.device_put(x, NamedSharding(mesh, P(d, None))))
    for name, a in acts.items():
        host = np.asarray(jax.device_get(a))
        log.info("%s: %s, mean %.4f", name, host.shape, host.mean())
    return acts


if __name__ == "__main__":
    main(*inputs())
