"""A callback whose `__init__` returns before the `if on_step is not None: self.on_step = on_step`
store: the method runs, not the function handed in, and the method's psum is valid."""
import jax
from jax.sharding import PartitionSpec as P


def gather_scores(v):
    total = jax.lax.psum(v, "i")
    return jax.lax.all_gather(total, "i", tiled=True, to="reduced")


class Callback:
    def __init__(self, on_step=None, enabled=True):
        self.enabled = enabled
        if not enabled:
            return
        if on_step is not None:
            self.on_step = on_step

    def on_step(self, v):
        return jax.lax.psum(v, "i")


def main(mesh, x):
    callback = Callback(on_step=gather_scores, enabled=False)

    def body(v):
        return callback.on_step(v)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
