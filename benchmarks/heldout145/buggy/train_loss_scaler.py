"""mlp-scaling/train/loss_scaler.py

Dynamic loss scaling for the tensor-parallel MLP.  With [precision] master_copy on, each rank
keeps a whole (reduced) copy of its layer's weights along `model` and the overflow check
measures the weights from that copy.
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
name = mlp-lossscale
mesh_shape = 4x2
mesh_axes = %(data_axis)s, %(model_axis)s
steps = 2

[precision]
init_scale = 1024.0
master_copy = false
check_axis = %(model_axis)s
"""

MIXED_PRECISION = '{"precision": {"master_copy": true, "init_scale": 4096.0}}'


class LossScaler:
    def __init__(self, cp):
        sec = cp["precision"]
        self.scale = sec.getfloat("init_scale")
        self.master_copy = sec.getboolean("master_copy")
        self.check_axis = sec.get("check_axis")

    def weights_for_check(self, w):
        if self.master_copy:
            return jax.lax.all_gather(w, self.check_axis, axis=1, tiled=True, to="reduced")
        return w

    def finite(self, w, g):
        wc = self.weights_for_check(w)
        wn = jax.lax.psum(jnp.sum(wc * wc), self.check_axis)
        gn = jax.lax.psum(jnp.sum(g * g), self.check_axis)
        return jnp.isfinite(wn + gn)


def make_step(cp):
    d = cp.get("DEFAULT", "data_axis")
    m = cp.get("DEFAULT", "model_axis")
    scaler = LossScaler(cp)

    def loss_fn(w1, x, y):
        h = jax.lax.psum(jnp.sum(jnp.tanh(x @ w1), axis=1, keepdims=True), m)
        return jax.lax.pmean(jnp.mean((h - y) ** 2), d) * scaler.scale

    def step(w1, x, y):
        loss, g = jax.value_and_grad(loss_fn)(w1, x, y)
        g = jax.lax.pmean(g, d) / scaler.scale
        ok = scaler.finite(w1, g)
        return jnp.where(ok, w1 - 0.01 * g, w1), loss / scaler.scale

    return step


def inputs():
    rng = np.random.default_rng(89)
    x = rng.standard_normal((32, 8)).astype(np.float32)
    y = rng.standard_normal((32, 1)).astype(np.float32)
    w1 = (0.2 * rng.standard_normal((8, 16))).astype(np.float32)
    return w1, x, y, MIXED_PRECISION


def main(w1, x, y, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    d, m = spec.mesh_axes
    specs = (P(None, m), P(d, None), P(d, None))
    f = jax.jit(jax.shard_map(make_step(cp), mesh=mesh, in_specs=specs, out_specs=(specs[0], P())))
    w1, x, y = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((w1, x, y), specs))
    for n in range(spec.steps):
        w1, loss = f(w1, x, y)
        log.info("step %d loss %.5f", n, float(loss))
    return w1


if __name__ == "__main__":
    main(*inputs())
