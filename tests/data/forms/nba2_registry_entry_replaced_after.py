"""A registry entry is replaced after the table is written: the key picks the replacement, which
returns the reduced value unchanged."""
import jax
from jax.sharding import PartitionSpec as P

NORMALISERS = {"half": lambda v: v / 2.0, "raw": lambda v: v}
NORMALISERS["half"] = lambda v: v


def run(mesh, x):
    def body(x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return NORMALISERS["half"](full)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
