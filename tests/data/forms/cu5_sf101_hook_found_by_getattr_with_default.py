"""A Lightning-style trainer finds the callback's hook with `getattr(cb, "on_batch_end", None)`:
the class defines the method, so the default is never used and the hook runs (psum, then a
gather of the invariant total to reduced)."""
import jax
from jax.sharding import PartitionSpec as P


class TotalLogger:
    def on_batch_end(self, x):
        total = jax.lax.psum(x, "i")
        return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")  # SF101


class Trainer:
    def __init__(self, callback):
        self.callback = callback

    def step(self, x):
        hook = getattr(self.callback, "on_batch_end", None)
        if hook is not None:
            return hook(x)
        return x


def main(mesh, x):
    return jax.shard_map(Trainer(TotalLogger()).step, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)
