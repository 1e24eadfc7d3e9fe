"""The lambda `__init__` stores is replaced on the object before the body runs: the call runs the
replacement (harmless), not the division the constructor stored."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Quantiser:
    def __init__(self, step=0.5):
        self.step = step
        self.snap = lambda v: jnp.round(v / self.step)

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.snap(full)


def run(mesh, x):
    q = Quantiser()
    q.snap = lambda v: v
    return jax.shard_map(q.body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
