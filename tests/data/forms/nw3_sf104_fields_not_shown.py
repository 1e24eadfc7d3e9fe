import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer:
    def __init__(self, mesh, x):
        self.mesh = mesh
        self.w = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))

    def step(self):
        with jax.set_mesh(self.mesh):
            self.w = jax.reshard(self.w, P())

    def export(self):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(self.w, P(None, None))  # none


class Server:
    def __init__(self, mesh, x, spec):
        self.mesh = mesh
        self.w = jax.device_put(x, NamedSharding(mesh, spec))

    def gather(self):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(self.w, P(None, None))  # none

    # called on self: the instance is not shown
    def both(self):
        return self.gather()


def run(mesh, x):
    trainer = Trainer(mesh, x)
    trainer.step()
    server = Server(mesh, x, P())
    return trainer.export(), server.gather(), Server(mesh, x, P()).both()
