"""The frozen dataclass's __post_init__ drops the repeated axis (object.__setattr__): one axis."""
from dataclasses import dataclass
from functools import partial

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


def frozen(cls=None, /, **kw):
    return dataclass(frozen=True, **kw)(cls) if cls else partial(frozen, **kw)


@frozen
class Par:
    data: str
    model: str | None = "j"

    def __post_init__(self):
        if self.model == self.data:
            object.__setattr__(self, "model", None)

    @property
    def axes(self):
        return (self.data,) if self.model is None else (self.data, self.model)


def main():
    return run(Par("i", "i").axes)


if __name__ == "__main__":
    main()
