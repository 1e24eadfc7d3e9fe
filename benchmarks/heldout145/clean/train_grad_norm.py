"""mlp-scaling/train/grad_norm_monitor.py

Data- and tensor-parallel MLP regression trainer with per-shard gradient-norm monitoring.
The monitor gathers the norms along the parameter-shard axis, which it picks from
[run] mesh_axes by the index in [monitor].
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
name = mlp-gradnorm
mesh_shape = 4x2
mesh_axes = %(data_axis)s, %(model_axis)s
steps = 3

[optimizer]
lr = 0.05

[monitor]
shard_axis_index = 1
"""


def forward(w1, w2, x, model_axis):
    h = jnp.tanh(x @ w1)
    return jax.lax.psum(h @ w2, model_axis)


def make_train_step(cp, spec):
    data_axis = cp.get("DEFAULT", "data_axis")
    model_axis = cp.get("DEFAULT", "model_axis")
    lr = cp.getfloat("optimizer", "lr")
    shard_axis = spec.mesh_axes[cp.getint("monitor", "shard_axis_index")]

    def loss_fn(w1, w2, x, y):
        err = forward(w1, w2, x, model_axis) - y
        return jax.lax.pmean(jnp.mean(err * err), data_axis)

    def train_step(w1, w2, x, y):
        loss, (g1, g2) = jax.value_and_grad(loss_fn, argnums=(0, 1))(w1, w2, x, y)
        g1 = jax.lax.pmean(g1, data_axis)
        g2 = jax.lax.pmean(g2, data_axis)
        sq = jnp.stack([jnp.sum(g1 * g1), jnp.sum(g2 * g2)])
        norms = jax.lax.all_gather(sq, shard_axis, tiled=True, to="reduced")
        return w1 - lr * g1, w2 - lr * g2, loss, norms

    return train_step, shard_axis


def inputs():
    rng = np.random.default_rng(79)
    x = rng.standard_normal((64, 16)).astype(np.float32)
    y = np.sin(x[:, :4]).astype(np.float32)
    w1 = (0.3 * rng.standard_normal((16, 32))).astype(np.float32)
    w2 = (0.3 * rng.standard_normal((32, 4))).astype(np.float32)
    return w1, w2, x, y, None


def main(w1, w2, x, y, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    d, m = spec.mesh_axes
    step, shard_axis = make_train_step(cp, spec)
    specs = (P(None, m), P(m, None), P(d, None), P(d, None))
    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=specs,
                              out_specs=(specs[0], specs[1], P(), P(None, reduced={shard_axis}))))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((w1, w2, x, y), specs)]
    for n in range(spec.steps):
        w1s, w2s, loss, norms = f(*args)
        args[:2] = [w1s, w2s]
        log.info("step %d loss %.4f grad norms %s", n, float(loss), np.asarray(norms).round(3))
    return args[0]


if __name__ == "__main__":
    main(*inputs())
