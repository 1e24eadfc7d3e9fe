"""A module def assigned in a class body (`score = _scaled`) is a method: read through `self` it
receives the object first, and reads its temperature from it."""
import jax
from jax.sharding import PartitionSpec as P


def _scaled(self, v):
    return v * self.temperature  # SF106


class Scorer:
    temperature = 0.5
    score = _scaled

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.score(full)


def run(mesh, x):
    return jax.shard_map(Scorer().body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
