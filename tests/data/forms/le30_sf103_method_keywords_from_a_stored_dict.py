"""`__call__` hands a method the keywords `__init__` stored (`self._forward(x,
**self._forward_params)`): the dict holds `strategy="first"`, so the method picks the gathering
aggregator and the all_to_all meets a value reduced on 'j'."""
import jax
from jax.sharding import PartitionSpec as P


class Tagger:
    def __init__(self, strategy="none"):
        self._forward_params = {"strategy": strategy}

    def aggregate_first(self, x):
        return jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")

    def aggregate_none(self, x):
        return x

    def _forward(self, mesh, x, strategy="none"):
        aggregate = getattr(self, f"aggregate_{strategy}")

        def tag(v):
            entities = aggregate(v)
            return jax.lax.all_to_all(entities, "j", 0, 0, tiled=True)  # SF103

        return jax.shard_map(tag, mesh=mesh, in_specs=P("i", "j"), out_specs=P(("i", "j"), None))(x)

    def __call__(self, mesh, x):
        return self._forward(mesh, x, **self._forward_params)


def main(mesh, x):
    return Tagger(strategy="first")(mesh, x)
