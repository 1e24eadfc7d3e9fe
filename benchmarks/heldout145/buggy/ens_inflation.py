"""nwp-ensembles/l96/assim/inflation.py

Relaxation-to-prior-spread inflation (RTPS) after the EnKF analysis.  With [inflation]
member_view = full each rank sees every member of its grid slice (how the old serial code
was written) and the spread is formed from that view.
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
name = l96-rtps
mesh_shape = 4x2
mesh_axes = %(member_axis)s, %(grid_axis)s

[inflation]
alpha = 0.7
member_view = local
view_gather = reduced
"""

ANALYSIS_OVERRIDES = """
[inflation]
member_view = "full"
"""


@dataclass
class RTPS:
    alpha: float
    full_view: bool
    gather_to: str
    member_axis: str

    def __post_init__(self):
        if not 0.0 <= self.alpha <= 1.0:
            raise ValueError(f"RTPS alpha out of range: {self.alpha}")

    def spread(self, x):
        if self.full_view:
            every = jax.lax.all_gather(x, self.member_axis, axis=0, tiled=True, to=self.gather_to)
            return jnp.std(every, axis=0)
        m = jax.lax.psum(x.shape[0], self.member_axis)
        mean = jax.lax.psum(jnp.sum(x, axis=0), self.member_axis) / m
        var = jax.lax.psum(jnp.sum((x - mean) ** 2, axis=0), self.member_axis) / m
        return jnp.sqrt(var)

    def __call__(self, prior, post):
        sp, sa = self.spread(prior), self.spread(post)
        factor = 1.0 + self.alpha * (sp - sa) / jnp.maximum(sa, 1e-6)
        mean = jax.lax.pmean(jnp.mean(post, axis=0), self.member_axis)
        return mean[None] + factor[None] * (post - mean[None])


def inputs():
    rng = np.random.default_rng(73)
    prior = (8.0 + rng.standard_normal((16, 40))).astype(np.float32)
    post = (prior.mean(0) + 0.4 * (prior - prior.mean(0))).astype(np.float32)
    return prior, post, ANALYSIS_OVERRIDES


def main(prior, post, overrides=None):
    setup_logging()
    cp = load_runfile(DEFAULT_RUNFILE, overrides)
    spec = RunSpec.from_config(cp)
    mesh = spec.make_mesh()
    sec = cp["inflation"]
    rtps = RTPS(sec.getfloat("alpha"), sec.get("member_view") == "full", sec.get("view_gather"),
                spec.mesh_axes[0])
    layout = P(*spec.mesh_axes)
    f = jax.jit(jax.shard_map(rtps, mesh=mesh, in_specs=(layout, layout), out_specs=layout))
    sh = NamedSharding(mesh, layout)
    out = f(jax.device_put(prior, sh), jax.device_put(post, sh))
    log.info("inflated spread %.4f", float(np.asarray(out).std(0).mean()))
    return out


if __name__ == "__main__":
    main(*inputs())
