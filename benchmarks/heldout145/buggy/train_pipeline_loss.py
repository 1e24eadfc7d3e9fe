"""mlp-scaling/train/sharded_loss.py

Tensor-parallel softmax cross-entropy for the MLP classifier: logits are split over `model`
along the class dimension, so the log-partition is formed with psums over `model`; the batch
loss is averaged over the axes in [loss] mean_axes.
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
all_axes = %(data_axis)s, %(model_axis)s

[run]
name = mlp-sharded-xent
mesh_shape = 4x2
mesh_axes = %(all_axes)s
steps = 2

[loss]
class_axis = %(model_axis)s
mean_axes = %(all_axes)s
lr = 0.1
"""


def sharded_xent(logits, labels_onehot, class_axis):
    mx = jax.lax.pmax(jnp.max(jax.lax.stop_gradient(logits), axis=1, keepdims=True), class_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - mx), axis=1, keepdims=True), class_axis)
    picked = jax.lax.psum(jnp.sum(logits * labels_onehot, axis=1, keepdims=True), class_axis)
    return (jnp.log(z) + mx - picked)[:, 0]


def make_step(cp):
    class_axis = cp.get("loss", "class_axis")
    mean_axes = names(cp, "loss", "mean_axes")
    lr = cp.getfloat("loss", "lr")
    data_axis = cp.get("DEFAULT", "data_axis")

    def loss_fn(w, x, y):
        per_example = sharded_xent(x @ w, y, class_axis)
        return jax.lax.pmean(jnp.mean(per_example), mean_axes)

    def step(w, x, y):
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        return w - lr * jax.lax.pmean(g, data_axis), loss

    return step


def inputs():
    rng = np.random.default_rng(101)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    labels = rng.integers(0, 8, 32)
    y = np.eye(8, dtype=np.float32)[labels]
    w = (0.1 * rng.standard_normal((16, 8))).astype(np.float32)
    return w, x, y, None


def main(w, x, y, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    d, m = spec.mesh_axes
    specs = (P(None, m), P(d, None), P(d, m))
    f = jax.jit(jax.shard_map(make_step(cp), mesh=mesh, in_specs=specs, out_specs=(specs[0], P())))
    w, x, y = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((w, x, y), specs))
    for n in range(spec.steps):
        w, loss = f(w, x, y)
        log.info("step %d xent %.4f", n, float(loss))
    return w


if __name__ == "__main__":
    main(*inputs())
