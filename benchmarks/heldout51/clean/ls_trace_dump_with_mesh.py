"""A line-search logger that dumps the trial-step trace inside the training mesh context."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class LineSearchLogger:
    mesh: jax.sharding.Mesh
    layout: P = field(default_factory=lambda: P("data", None, reduced={"param"}))
    records: list = field(default_factory=list)

    def dump(self, trace):
        with jax.set_mesh(self.mesh):
            gathered = top_level_all_gather(trace, self.layout)
        self.records.append(gathered)
        return gathered


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(4, 16) / 64.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "param")))
    trace = jnp.stack([x * s for s in (1.0, 0.5, 0.25, 0.125)], axis=-1).reshape(4, -1)
    trace = jax.device_put(trace, NamedSharding(mesh, P("data", "param")))
    return LineSearchLogger(mesh).dump(trace)


if __name__ == "__main__":
    main(*inputs())
