import jax
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, axis):
        self.axis = axis
        self.hooks = []

    def add_hook(self, fn):
        self.hooks.append(fn)
        return fn

    def step(self, x):
        logs = {"loss": jax.lax.psum(x.sum(axis=1), self.axis), "table": x}
        for hook in self.hooks:
            logs = hook(self, logs)
        return logs["table"]


def loss_table(trainer, logs):
    return {**logs, "table": jax.lax.all_gather(logs["loss"], trainer.axis, to="reduced")}


def main(mesh, x):
    trainer = Trainer("j")
    fn = jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))
    out = fn(x)  # traced with no hook yet: the gather never runs
    trainer.add_hook(loss_table)
    return out
