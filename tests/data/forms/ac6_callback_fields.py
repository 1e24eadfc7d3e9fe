import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

ACTIVATIONS = {
    "relu": lambda v: jax.nn.relu(v),  # SF106
    "linear": lambda v: v,
}


def squash(v):
    return jnp.tanh(v) * 0.5  # SF106


class Scorer:
    def __init__(self, activation="relu"):
        self.activation = ACTIVATIONS[activation]
        self.post = squash
        self.normalise = lambda v: v / 4.0  # SF106

    def scores(self, h):
        return jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")

    def activated(self, h):
        return self.activation(self.scores(h))

    def squashed(self, h):
        return self.post(self.scores(h))

    def normalised(self, h):
        return self.normalise(self.scores(h))

    def evaluate(self, mesh, x):
        out = P("i", None, reduced={"j"})
        return (jax.shard_map(self.activated, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x),
                jax.shard_map(self.squashed, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x),
                jax.shard_map(self.normalised, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x))


def run(mesh, x):
    return Scorer().evaluate(mesh, x)
