import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer(object):
    def __init__(self, mesh):
        self.mesh = mesh
        self.state = None

    def fit(self, x):
        with jax.set_mesh(self.mesh):
            self.state = jax.device_put(x, NamedSharding(self.mesh, P("i"))) * 0.5
        return self

    def summary(self):
        return top_level_all_gather(self.state, P(None, reduced={"i"}))  # SF104: no context mesh on the way


def main(mesh, x):
    return Trainer(mesh).fit(x).summary()


if __name__ == "__main__":
    trainer = Trainer(jax.make_mesh((2, 4), ("i", "j")))
    trainer.fit(np.ones((8, 8), np.float32))
    print(trainer.summary(), main(trainer.mesh, np.ones((8, 8), np.float32)))
