"""GROUP BY ROLLUP: per-column-group subtotals, then the grand table every partition can read."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Schema:
    row_axis: str = "rows"
    column_axis: str = "cols"
    partition_axes: tuple = ("rows", "cols")


def subtotals(block, schema):
    return jax.lax.all_gather(block.sum(axis=0, keepdims=True), schema.column_axis,
                              axis=1, tiled=True, to="reduced")


def grand_table(block, schema):
    level1 = subtotals(block, schema)
    return jax.lax.all_gather(level1, schema.partition_axes, axis=0, tiled=True, to="reduced")


def rollup(block, schema=Schema()):
    return grand_table(block, schema)


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8),)


def main(block):
    schema = Schema()
    mesh = jax.make_mesh((4, 2), schema.partition_axes)
    block = jax.device_put(block, NamedSharding(mesh, P(*schema.partition_axes)))
    fn = jax.shard_map(rollup, mesh=mesh, in_specs=P(*schema.partition_axes),
                       out_specs=P(None, None, reduced=set(schema.partition_axes)))
    return fn(block)


if __name__ == "__main__":
    print(main(*inputs()))
