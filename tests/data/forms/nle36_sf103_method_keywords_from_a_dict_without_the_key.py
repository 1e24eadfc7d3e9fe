"""Near miss of le30: the stored dict does not hold `strategy`, so the method's default 'none'
applies and the value handed to all_to_all is the varying input."""
import jax
from jax.sharding import PartitionSpec as P


class Tagger:
    def __init__(self, strategy="none"):
        self._forward_params = {"mode": strategy}

    def aggregate_first(self, x):
        return jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")

    def aggregate_none(self, x):
        return x

    def _forward(self, mesh, x, strategy="none", mode=None):
        aggregate = getattr(self, f"aggregate_{strategy}")

        def tag(v):
            entities = aggregate(v)
            return jax.lax.all_to_all(entities, "j", 0, 0, tiled=True)

        return jax.shard_map(tag, mesh=mesh, in_specs=P("i", "j"), out_specs=P(("i", "j"), None))(x)

    def __call__(self, mesh, x):
        return self._forward(mesh, x, **self._forward_params)


def main(mesh, x):
    return Tagger(strategy="first")(mesh, x)
