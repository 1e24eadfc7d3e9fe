"""self.log(..., sync_dist=True) of a tensor-parallel loss, synced over the strategy's mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Strategy:
    def __init__(self, mesh):
        self.mesh = mesh

    def reduce(self, value, reduce_op):
        fn = {"mean": jax.lax.pmean, "sum": jax.lax.psum}[reduce_op]
        return fn(value, self.mesh.axis_names)


class Trainer:
    def __init__(self, strategy):
        self.strategy = strategy


class TPLitModule:
    def __init__(self, trainer, tp_axis="tensor"):
        self.trainer = trainer
        self.tp_axis = tp_axis
        self.logged = {}

    def log(self, name, value, sync_dist=False, reduce_fx="mean"):
        if sync_dist:
            value = self.trainer.strategy.reduce(value, reduce_fx)
        self.logged[name] = value

    def training_step(self, logits_shard, targets_shard):
        partial = jnp.sum((logits_shard - targets_shard) ** 2)
        loss = jax.lax.psum(partial, self.tp_axis)
        self.log("train_loss", loss, sync_dist=True)
        return self.logged


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(logits, targets):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    spec = P(("data", "fsdp"), "tensor")
    logits, targets = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (logits, targets))
    module = TPLitModule(Trainer(Strategy(mesh)))
    return jax.shard_map(module.training_step, mesh=mesh, in_specs=(spec, spec),
                         out_specs={"train_loss": P()})(logits, targets)


if __name__ == "__main__":
    main(*inputs())
