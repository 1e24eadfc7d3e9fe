import jax
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh
        self._step = jax.jit(jax.shard_map(self._body, mesh=mesh, in_specs=P("i", "j"), out_specs=P()))

    def _body(self, batch):
        loss = jax.lax.pmean(batch, "j")
        return jax.lax.psum(loss, ("i", "j"))  # SF105

    def train_step(self, batch):
        return self._step(batch)


def run(mesh, x):
    return Trainer(mesh).train_step(x)
