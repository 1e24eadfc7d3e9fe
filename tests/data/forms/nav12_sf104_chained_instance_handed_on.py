import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer(object):
    def __init__(self, mesh):
        self.mesh = mesh
        self.state = None

    def fit(self, x):
        self.state = jax.device_put(x, NamedSharding(self.mesh, P("i")))
        return self

    def summary(self):
        return top_level_all_gather(self.state, P(None, reduced={"i"}))  # none: the fitted trainer is summarised under the mesh


def summarize_on(mesh, trainer):
    with jax.set_mesh(mesh):
        return trainer.summary()


def main(mesh, x):
    fitted = Trainer(mesh).fit(x)
    return summarize_on(mesh, fitted)


if __name__ == "__main__":
    import numpy as np
    trainer = Trainer(jax.make_mesh((2, 4), ("i", "j")))
    main(trainer.mesh, np.ones((8, 8), np.float32))
