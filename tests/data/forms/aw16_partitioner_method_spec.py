"""A t5x-like partitioner keeps logical-to-mesh rules in a dict field and writes specs with a
method (`part.logical_spec("embed", "mlp")`); the body gathers the weight in two stages, the
second over an axis the first left reduced."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

RULES = (("embed", "i"), ("mlp", "j"), ("batch", None))


class Partitioner:
    def __init__(self, rules=RULES):
        self.rules = dict(rules)

    def logical_spec(self, *logical):
        axes = tuple(self.rules[name] for name in logical)
        return P(*axes)


def gather_params(w):
    rows = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, ("i", "j"), axis=1, tiled=True, to="reduced")  # SF102


def run(mesh, x):
    part = Partitioner()
    f = jax.shard_map(gather_params, mesh=mesh, in_specs=part.logical_spec("embed", "mlp"),
                      out_specs=P(None, None, reduced={"i", "j"}))
    return f(jnp.asarray(x))
