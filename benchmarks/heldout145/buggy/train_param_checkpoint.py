"""mlp-scaling/ckpt/zero_checkpoint.py

ZeRO-style optimizer-state checkpointing: the Adam moments are sharded over both mesh axes
(layout from [zero] in the run file) and regathered to the checkpoint layout, which keeps the
first dimension split over one axis so each host writes its own slab.
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
data_axis = data
model_axis = model

[run]
name = mlp-zero-ckpt
mesh_shape = 4x2
mesh_axes = %(data_axis)s, %(model_axis)s

[zero]
state_layout = [["%(data_axis)s", "%(model_axis)s"], null]

[checkpoint]
slab_axis = %(model_axis)s
"""


def state_spec(cp):
    entries = json.loads(cp.get("zero", "state_layout"))
    return P(*(tuple(e) if isinstance(e, list) else e for e in entries))


def slab_spec(cp, mesh_axes):
    slab = cp.get("checkpoint", "slab_axis")
    rest = {a for a in mesh_axes if a != slab}
    return P(slab, None, reduced=rest)


@jax.jit
def adam_moments(g, mu, nu):
    mu = 0.9 * mu + 0.1 * g
    nu = 0.999 * nu + 0.001 * g * g
    return mu, nu


def save(state, spec):
    out = {}
    for name, leaf in state.items():
        slab = top_level_all_gather(leaf, spec)
        out[name] = np.asarray(jax.device_get(slab)).copy()
        log.info("ckpt %s: %s", name, out[name].shape)
    return out


def inputs():
    rng = np.random.default_rng(97)
    g = rng.standard_normal((64, 8)).astype(np.float32)
    return g, None


def main(g, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    layout = state_spec(cp)
    with jax.set_mesh(mesh):
        g = jax.device_put(g, NamedSharding(mesh, layout))
        mu, nu = adam_moments(g, jnp.zeros_like(g), jnp.zeros_like(g))
        saved = save({"mu": mu, "nu": nu}, slab_spec(cp, spec.mesh_axes))
    return saved


if __name__ == "__main__":
    main(*inputs())
