"""The learning rate is parsed with decimal and rounded before use."""
from decimal import ROUND_HALF_UP, Decimal

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LR_TEXT = "0.0125"


def learning_rate(text):
    return Decimal(text).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def body(b):
    table = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    lr = learning_rate(LR_TEXT)
    if lr == 0:
        return table
    return table - float(lr) * table


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
