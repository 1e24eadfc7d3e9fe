"""__init__ stores None in an instance attribute named like the method: getattr finds the
instance attribute first, so the hook is None and the step returns its input."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class TotalLogger:
    def __init__(self, enabled=False):
        if not enabled:
            self.on_batch_end = None

    def on_batch_end(self, x):
        return jax.lax.psum(x, "i")


class Trainer:
    def __init__(self, callback):
        self.callback = callback

    def step(self, x):
        hook = getattr(self.callback, "on_batch_end", None)
        if hook is not None:
            x = hook(x)
        return jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(Trainer(TotalLogger()).step, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
