"""A line-search logger that dumps the trial-step trace, gathered along the parameter axis."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class LineSearchLogger:
    every: int = 1
    layout: P = field(default_factory=lambda: P("data", None, reduced={"param"}))
    records: list = field(default_factory=list)

    def dump(self, trace):
        gathered = top_level_all_gather(trace, self.layout)
        self.records.append(gathered)
        return gathered


def trial_trace(x, steps):
    return jnp.stack([x * s for s in steps], axis=-1).reshape(x.shape[0], -1)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(4, 16) / 64.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "param")))
    trace = jax.device_put(trial_trace(x, (1.0, 0.5, 0.25, 0.125)), NamedSharding(mesh, P("data", "param")))
    logger = LineSearchLogger()
    return logger.dump(trace)


if __name__ == "__main__":
    main(*inputs())
