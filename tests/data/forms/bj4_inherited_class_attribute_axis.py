import jax
from jax.sharding import PartitionSpec as P


class BaseTrainer:
    data_axis = "i"
    model_axis = "j"

    def sync(self, value):
        return jax.lax.pmean(value, self.data_axis)  # SF103


class Trainer(BaseTrainer):
    def step(self, x):
        table = jax.lax.all_gather(x, self.data_axis, tiled=True, to="reduced")
        return self.sync(table)


class Probe(Trainer):
    def step(self, x):
        return jax.lax.all_gather(x, self.model_axis, tiled=True, to="reduced")  # SF101


def main(x):
    trainer, probe = Trainer(), Probe()
    mesh = jax.make_mesh((2, 4), (trainer.data_axis, trainer.model_axis))
    first = jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", None), out_specs=P())(x)
    second = jax.shard_map(probe.step, mesh=mesh, in_specs=P("i", None),
                           out_specs=P("i", None, reduced={"j"}))(x)
    return first, second
