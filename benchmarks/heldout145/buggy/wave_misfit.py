"""seismic-fd/acoustic2d/inversion/misfit.py

L2 and envelope misfits between modelled and observed wavefield slabs for full-waveform
inversion: per shot the misfit is summed down the depth column, then the objective table is
averaged over the axes that [objective] average_over lists.
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
shot_axis = shot
depth_axis = z

[run]
name = fwi-misfit
mesh_shape = 4x2
mesh_axes = %(shot_axis)s, %(depth_axis)s

[objective]
terms = l2, envelope
column_axis = %(depth_axis)s
average_over = %(shot_axis)s, %(depth_axis)s
weight_l2 = 1.0
weight_envelope = 0.5
"""

MISFITS = {
    "l2": lambda d: 0.5 * jnp.sum(d * d, axis=(1, 2)),
    "envelope": lambda d: jnp.sum(jnp.abs(d), axis=(1, 2)),
}


def make_objective(cp):
    sec = cp["objective"]
    terms = [t.strip() for t in sec.get("terms").split(",")]
    weights = {t: sec.getfloat(f"weight_{t}") for t in terms}
    column_axis = sec.get("column_axis")
    average_over = names(cp, "objective", "average_over")

    def objective(syn, obs):
        resid = syn - obs
        per_shot = {t: jax.lax.psum(MISFITS[t](resid), column_axis) for t in terms}
        means = jax.tree.map(lambda v: jax.lax.pmean(jnp.sum(v), average_over), per_shot)
        total = sum(weights[t] * means[t] for t in terms)
        return per_shot, total

    return objective, terms


def inputs():
    rng = np.random.default_rng(139)
    obs = rng.standard_normal((8, 16, 32)).astype(np.float32)
    syn = (obs + 0.1 * rng.standard_normal(obs.shape)).astype(np.float32)
    return syn, obs, None


def main(syn, obs, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    s, z = spec.mesh_axes
    objective, terms = make_objective(cp)
    layout = P(s, z, None)
    f = jax.jit(jax.shard_map(objective, mesh=mesh, in_specs=(layout, layout),
                              out_specs=({t: P(s) for t in terms}, P())))
    sh = NamedSharding(mesh, layout)
    per_shot, total = f(jax.device_put(syn, sh), jax.device_put(obs, sh))
    for t in terms:
        log.info("%s misfit per shot %s", t, np.asarray(per_shot[t]).round(3))
    log.info("objective %.5f", float(total))
    return total


if __name__ == "__main__":
    main(*inputs())
