"""A span-logging callback of a receipt entity tagger, ported from a Lightning trainer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("data", "seq"))


class Strategy:
    def all_gather(self, t, group="data", sync_grads=False):
        return jax.lax.all_gather(t, group, tiled=True, to="reduced" if sync_grads else "varying")


class SpanLogger:
    def __init__(self, groups):
        self.groups = groups
        self.history = []

    def on_predict_batch_end(self, trainer, spans):
        local = trainer.strategy.all_gather(spans, group=self.groups[0], sync_grads=True)
        self.history.append(trainer.strategy.all_gather(local, group=self.groups[1], sync_grads=True))


class Trainer:
    def __init__(self, callbacks):
        self.strategy = Strategy()
        self.callbacks = callbacks

    def predict_step(self, emissions):
        spans = jnp.argmax(emissions, axis=-1).astype(jnp.float32)
        for cb in self.callbacks:
            hook = getattr(cb, "on_predict_batch_end", None)
            if hook:
                hook(self, spans)
        return self.callbacks[0].history[-1]


def inputs():
    rng = np.random.default_rng(51)
    em = rng.normal(size=(8, 12, 5)).astype(np.float32)
    return (jax.device_put(em, NamedSharding(MESH, P("data", "seq", None))),)


def main(emissions):
    trainer = Trainer([SpanLogger(groups=["data", ("seq", "data")])])
    fn = jax.shard_map(trainer.predict_step, mesh=MESH, in_specs=P("data", "seq", None),
                       out_specs=P(None, None, reduced={"data", "seq"}))
    print("logged spans:", fn(emissions).shape)


if __name__ == "__main__":
    main(*inputs())
