"""A lambda written in a class body (`scale = lambda self, v: ...`) is a method: through `self`
it gets the object first and reads the class's factor."""
import jax
from jax.sharding import PartitionSpec as P


class Scaler:
    FACTOR = 3.0
    scale = lambda self, v: v * self.FACTOR  # SF106  # noqa: E731

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.scale(full)


def run(mesh, x):
    return jax.shard_map(Scaler().body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
