import jax
from jax.sharding import PartitionSpec as P


class Trainer:
    class Ops:
        DATA = "i"
        MODEL = "j"

        @staticmethod
        def grad_sync(g):
            g = jax.lax.psum(g, Trainer.Ops.MODEL)
            return jax.lax.pmean(g, (Trainer.Ops.DATA, Trainer.Ops.MODEL))  # SF105

    def __init__(self, mesh):
        self.sync = jax.shard_map(self.Ops.grad_sync, mesh=mesh, in_specs=P("i", "j"), out_specs=P())


def run(mesh, x):
    return Trainer(mesh).sync(x)
