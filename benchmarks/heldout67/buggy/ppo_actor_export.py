"""PPO: the actor's output projection is exported to the rollout engine's layout after each epoch."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ActorLayout:
    def __init__(self, train_axes=("batch", "model")):
        self.train_axes = train_axes

    @property
    def train(self):
        return P(None, self.train_axes)

    @property
    def rollout(self):
        return P(None, self.train_axes[-1], reduced={self.train_axes[0]})


class ActorExporter:
    def __init__(self, mesh, layout):
        self.mesh, self.layout = mesh, layout

    def __call__(self, proj):
        placed = jax.device_put(proj, NamedSharding(self.mesh, self.layout.train))
        return top_level_all_gather(placed, self.layout.rollout)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    return mesh, jnp.ones((4, 16))


def main(mesh, proj):
    with jax.set_mesh(mesh):
        return ActorExporter(mesh, ActorLayout())(proj)


if __name__ == "__main__":
    main(*inputs())
