"""The same helper and class field; the body gathers its varying input, which JAX accepts."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AxisNames:
    batch: str = "i"
    report: str = "j"


def report(value, axis):
    return jax.lax.all_gather(value, axis, tiled=True, to="reduced")


def main(mesh, x):
    axes = AxisNames()

    def body(v):
        return report(v, axes.report)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
