"""Entry point: row sums over cfg.axis, then a reduced gather over cfg.axis after a generic helper moves the backing field (setattr on "_" + name)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PhaseCfg:
    def __init__(self, axis: str = "data", then: str = "model"):
        self._axis = axis
        self.then = then

    @property
    def axis(self) -> str:
        return self._axis


def move(obj, name, value):
    setattr(obj, "_" + name, value)


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), PhaseCfg(), np.ones((8, 8), np.float32)


def main(mesh, cfg: PhaseCfg, g):
    spec = P(cfg.axis, "model")
    g = jax.device_put(g, NamedSharding(mesh, spec))

    def sync(g):
        total = jax.lax.psum(g, cfg.axis)
        move(cfg, "axis", cfg.then)
        return jax.lax.all_gather(total, cfg.axis, to="reduced", tiled=True, axis=1)

    out = jax.shard_map(sync, mesh=mesh, in_specs=spec, out_specs=P(None, None, reduced={"model"}))(g)
    return float(np.asarray(out).sum())
