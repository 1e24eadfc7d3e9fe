"""Strategies chosen by name; DDP reduces the loss, then gathers it for the progress bar."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRATEGY_REGISTRY = {}


def register_strategy(name):
    def deco(cls):
        STRATEGY_REGISTRY[name] = cls
        cls.strategy_name = name
        return cls
    return deco


class Strategy:
    axis_names = ("dp", "tp")
    mesh_shape = (4, 2)

    def __init__(self):
        self.mesh = jax.make_mesh(self.mesh_shape, self.axis_names)

    def reduce(self, tensor, reduce_op="mean"):
        return tensor

    def all_gather(self, tensor):
        return tensor

    def run(self, fn, *args, in_specs, out_specs):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs)(*args)


@register_strategy("ddp")
class DDPStrategy(Strategy):
    data_axis = "dp"

    def reduce(self, tensor, reduce_op="mean"):
        fx = jax.lax.pmean if reduce_op == "mean" else jax.lax.psum
        return fx(tensor, self.data_axis)

    def all_gather(self, tensor):
        return jax.lax.all_gather(tensor, self.data_axis, tiled=True, to="reduced")


class Trainer:
    def __init__(self, strategy="ddp"):
        self.strategy = STRATEGY_REGISTRY[strategy]()

    def training_step(self, batch):
        loss = jnp.mean(batch ** 2, axis=0)
        loss = self.strategy.reduce(loss, "mean")
        return self.strategy.all_gather(loss)

    def fit(self, batch):
        batch = jax.device_put(batch, NamedSharding(self.strategy.mesh, P("dp", "tp")))
        return self.strategy.run(self.training_step, batch, in_specs=P("dp", "tp"),
                                 out_specs=P("tp", reduced={"dp"}))


def inputs():
    return (np.random.default_rng(15).normal(size=(8, 4)).astype(np.float32),)


def main(batch):
    return Trainer(strategy="ddp").fit(batch)


if __name__ == "__main__":
    main(*inputs())
