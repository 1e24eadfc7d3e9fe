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


def main(mesh, x, with_table=False):
    trainer = Trainer("j")
    if with_table:
        @trainer.add_hook
        def loss_table(tr, logs):
            return {**logs, "table": jax.lax.all_gather(logs["loss"], tr.axis, to="reduced")}

    fn = jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))
    return fn(x)
