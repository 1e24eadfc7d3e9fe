"""A subclass sets the hook name to None as a class attribute, hiding the base method."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class TotalLogger:
    def on_batch_end(self, x):
        return jax.lax.psum(x, "i")


class QuietLogger(TotalLogger):
    on_batch_end = TotalLogger.on_batch_end


class Trainer:
    def __init__(self, callback):
        self.callback = callback

    def step(self, x):
        hook = getattr(self.callback, "on_batch_end", None)
        if hook is not None:
            x = hook(x)
        return jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(Trainer(QuietLogger()).step, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
