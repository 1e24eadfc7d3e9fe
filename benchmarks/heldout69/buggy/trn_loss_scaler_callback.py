"""Dynamic loss scaling as a trainer callback for a receipt-tagging model (AMP GradScaler port)."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("data", "seq"))


@dataclass
class ScalerState:
    scale: float = 2.0 ** 12
    growth_interval: int = 200
    axis: str = "data"


@dataclass
class GradScalerCallback:
    state: ScalerState = field(default_factory=ScalerState)

    def on_after_backward(self, trainer, grads):
        shared = jax.lax.all_gather(grads, self.state.axis, tiled=True, to="reduced")
        trainer.shared_grads = shared
        trainer.found_inf = self._found_inf(shared)

    def _found_inf(self, g):
        magnitude = jax.lax.psum(jnp.abs(g).sum(keepdims=True), self.state.axis)
        return ~jnp.isfinite(magnitude)


class Trainer:
    def __init__(self, callbacks):
        self.callbacks = callbacks
        self.found_inf = None

    def training_step(self, tokens, w):
        w = jax.lax.pcast(w, "data", to="varying")
        grads = jax.grad(lambda w: jnp.mean(jax.nn.log_softmax(tokens @ w)))(w)
        for cb in self.callbacks:
            cb.on_after_backward(self, grads)
        return self.found_inf


def inputs():
    rng = np.random.default_rng(52)
    tokens = rng.normal(size=(8, 16)).astype(np.float32)
    w = rng.normal(size=(16, 6)).astype(np.float32)
    return (jax.device_put(tokens, NamedSharding(MESH, P("data", "seq"))),
            jax.device_put(w, NamedSharding(MESH, P("seq", None))))


def main(tokens, w):
    trainer = Trainer([GradScalerCallback()])
    fn = jax.shard_map(trainer.training_step, mesh=MESH, in_specs=(P("data", "seq"), P("seq", None)),
                       out_specs=P("seq"))
    print("found inf:", np.asarray(fn(tokens, w)))


if __name__ == "__main__":
    main(*inputs())
