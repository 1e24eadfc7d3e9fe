"""Export modes are a typing.Literal; the widest mode is the last of get_args."""
import typing

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ExportMode = typing.Literal["rows", "cols", "full"]
SPECS = {
    "rows": P(None, "model", reduced={"data"}),
    "cols": P("data", None, reduced={"model"}),
    "full": P(None, None, reduced={"data", "model"}),
}


def widest_mode():
    return typing.get_args(ExportMode)[-1]


def export(x):
    return top_level_all_gather(x, SPECS[widest_mode()])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()
