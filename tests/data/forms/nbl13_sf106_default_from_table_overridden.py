"""The same helper, but the caller passes the factor: a gathered value, reduced like the other operand."""
import jax
from jax.sharding import PartitionSpec as P

REPORTING = {"ccy": "EUR", "fx": {"EUR": 0.92, "USD": 1.0}}


def to_reporting(values, fx=REPORTING["fx"][REPORTING["ccy"]]):
    return values * fx  # none


def strip(x):
    gathered = jax.lax.all_gather(x.sum(axis=1), "i", tiled=True, to="reduced")
    return to_reporting(gathered, fx=gathered)


def main(mesh, x):
    return jax.shard_map(strip, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j", reduced={"i"}))(x)
