"""Entry point: a phase tracker holding the config advances it between the two collectives."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PhaseCfg:
    def __init__(self, axis: str = "data", then: str = "model"):
        self._axis = axis
        self._then = then

    @property
    def axis(self) -> str:
        return self._axis


def advance(state):
    c = state["cfg"]
    c._axis = c._then


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return mesh, P(("data", "model")), PhaseCfg(), np.ones((8, 4), np.float32)


def main(mesh, spec, cfg: PhaseCfg, x):
    x = jax.device_put(x, NamedSharding(mesh, spec))
    state = {"cfg": cfg}

    def body(x):
        partial = jax.lax.psum(x, cfg.axis)
        advance(state)
        return jax.lax.all_gather(partial, cfg.axis, to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())
