"""mlp-scaling/eval/label_smoothing_eval.py

Evaluation of the tensor-parallel classifier with a label-smoothed cross-entropy.  When
[eval] full_logits is set, every rank first assembles the full class dimension of its batch
rows (the gather mode is the run file's) and scores them locally.
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
name = mlp-eval-smooth
mesh_shape = 4x2
mesh_axes = %(data_axis)s, %(model_axis)s

[eval]
smoothing = 0.1
full_logits = yes
logits_gather = invarying
classes = 8
"""


@dataclass
class EvalSpec:
    smoothing: float
    full_logits: bool
    gather: str
    classes: int

    def __post_init__(self):
        if self.gather not in ("varying", "reduced", "invarying"):
            raise ValueError(f"[eval] logits_gather: unknown mode {self.gather!r}")
        if not 0.0 <= self.smoothing < 1.0:
            raise ValueError("[eval] smoothing must be in [0, 1)")

    @classmethod
    def from_config(cls, cp):
        sec = cp["eval"]
        return cls(sec.getfloat("smoothing"), sec.getboolean("full_logits"), sec.get("logits_gather"),
                   sec.getint("classes"))


def make_eval(cp):
    ev = EvalSpec.from_config(cp)
    d = cp.get("DEFAULT", "data_axis")
    m = cp.get("DEFAULT", "model_axis")

    def evaluate(w, x, labels):
        logits = x @ w
        if ev.full_logits:
            logits = jax.lax.all_gather(logits, m, axis=1, tiled=True, to=ev.gather)
        logp = jax.nn.log_softmax(logits, axis=-1)
        target = (1.0 - ev.smoothing) * jax.nn.one_hot(labels, ev.classes) + ev.smoothing / ev.classes
        per_row = -jnp.sum(target * logp, axis=-1)
        return jax.lax.pmean(jnp.mean(per_row), d)

    return evaluate


def inputs():
    rng = np.random.default_rng(103)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    w = (0.2 * rng.standard_normal((16, 8))).astype(np.float32)
    labels = rng.integers(0, 8, 32).astype(np.int32)
    return w, x, labels, None


def main(w, x, labels, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    d, m = spec.mesh_axes
    specs = (P(None, m), P(d, None), P(d))
    f = jax.jit(jax.shard_map(make_eval(cp), mesh=mesh, in_specs=specs, out_specs=P()))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((w, x, labels), specs)]
    loss = f(*args)
    log.info("smoothed eval loss %.4f", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
