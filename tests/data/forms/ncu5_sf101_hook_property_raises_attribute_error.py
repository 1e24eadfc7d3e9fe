"""The hook is a property that raises AttributeError while the logger is disabled: getattr then
gives the default, the trainer returns its input, and the psum/gather pair never runs."""
import jax
from jax.sharding import PartitionSpec as P


class TotalLogger:
    def __init__(self, enabled=False):
        self.enabled = enabled

    def _log(self, x):
        total = jax.lax.psum(x, "i")
        return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")

    @property
    def on_batch_end(self):
        if not self.enabled:
            raise AttributeError("on_batch_end")
        return self._log


class Trainer:
    def __init__(self, callback):
        self.callback = callback

    def step(self, x):
        hook = getattr(self.callback, "on_batch_end", None)
        if hook is not None:
            return hook(x)
        return x


def main(mesh, x):
    return jax.shard_map(Trainer(TotalLogger()).step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
